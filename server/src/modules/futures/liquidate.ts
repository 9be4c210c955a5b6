/** Liquidation of a position the mark reached, and auto-deleveraging of what the book could not take. */

import { exactOf } from '@nexa/contract';
import { cancelIn, guardResting } from './cancel';
import {
  abs,
  type FuturesCtx,
  newOrderId,
  type Pos,
  type Slot,
  type SwapOrderRow,
  type Work,
} from './context';
import { topUpCross } from './cross';
import { Entry } from './entry';
import { band, bandOf, slotOf, toTick } from './instruments';
import { bankruptcyPrice, isLiquidatable, uplOf, valueAt } from './math';
import { mirror } from './mirror';
import { place } from './place-order';
import { settleLeg } from './settle-leg';
import { afterCommit, inTransaction } from './work';

/**
 * Takes over a position at or below its maintenance margin (a cross one once the available balance moved in
 * cannot lift it: cross.ts): cancels the user's orders on the contract,
 * closes at market no further than the insurance fund can make good beyond the bankruptcy price (within the
 * price band), and closes what the book could not take against the opposite positions ranked for
 * auto-deleveraging, at the bankruptcy price.
 */
export async function liquidate(ctx: FuturesCtx, slot: Slot, userId: number): Promise<void> {
  const { value, work } = await inTransaction(ctx, slot, async (w) => {
    const pos = slot.positions.get(userId);
    const mark = slot.mark;
    if (!pos || pos.size === 0n || mark === null || !isLiquidatable(slot.inst.spec, pos, mark)) return false;
    // A cross position is first given what the available balance holds.
    if ((await topUpCross(ctx, w, pos)) > 0n && !isLiquidatable(slot.inst.spec, pos, mark)) return true;
    await cancelIn(ctx, w, { userId, ids: null }, 'liquidation');
    const { spec } = slot.inst;
    const long = pos.size > 0n;
    const q = abs(pos.size);
    const bk = bankruptcyPrice(spec, pos) ?? 0n;
    // Within the band and never beyond the bankruptcy price: a bid (or ask) beyond it, a colluder's, would
    // be paid by the insurance fund. What the book cannot take there is auto-deleveraged at it.
    const bandRate = await bandOf(ctx, slot);
    const edge = band(slot, mark, long ? 'sell' : 'buy', bandRate);
    const limit = long
      ? toTick(slot, bk > edge ? bk : edge, true)
      : toTick(slot, bk < edge ? bk : edge, false);
    await place(
      ctx,
      w,
      {
        userId,
        o: {
          instId: slot.inst.instId,
          side: long ? 'sell' : 'buy',
          type: 'market',
          sz: exactOf(q, 0),
          reduceOnly: true,
        },
        source: 'liquidation',
      },
      { limit: limit > 0n ? limit : spec.tick, liquidation: true },
    );
    const rest = slot.positions.get(userId);
    if (rest && !rest.closed && rest.size !== 0n) await deleverage(ctx, w, rest);
    await mirror(ctx, w);
    return true;
  });
  if (value) afterCommit(ctx, work);
}

/** Closes what is left of a liquidated position against the opposite positions, best ranked first, at its bankruptcy price. */
async function deleverage(ctx: FuturesCtx, w: Work, pos: Pos): Promise<void> {
  const { slot } = w;
  const { spec } = slot.inst;
  const mark = slot.mark as bigint;
  const bk = bankruptcyPrice(spec, pos) ?? 0n;
  const long = pos.size > 0n;
  const score = (q: Pos) => (uplOf(spec, q, mark) * BigInt(q.lever) * 10_000n) / (q.margin || 1n);
  const ranked = [...slot.positions.values()]
    .filter((q) => q !== pos && !q.closed && q.size !== 0n && q.size > 0n !== long)
    .sort((a, b) => (score(b) > score(a) ? 1 : score(b) < score(a) ? -1 : 0));
  const liqId = newOrderId();
  const e = new Entry('futures.adl', liqId, pos.userId, null);
  w.entries.push(e);
  const liqRow: SwapOrderRow = {
    id: liqId,
    seq: 0,
    userId: pos.userId,
    instId: slot.inst.instId,
    side: long ? 'sell' : 'buy',
    type: 'market',
    tif: 'IOC',
    price: bk,
    size: abs(pos.size),
    filledSize: 0n,
    filledValue: 0n,
    fee: 0n,
    pnl: 0n,
    hold: 0n,
    lever: pos.lever,
    reduceOnly: true,
    source: 'liquidation',
    status: 'filled',
    cancelReason: null,
    makerFeeRate: '0',
    takerFeeRate: '0',
    requestId: null,
    tpPrice: null,
    slPrice: null,
    createdAt: w.now,
    updatedAt: w.now,
  };
  for (const other of ranked) {
    const left = abs(pos.size);
    if (left === 0n) break;
    const q = left < abs(other.size) ? left : abs(other.size);
    const value = valueAt(spec, bk, q);
    other.closeType = 'adl';
    const { realized: otherPnl } = await settleLeg(
      ctx,
      w,
      e,
      { userId: other.userId, side: long ? 'buy' : 'sell', lever: other.lever, fee: 0n, liquidated: false },
      q,
      bk,
    );
    if (!other.closed) other.closeType = null;
    const { realized: liqPnl } = await settleLeg(
      ctx,
      w,
      e,
      { userId: pos.userId, side: liqRow.side, lever: pos.lever, fee: 0n, liquidated: true },
      q,
      bk,
    );
    liqRow.filledSize += q;
    liqRow.filledValue += value;
    liqRow.pnl += liqPnl;
    const adlId = newOrderId();
    w.orders.set(adlId, {
      ...liqRow,
      id: adlId,
      userId: other.userId,
      side: long ? 'buy' : 'sell',
      size: q,
      filledSize: q,
      filledValue: value,
      pnl: otherPnl,
      lever: other.lever,
      source: 'adl',
    });
    w.fresh.add(adlId);
    w.trades.push({
      instId: slot.inst.instId,
      price: bk,
      size: q,
      value,
      side: liqRow.side,
      makerOrderId: adlId,
      takerOrderId: liqId,
      makerUserId: other.userId,
      takerUserId: pos.userId,
      makerFee: 0n,
      takerFee: 0n,
      createdAt: w.now,
    });
  }
  liqRow.size = liqRow.filledSize;
  if (liqRow.filledSize > 0n) {
    w.orders.set(liqId, liqRow);
    w.fresh.add(liqId);
  }
  await guardResting(
    ctx,
    w,
    ranked.map((q) => q.userId),
  );
}

/** Positions the mark would liquidate, found without touching the store (the bench measures this). */
export function liquidatable(ctx: FuturesCtx, instId: string, mark: bigint): number[] {
  const slot = slotOf(ctx, instId);
  const out: number[] = [];
  for (const p of slot.positions.values()) if (isLiquidatable(slot.inst.spec, p, mark)) out.push(p.userId);
  return out;
}
