import assert from 'node:assert/strict';
import { crosses, reject, rejectionOf } from './admission';
import type { Level, OrderNode } from './levels';
import { beginOp, endOp } from './operation';
import { append, type BookState, sideOf, touch, unlink } from './state';
import type { CancelReason, Fill, OrderInput, PlaceResult } from './types';

/** Math.min does not take bigints. */
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** The trade of qty between a resting maker (already reduced by qty) and the taker, at the maker's level. */
const fillOf = (
  maker: OrderNode,
  level: Level,
  takerOrderId: string,
  takerUserId: number,
  qty: bigint,
): Fill => ({
  makerOrderId: maker.id,
  takerOrderId,
  makerUserId: maker.userId,
  takerUserId,
  price: level.price,
  size: qty,
  makerRemaining: maker.remaining,
});

/** Rests what is left of a limit order last on its price level. */
function rest(state: BookState, order: OrderInput, left: bigint): void {
  const { id, userId, side, price, size } = order;
  const level = sideOf(state, side).getOrCreate(price!);
  touch(state, level);
  append(state, {
    id,
    userId,
    side,
    price: price!,
    size: size!,
    remaining: left,
    level,
    prev: null,
    next: null,
  });
}

/**
 * Places an order: checks it, takes what crosses in price-time priority (stopping at an own order), then
 * rests, fills or cancels what is left according to its type and time in force.
 */
export function place(state: BookState, order: OrderInput): PlaceResult {
  const rejection = rejectionOf(state, order);
  if (rejection !== undefined) return reject(state, order, rejection);
  const { id, userId, side, type, price, size, quoteSize } = order;
  const tif = order.timeInForce ?? 'GTC';
  const market = type === 'market';
  const byQuote = quoteSize !== undefined;
  const lotSize = state.spec.lotSize;
  const opposite = sideOf(state, side === 'buy' ? 'sell' : 'buy');

  beginOp(state);
  const fills: Fill[] = [];
  let left = byQuote ? quoteSize : size!; // in the order's own unit
  let filledSize = 0n;
  let filledQuote = 0n;
  let selfTrade = false;
  let dust = false;
  outer: while (left > 0n) {
    const level = opposite.best();
    if (!level || !crosses(side, price, level.price)) break;
    let node = level.head;
    while (node) {
      if (node.userId === userId) {
        selfTrade = true;
        break outer;
      }
      let qty: bigint;
      if (byQuote) {
        const lots = left / (level.price * lotSize);
        if (lots === 0n) {
          dust = true;
          break outer;
        }
        qty = min(lots * lotSize, node.remaining);
      } else {
        qty = min(left, node.remaining);
      }
      touch(state, level);
      const notional = qty * level.price;
      node.remaining -= qty;
      level.total -= qty;
      left -= byQuote ? notional : qty;
      filledSize += qty;
      filledQuote += notional;
      fills.push(fillOf(node, level, id, userId, qty));
      if (node.remaining > 0n) {
        // The maker outlasted the taker: the size is done, or what quote is left is dust at this price.
        dust = left > 0n;
        break outer;
      }
      const next = node.next;
      unlink(state, node);
      if (left === 0n) break outer;
      node = next;
    }
  }

  let status: PlaceResult['status'];
  let canceledReason: CancelReason | undefined;
  if (left === 0n || (dust && filledSize > 0n)) {
    status = 'filled';
  } else if (selfTrade) {
    status = 'canceled';
    canceledReason = 'self_trade';
  } else if (market || tif === 'IOC' || tif === 'FOK') {
    status = 'canceled';
    canceledReason = 'remainder';
  } else {
    rest(state, order, left);
    status = filledSize > 0n ? 'partial_filled' : 'new';
  }
  assert.ok(tif !== 'FOK' || status === 'filled', 'FOK order passed the check but did not fill');
  const deltas = endOp(state);
  const result: PlaceResult = {
    orderId: id,
    status,
    fills,
    filledSize,
    filledQuote,
    remaining: left,
    deltas,
    seq: state.seq,
  };
  return canceledReason ? { ...result, canceledReason } : result;
}
