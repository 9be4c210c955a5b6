/** How orders and books are shown: an order's view, a book's levels and its depth. */
import type { LevelDelta, Side } from '../../engine';
import type { BookLevel } from '../../kernel/bus';
import { avgPrice, fmt, type Instrument } from '../../kernel/units';
import type { DepthView, OrderRow, OrderView, Slot, SpotBase } from './context';
import { instrumentOf } from './instruments';
import { partialOf } from './partial';

export function orderView(c: SpotBase, row: OrderRow): OrderView {
  const inst = instrumentOf(c, row.instId);
  const byQuote = row.quoteSize !== null;
  const avg = avgPrice(inst, row.filledQuote, row.filledSize);
  return {
    trade_id: row.id,
    instId: row.instId,
    inst_type: 'SPOT',
    side: row.side,
    type: row.type,
    tif: row.tif,
    tgt_ccy: byQuote ? 'quote_ccy' : 'base_ccy',
    px: row.type === 'limit' && row.price !== null ? fmt(inst.quote, row.price) : null,
    sz: byQuote ? fmt(inst.quote, row.quoteSize ?? 0n) : fmt(inst.base, row.size ?? 0n),
    filled_sz: fmt(inst.base, row.filledSize),
    filled_quote: fmt(inst.quote, row.filledQuote),
    avg_px: avg === null ? null : fmt(inst.quote, avg),
    fee: fmt(inst.quote, row.fee),
    fee_ccy: inst.quote.symbol,
    frozen: fmt(c.scaleOf(row.frozenAsset), row.frozenAmount),
    frozen_ccy: row.frozenAsset,
    status: row.status,
    cancel_reason: row.cancelReason,
    reduce_only: false,
    lever: null,
    pnl: null,
    source: 'user',
    upl: null,
    upl_ratio: null,
    mark_px: null,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...partialOf(row, inst),
  };
}

export const levels = (inst: Instrument, deltas: readonly LevelDelta[], side: Side): BookLevel[] =>
  deltas
    .filter((d) => d.side === side)
    .map((d) => [fmt(inst.quote, d.price), fmt(inst.base, d.size), d.count] as const);

export function depthOf(c: SpotBase, slot: Slot, n: number): DepthView {
  const { inst, book } = slot;
  const d = book.depth(n);
  const lv = ([p, s, cnt]: readonly [bigint, bigint, number]) =>
    [fmt(inst.quote, p), fmt(inst.base, s), cnt] as [string, string, number];
  return {
    instId: inst.instId,
    seq: slot.seqBase + book.seq,
    asks: d.asks.map(lv),
    bids: d.bids.map(lv),
    ts: c.clock.now().getTime(),
  };
}
