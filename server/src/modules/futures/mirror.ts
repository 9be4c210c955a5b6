/**
 * Copy trading inside the writer: a lead's fills are noted as they settle (`settle-leg.ts`), and right after the
 * operation that moved the lead the copy port's followers' orders are placed in the same transaction
 * (`ports/copy.ts`).
 */
import { exactOf } from '@nexa/contract';
import { DomainError } from '../../kernel/errors';
import type { CopyOrder, CopyOutcome, LeadMove } from '../../ports/copy';
import type { FuturesCtx, Slot, SwapOrderView, SwapSubmit, Work } from './context';
import { band, toTick } from './instruments';
import { bankruptcyPrice, initialMargin, valueAt } from './math';
import { place } from './place-order';

/** Places followers' market orders in the operation and tells what each got. */
async function placeCopies(
  ctx: FuturesCtx,
  w: Work,
  orders: readonly CopyOrder[],
  reduceOnly: boolean,
): Promise<CopyOutcome[]> {
  const { slot } = w;
  const { spec } = slot.inst;
  const outcomes: CopyOutcome[] = [];
  for (const order of orders) {
    const o: SwapSubmit = {
      instId: slot.inst.instId,
      side: order.side,
      type: 'market',
      sz: exactOf(order.contracts, 0),
      ...(reduceOnly ? { reduceOnly: true } : {}),
    };
    let view: SwapOrderView | null = null;
    let reason: CopyOutcome['reason'] = null;
    const limit = order.limitPrice === undefined ? undefined : await copyLimit(ctx, slot, order);
    try {
      // A reduction keeps the position's own leverage.
      view = await place(
        ctx,
        w,
        { userId: order.followerId, o, source: 'copy' },
        {
          ...(reduceOnly ? {} : { lever: order.lever }),
          ...(limit === undefined ? {} : { limit }),
        },
      );
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      reason = err.errorName === 'InsufficientBalance' ? 'insufficient_margin' : 'rejected';
    }
    const q = slot.positions.get(order.followerId);
    const filled = view ? BigInt(view.filled_sz ?? '0') : 0n;
    const row = view ? w.orders.get(view.trade_id) : undefined;
    outcomes.push({
      order,
      status: filled === 0n ? 'skipped' : filled < order.contracts ? 'partial' : 'filled',
      reason:
        filled === 0n
          ? (reason ?? (limit === undefined ? 'no_liquidity' : 'price_tolerance'))
          : filled < order.contracts && limit !== undefined
            ? 'price_tolerance'
            : null,
      orderId: row?.id ?? null,
      filled,
      price:
        row && row.filledSize > 0n
          ? (row.filledValue * spec.baseUnit) / (row.filledSize * spec.ctMinor)
          : null,
      pnl: row?.pnl ?? 0n,
      fee: row?.fee ?? 0n,
      limitPrice: limit ?? null,
      sizeAfter: q && !q.closed ? q.size : 0n,
      marginAfter: q && !q.closed ? q.margin : 0n,
    });
  }
  return outcomes;
}

/**
 * A copy order's limit: its price rounded to a tick toward the follower, never past the price band, and, for
 * a close, never past the position's bankruptcy price (as a market close).
 */
async function copyLimit(ctx: FuturesCtx, slot: Slot, order: CopyOrder): Promise<bigint | undefined> {
  const { settings } = ctx;
  const mark = slot.mark;
  if (mark === null || order.limitPrice === undefined) return undefined;
  const edge = band(slot, mark, order.side, (await settings.get('futures.price_band')).units);
  const buy = order.side === 'buy';
  let price = toTick(slot, order.limitPrice, !buy);
  if (buy ? price > edge : price < edge) price = edge;
  const pos = slot.positions.get(order.followerId);
  if (pos && !pos.closed && pos.size !== 0n && pos.size > 0n !== buy) {
    const bk = bankruptcyPrice(slot.inst.spec, pos);
    if (bk !== null && (buy ? bk < price : bk > price)) price = toTick(slot, bk, !buy);
  }
  return price;
}

/** Places the followers' orders for every lead move of the operation, right after it, in its transaction. */
export async function mirror(ctx: FuturesCtx, w: Work): Promise<void> {
  const port = ctx.copy?.();
  if (!port || (w.leads.size === 0 && !port.lagging(w.slot.inst.instId))) return;
  const { slot } = w;
  const { spec } = slot.inst;
  const moves = [...w.leads];
  const sizeOf = (userId: number) => {
    const q = slot.positions.get(userId);
    return q && !q.closed ? q.size : 0n;
  };
  w.leads.clear();
  w.mirroring = true;
  try {
    for (const [leadId, n] of moves) {
      const p = slot.positions.get(leadId);
      const after = p && !p.closed ? p.size : 0n;
      if (after === n.before || n.size === 0n) continue;
      const price = n.pxSum / n.size;
      const move: LeadMove = {
        leadId,
        instId: slot.inst.instId,
        before: n.before,
        after,
        price,
        lever: p && !p.closed ? p.lever : n.lever,
        at: w.now,
        mark: slot.mark,
        contractsFor: (margin, lever) => {
          const one = valueAt(spec, price, 1n);
          return one === 0n ? 0n : (margin * BigInt(lever)) / one;
        },
        marginFor: (contracts, lever) => initialMargin(valueAt(spec, price, contracts), lever),
      };
      const orders = await port.plan(w.tx, move, sizeOf);
      const outcomes = await placeCopies(ctx, w, orders, false);
      await port.record(w.tx, move, outcomes);
    }
    // Copies still behind a close of their lead (it found no liquidity then) retry it now.
    if (port.lagging(slot.inst.instId)) {
      const price = slot.mark ?? 0n;
      for (const { leadId, orders } of await port.catchUp(w.tx, slot.inst.instId, sizeOf, slot.mark)) {
        const p = slot.positions.get(leadId);
        const size = p && !p.closed ? p.size : 0n;
        const move: LeadMove = {
          leadId,
          instId: slot.inst.instId,
          before: size,
          after: size,
          price,
          lever: p && !p.closed ? p.lever : 1,
          at: w.now,
          mark: slot.mark,
          contractsFor: () => 0n,
          marginFor: (contracts, lever) => initialMargin(valueAt(spec, price, contracts), lever),
        };
        await port.record(w.tx, move, await placeCopies(ctx, w, orders, true));
      }
    }
  } finally {
    w.mirroring = false;
  }
}
