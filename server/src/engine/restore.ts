import { assertInvariants } from './invariants';
import { append, type BookState, sideOf } from './state';
import type { OpenOrder } from './types';

/** Rebuilds an empty book from its open orders, in arrival order. Throws, leaving the book empty, on bad input. */
export function restore(state: BookState, input: readonly OpenOrder[]): void {
  const { instId, tickSize, lotSize } = state.spec;
  if (state.orders.size > 0) throw new Error(`${instId}: restore needs an empty book`);
  // Validate everything first, so that bad input leaves the book empty rather than half built.
  const ids = new Set<string>();
  let topBid: bigint | undefined;
  let topAsk: bigint | undefined;
  for (const o of input) {
    const bad =
      ids.has(o.id) ||
      (o.side !== 'buy' && o.side !== 'sell') ||
      o.price <= 0n ||
      o.price % tickSize !== 0n ||
      o.size % lotSize !== 0n ||
      o.remaining % lotSize !== 0n ||
      o.remaining <= 0n ||
      o.remaining > o.size;
    if (bad) throw new Error(`${instId}: restore got an invalid or duplicate order ${o.id}`);
    ids.add(o.id);
    if (o.side === 'buy' && (topBid === undefined || o.price > topBid)) topBid = o.price;
    if (o.side === 'sell' && (topAsk === undefined || o.price < topAsk)) topAsk = o.price;
  }
  if (topBid !== undefined && topAsk !== undefined && topBid >= topAsk) {
    throw new Error(`${instId}: restored orders cross`);
  }
  for (const { id, userId, side, price, size, remaining } of input) {
    const level = sideOf(state, side).getOrCreate(price);
    append(state, { id, userId, side, price, size, remaining, level, prev: null, next: null });
  }
  if (state.checkInvariants) assertInvariants(state);
}
