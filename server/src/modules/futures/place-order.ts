/**
 * Placing an order in the writer's work: its checks (contracts, price band, bankruptcy price, leverage), what
 * it must find available, its match in the book, and each fill settled for its maker and for it.
 */
import assert from 'node:assert/strict';
import { type Cause, type ExactDecimal, USDT_SCALE } from '@nexa/contract';
import type { Fill } from '../../engine';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { parseRate } from '../../kernel/units';
import { futuresAccount } from './accounts';
import { guardResting } from './cancel';
import {
  abs,
  type FuturesCtx,
  isOpen,
  newOrderId,
  type OrderSource,
  type Pos,
  type Slot,
  type SwapOrderRow,
  type SwapOrderView,
  type SwapSubmit,
  type Work,
} from './context';
import { Entry } from './entry';
import { beyondBankruptcy, marketLimit, openLossOf, outsideBand, walkOpenLoss } from './guards';
import { bandOf, toTick } from './instruments';
import { leverOf, modeOf } from './leverage';
import { bankruptcyPrice, feeOn, initialMargin, valueAt } from './math';
import { settleLeg } from './settle-leg';
import { orderView } from './views';
import { balanceOf, move } from './work';

const maxRate = (row: SwapOrderRow) => {
  const m = parseRate(row.makerFeeRate);
  const t = parseRate(row.takerFeeRate);
  return m > t ? m : t;
};

/**
 * What an open limit order keeps frozen: margin and fee of its open contracts, and a unit of slack per contract.
 * A reduce-only limit order holds the same: it is canceled once it could no longer only reduce, but two of the
 * user's own orders filled by one taker could still carry it past the position, and then it is margined.
 */
function holdOf(slot: Slot, row: SwapOrderRow, remaining: bigint): bigint {
  if (remaining === 0n) return 0n;
  const v = valueAt(slot.inst.spec, row.price, remaining);
  return initialMargin(v, row.lever) + feeOn(v, maxRate(row)) + remaining;
}

function contractsOf(sz: ExactDecimal, max: number): bigint {
  const n = minorUnits(sz, { scale: 0 }, 'sz');
  if (n < 1n) throw new ValidationError('sz', 'too_small');
  if (n > BigInt(max)) throw new ValidationError('sz', 'too_big');
  return n;
}

/** The position of a user to trade on: the open one, or a new one for the side an order opens. */
function positionFor(w: Work, userId: number): Pos | undefined {
  return w.slot.positions.get(userId);
}

/** Contracts of the user's open reduce-only orders resting in the book (in this work or before it). */
function restingReduce(w: Work, userId: number): bigint {
  const rows = new Map<string, SwapOrderRow>();
  for (const r of w.slot.rows.values()) if (r.userId === userId) rows.set(r.id, r);
  for (const r of w.orders.values()) if (r.userId === userId) rows.set(r.id, r);
  let n = 0n;
  for (const r of rows.values()) if (r.reduceOnly && isOpen(r.status)) n += r.size - r.filledSize;
  return n;
}

/**
 * An order's take-profit and stop-loss on the contract's ticks, checked against its price (a market order's:
 * the mark): a buy's take-profit above it and stop-loss below, a sell's the reverse. Refused on a reduce-only
 * order, which opens nothing to protect.
 */
function attachedTriggers(slot: Slot, o: SwapSubmit, ref: bigint, reduceOnly: boolean) {
  const long = o.side === 'buy';
  const read = (v: ExactDecimal | undefined, field: string): bigint | null => {
    if (v === undefined) return null;
    if (reduceOnly) throw new ValidationError(field, 'invalid_value');
    return toTick(slot, minorUnits(v, { scale: USDT_SCALE }, field), false) || slot.inst.spec.tick;
  };
  const tp = read(o.tpTriggerPx, 'tpTriggerPx');
  const sl = read(o.slTriggerPx, 'slTriggerPx');
  if (tp !== null && (long ? tp <= ref : tp >= ref)) throw new DomainError('TakeProfitInvalid');
  if (sl !== null && (long ? sl >= ref : sl <= ref)) throw new DomainError('StopLossInvalid');
  return { tp, sl };
}

