/** Positions and orders as the calls answer them, and what the live feed publishes of a contract. */
import { formatAmount, USDT_SCALE } from '@nexa/contract';
import type { LevelDelta } from '../../engine';
import type { BookLevel } from '../../kernel/bus';
import {
  abs,
  type FuturesCtx,
  type Pos,
  type PositionView,
  type Slot,
  type SwapOrderRow,
  type SwapOrderView,
  usdt,
} from './context';
import {
  backed,
  bankruptcyPrice,
  initialMargin,
  liquidationPrice,
  maintenanceOf,
  percentText,
  uplOf,
  valueAt,
} from './math';

export const px = (_slot: Slot, v: bigint | null) => (v === null ? null : formatAmount(v, USDT_SCALE));

/** A position as the calls answer it; `free`: the available balance a cross position counts (cross.ts). */
export function positionView(slot: Slot, p: Pos, free = 0n): PositionView {
  const { spec } = slot.inst;
  const mark = slot.mark;
  const upl = mark === null ? 0n : uplOf(spec, p, mark);
  const mm = mark === null ? 0n : maintenanceOf(spec, p, mark);
  const held = backed(p, free);
  const equity = held.margin + upl;
  return {
    instId: slot.inst.instId,
    pos_side: p.size >= 0n ? 'long' : 'short',
    pos: abs(p.size).toString(),
    lever: p.lever,
    mgn_mode: p.mgnMode,
    avg_px: px(slot, p.size === 0n ? 0n : (p.entry * spec.baseUnit) / (abs(p.size) * spec.ctMinor)) ?? '0',
    mark_px: px(slot, mark),
    idx_px: px(slot, slot.idx),
    liq_px: px(slot, liquidationPrice(spec, held)),
    bk_px: px(slot, bankruptcyPrice(spec, p)),
    notional: usdt(mark === null ? p.entry : valueAt(spec, mark, p.size)),
    margin: usdt(p.margin),
    mmr: usdt(mm),
    // Maintenance margin over equity (low is safe; 100 % or more is liquidated), as exchanges show it.
    margin_ratio: equity > 0n ? percentText(mm, equity) : null,
    upl: usdt(upl),
    upl_ratio: percentText(upl, p.margin) ?? '0.00',
    realized_pnl: usdt(p.realized),
    fee: usdt(p.fee),
    funding_fee: usdt(p.funding),
    compensation: '0',
    tp_trigger_px: px(slot, p.tp),
    sl_trigger_px: px(slot, p.sl),
    adl: adlRank(slot, p),
    created_at: p.openedAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** Quintile of a profitable position in the auto-deleveraging queue (5 goes first), by PnL ratio × leverage. */
function adlRank(slot: Slot, p: Pos): number {
  if (slot.mark === null || p.size === 0n) return 0;
  const score = (q: Pos) =>
    (uplOf(slot.inst.spec, q, slot.mark as bigint) * BigInt(q.lever) * 10_000n) / (q.margin || 1n);
  const mine = score(p);
  if (mine <= 0n) return 0;
  const same = [...slot.positions.values()].filter((q) => q.size > 0n === p.size > 0n && score(q) > 0n);
  const below = same.filter((q) => score(q) < mine).length;
  return Math.min(5, 1 + Math.floor((below * 5) / Math.max(1, same.length)));
}

export function orderView(ctx: FuturesCtx, row: SwapOrderRow): SwapOrderView {
  const { slots } = ctx;
  const slot = slots.get(row.instId);
  const spec = slot?.inst.spec;
  let upl: bigint | null = null;
  const mark = slot?.mark ?? null;
  const pos = slot?.positions.get(row.userId);
  if (spec && mark !== null && pos && row.filledSize > 0n && row.pnl === 0n && !row.reduceOnly) {
    const long = row.side === 'buy';
    if (pos.size !== 0n && pos.size > 0n === long) {
      const held = row.filledSize < abs(pos.size) ? row.filledSize : abs(pos.size);
      const cost = (row.filledValue * held) / row.filledSize;
      const v = valueAt(spec, mark, held);
      upl = long ? v - cost : cost - v;
    }
  }
  const margin = row.filledValue === 0n ? 0n : initialMargin(row.filledValue, row.lever);
  const avg =
    row.filledSize === 0n || !spec
      ? null
      : (row.filledValue * spec.baseUnit) / (row.filledSize * spec.ctMinor);
  return {
    trade_id: row.id,
    instId: row.instId,
    inst_type: 'SWAP',
    side: row.side,
    type: row.type,
    tif: row.tif as SwapOrderView['tif'],
    tgt_ccy: 'base_ccy',
    px: row.type === 'limit' && slot ? px(slot, row.price) : null,
    sz: row.size.toString(),
    filled_sz: row.filledSize.toString(),
    filled_quote: usdt(row.filledValue),
    avg_px: slot ? px(slot, avg) : null,
    fee: usdt(row.fee),
    fee_ccy: 'USDT',
    frozen: usdt(row.hold),
    frozen_ccy: 'USDT',
    status: row.status,
    cancel_reason: row.cancelReason,
    reduce_only: row.reduceOnly,
    lever: row.lever,
    pnl: usdt(row.pnl),
    source: row.source,
    upl: upl === null ? null : usdt(upl),
    upl_ratio: upl === null ? null : percentText(upl, margin),
    mark_px: slot ? px(slot, mark) : null,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    tp_trigger_px: slot ? px(slot, row.tpPrice) : null,
    sl_trigger_px: slot ? px(slot, row.slPrice) : null,
  };
}

export const levels = (deltas: readonly LevelDelta[], side: 'buy' | 'sell', slot: Slot): BookLevel[] =>
  deltas.filter((d) => d.side === side).map((d) => [px(slot, d.price) ?? '0', d.size.toString(), d.count]);

export function publishSnapshot(ctx: FuturesCtx, slot: Slot): void {
  const { clock, bus } = ctx;
  const depth = slot.book.depth(400);
  bus.publish('book.snapshot', {
    instId: slot.inst.instId,
    seq: slot.book.seq,
    asks: depth.asks.map(([p, s, c]) => [px(slot, p) ?? '0', s.toString(), c]),
    bids: depth.bids.map(([p, s, c]) => [px(slot, p) ?? '0', s.toString(), c]),
    ts: clock.now().getTime(),
  });
}

export function publishPosition(ctx: FuturesCtx, slot: Slot, p: Pos): void {
  const { clock, bus } = ctx;
  const view =
    p.closed || p.size === 0n
      ? { instId: slot.inst.instId, pos: '0', closed: true }
      : positionView(slot, p, ctx.free.get(p.userId) ?? 0n);
  bus.publish('position.update', { userId: p.userId, position: view, ts: clock.now().getTime() });
}