/**
 * Sets an order's take-profit and stop-loss on its user's position once it filled, when the position is on the
 * order's side (it opened or added to it; an order that only reduced the other side sets nothing).
 */
function attachTo(w: Work, row: SwapOrderRow): void {
  if (row.tpPrice === null && row.slPrice === null) return;
  const pos = w.slot.positions.get(row.userId);
  if (!pos || pos.closed || pos.size === 0n || pos.size > 0n !== (row.side === 'buy')) return;
  if (row.tpPrice !== null) pos.tp = row.tpPrice;
  if (row.slPrice !== null) pos.sl = row.slPrice;
  w.positions.add(pos);
}

/** What an order call asks of the writer, and how it is placed (a copy's limit, a liquidation, a copy's leverage). */
type PlaceJob = { userId: number; o: SwapSubmit; source: OrderSource };
type PlaceOpts = { limit?: bigint; liquidation?: boolean; lever?: number };

/**
 * An order's checks before it reaches the book, in order: the contract open to users, a mark, its contracts,
 * a position managed by a copy, reduce-only, and its price (a limit's in the band and short of the bankruptcy
 * price, a market order's worst price). Answers its terms.
 */
async function orderTerms(ctx: FuturesCtx, w: Work, job: PlaceJob, opts: PlaceOpts) {
  const { settings } = ctx;
  const { slot, tx } = w;
  const { inst } = slot;
  const { userId, o, source } = job;
  if (!inst.enabled && source === 'user')
    throw new DomainError('OrderRejected', { reason: 'instrument_disabled' });
  const mark = slot.mark;
  if (mark === null) throw new DomainError('MarkPriceUnavailable');
  const size0 = contractsOf(o.sz, await settings.get('futures.max_order_contracts'));
  const makerRate = await settings.get('futures.maker_fee_rate');
  const takerRate = await settings.get('futures.taker_fee_rate');
  const bandRate = await bandOf(ctx, slot);
  const pos = positionFor(w, userId);
  if (source === 'user' && pos && pos.size !== 0n && ctx.copy?.()?.manages(userId, inst.instId))
    throw new DomainError('CopyManaged');
  const lever = opts.lever ?? (await leverOf(ctx, userId, inst.instId, tx));
  if (o.tdMode !== undefined) {
    const mode = pos && pos.size !== 0n ? pos.mgnMode : await modeOf(ctx, userId, inst.instId, tx);
    if (o.tdMode !== mode) throw new DomainError('MarginModeMismatch');
  }
  const opposite = !!pos && pos.size !== 0n && pos.size > 0n !== (o.side === 'buy');
  const reduceOnly = o.reduceOnly === true;
  if (reduceOnly && !opposite) throw new DomainError('NothingToReduce');
  // A reduce-only limit order rests for at most what the user's other resting ones leave of the position (a
  // market close takes what it can now; the resting ones are then trimmed to what is left).
  const resting = o.type === 'limit' ? restingReduce(w, userId) : 0n;
  const room = reduceOnly && pos ? abs(pos.size) - resting : 0n;
  if (reduceOnly && room <= 0n) throw new DomainError('NothingToReduce');
  const size = reduceOnly && size0 > room ? room : size0;
  let price: bigint;
  let tif = o.tif ?? 'GTC';
  const liquidation = opts.liquidation === true;
  const bk = opposite && pos ? bankruptcyPrice(inst.spec, pos) : null;
  if (o.type === 'limit') {
    if (o.px === undefined) throw new ValidationError('px', 'invalid_value');
    const p = minorUnits(o.px, { scale: USDT_SCALE }, 'px');
    if (p % inst.spec.tick !== 0n) throw new DomainError('OrderRejected', { reason: 'invalid_price' });
    // Every limit order (it may open or add) is held to the band around the mark.
    if (outsideBand(inst.spec, mark, o.side, p, bandRate)) throw new DomainError('PriceOutOfBand');
    // A limit order closing beyond the position's bankruptcy price would lose more than its margin.
    if (beyondBankruptcy(o.side, p, bk))
      throw new DomainError('OrderRejected', { reason: 'beyond_bankruptcy_price' });
    price = p;
  } else {
    tif = 'IOC';
    price = marketLimit(inst.spec, mark, o.side, bandRate, opts.limit, liquidation, bk);
  }
  const reducible = opposite && pos ? abs(pos.size) : 0n;
  const opens = size > reducible ? size - reducible : 0n;
  const feeRate = makerRate.units > takerRate.units ? makerRate.units : takerRate.units;
  const { tp, sl } = attachedTriggers(slot, o, o.type === 'limit' ? price : mark, reduceOnly);
  return {
    tp,
    sl,
    mark,
    size,
    price,
    tif,
    lever,
    reduceOnly,
    liquidation,
    reducible,
    opens,
    makerRate,
    takerRate,
    feeRate,
  };
}

type OrderTerms = Awaited<ReturnType<typeof orderTerms>>;

/** The order's row as it enters the book, nothing filled yet. */
function newOrderRow(w: Work, id: string, job: PlaceJob, t: OrderTerms): SwapOrderRow {
  const { userId, o, source } = job;
  return {
    id,
    seq: 0,
    userId,
    instId: w.slot.inst.instId,
    side: o.side,
    type: o.type,
    tif: t.tif,
    price: t.price,
    size: t.size,
    filledSize: 0n,
    filledValue: 0n,
    fee: 0n,
    pnl: 0n,
    hold: 0n,
    lever: t.lever,
    reduceOnly: t.reduceOnly,
    source,
    status: 'new',
    cancelReason: null,
    makerFeeRate: t.makerRate.text,
    takerFeeRate: t.takerRate.text,
    requestId: o.request_id ?? null,
    tpPrice: t.tp,
    slPrice: t.sl,
    createdAt: w.now,
    updatedAt: w.now,
  };
}

/**
 * What it may need: a limit order freezes margin and fee of all its contracts and the open loss of what
 * it opens at its price; a market order must find the margin and fee of what it opens at its worst price
 * and the open loss of the levels it would open on. What it closes pays its fee from its proceeds.
 */
function needsOf(slot: Slot, o: SwapSubmit, row: SwapOrderRow, t: OrderTerms) {
  const { inst } = slot;
  const { mark, size, price, lever, liquidation, reducible, opens, feeRate } = t;
  const hold =
    o.type === 'limit' ? holdOf(slot, row, size) + openLossOf(inst.spec, o.side, price, mark, opens) : 0n;
  const needs =
    o.type === 'limit'
      ? hold
      : liquidation || opens === 0n
        ? 0n
        : initialMargin(valueAt(inst.spec, price, opens), lever) +
          feeOn(valueAt(inst.spec, price, opens), feeRate) +
          walkOpenLoss(
            inst.spec,
            o.side === 'buy' ? slot.book.depth(200).asks : slot.book.depth(200).bids,
            o.side,
            price,
            mark,
            reducible,
            opens,
          );
  return { hold, needs };
}

/**
 * Each fill of the order settled in turn: the maker's hold for the filled contracts back, the maker's leg,
 * then the taker's leg and the trade.
 */
async function settleFills(
  ctx: FuturesCtx,
  w: Work,
  e: Entry,
  row: SwapOrderRow,
  fills: readonly Fill[],
  t: OrderTerms,
  hold: bigint,
): Promise<void> {
  const { slot, tx } = w;
  const { inst } = slot;
  const { userId, id, source } = row;
  const { lever, liquidation, takerRate } = t;
  const takerValueTotal = fills.reduce((s, f) => s + valueAt(inst.spec, f.price, f.size), 0n);
  const takerFeeTotal = liquidation ? 0n : feeOn(takerValueTotal, takerRate.units);
  let feeSpent = 0n;
  for (const [i, f] of fills.entries()) {
    const value = valueAt(inst.spec, f.price, f.size);
    const maker = w.orders.get(f.makerOrderId) ?? slot.rows.get(f.makerOrderId);
    assert(maker, `maker order ${f.makerOrderId} unknown`);
    const makerRow: SwapOrderRow = { ...maker };
    const makerFee = feeOn(value, parseRate(makerRow.makerFeeRate));
    // The taker's fee is counted on its total and spread over its fills, so it rounds once.
    const last = i === fills.length - 1;
    const takerFee = last ? takerFeeTotal - feeSpent : (takerFeeTotal * value) / (takerValueTotal || 1n);
    feeSpent += takerFee;
    // The maker's hold for the filled contracts comes back before its fill is settled.
    const makerUser = await futuresAccount(ctx, tx, makerRow.userId);
    const before = makerRow.hold;
    // The hold (margin, fee and open loss of its open contracts) comes back in proportion to the fill.
    const open = makerRow.size - makerRow.filledSize;
    const after =
      f.makerRemaining === 0n || open === 0n ? 0n : (before * f.makerRemaining + open - 1n) / open;
    await move(ctx, w, e, makerUser, 'frozen', -(before - after));
    await move(ctx, w, e, makerUser, 'available', before - after);
    const made = await settleLeg(
      ctx,
      w,
      e,
      {
        userId: makerRow.userId,
        side: makerRow.side,
        lever: makerRow.lever,
        fee: makerFee,
        liquidated: false,
      },
      f.size,
      f.price,
    );
    makerRow.hold = after;
    makerRow.filledSize += f.size;
    makerRow.filledValue += value;
    makerRow.fee += made.fee;
    makerRow.pnl += made.realized;
    makerRow.status = f.makerRemaining === 0n ? 'filled' : 'partial_filled';
    makerRow.updatedAt = w.now;
    w.orders.set(makerRow.id, makerRow);
    attachTo(w, makerRow);
    const taker = await settleLeg(
      ctx,
      w,
      e,
      { userId, side: row.side, lever, fee: takerFee, liquidated: liquidation, stopOut: source === 'sl' },
      f.size,
      f.price,
      hold,
    );
    row.filledSize += f.size;
    row.filledValue += value;
    row.fee += taker.fee;
    row.pnl += taker.realized;
    w.trades.push({
      instId: inst.instId,
      price: f.price,
      size: f.size,
      value,
      side: row.side,
      makerOrderId: makerRow.id,
      takerOrderId: id,
      makerUserId: makerRow.userId,
      takerUserId: userId,
      makerFee: made.fee,
      takerFee: taker.fee,
      createdAt: w.now,
    });
  }
}

export async function place(
  ctx: FuturesCtx,
  w: Work,
  job: PlaceJob,
  opts: PlaceOpts = {},
): Promise<SwapOrderView> {
  const { slot, tx } = w;
  const { userId, o } = job;
  const terms = await orderTerms(ctx, w, job, opts);
  const { size, price, tif, liquidation } = terms;
  const user = await futuresAccount(ctx, tx, userId);
  const id = newOrderId();
  const row = newOrderRow(w, id, job, terms);
  const { hold, needs } = needsOf(slot, o, row, terms);
  const bal = await balanceOf(ctx, w, user);
  if (bal.available < needs) throw new DomainError('InsufficientBalance');
  const cause: Cause = liquidation ? 'futures.liquidation' : 'futures.trade';
  const e = new Entry(cause, id, userId, o.request_id ?? null);
  if (o.type === 'market') e.need(user.id, needs);
  const result = slot.book.place({
    id,
    userId,
    side: o.side,
    type: 'limit',
    price,
    size,
    timeInForce: tif,
  });
  if (result.rejectedReason) {
    throw new DomainError('OrderRejected', { reason: result.rejectedReason });
  }
  w.touched = true;
  w.deltas.push(...result.deltas);
  w.entries.push(e);
  if (hold > 0n) {
    await move(ctx, w, e, user, 'available', -hold);
    await move(ctx, w, e, user, 'frozen', hold);
  }
  row.hold = hold;
  await settleFills(ctx, w, e, row, result.fills, terms, hold);
  if (result.fills.length > 0) attachTo(w, row);
  if (hold > 0n) {
    // What rests keeps its share of the hold (open loss included).
    const after = isOpen(result.status) ? (hold * result.remaining + size - 1n) / size : 0n;
    await move(ctx, w, e, user, 'frozen', -(hold - after));
    await move(ctx, w, e, user, 'available', hold - after);
    row.hold = after;
  }
  row.status = result.status;
  if (result.status === 'canceled') row.cancelReason = result.canceledReason ?? 'remainder';
  row.updatedAt = w.now;
  w.orders.set(id, row);
  w.fresh.add(id);
  if (result.fills.length > 0)
    await guardResting(ctx, w, [userId, ...result.fills.map((f) => f.makerUserId)], id);
  return orderView(ctx, row);
}
