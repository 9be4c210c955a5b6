import { type BookState, sideOf } from './state';
import type { OrderInput, PlaceResult, RejectReason, Side } from './types';

/** Whether a taker at limit (undefined: market) may trade against a level at price. */
export const crosses = (side: Side, limit: bigint | undefined, price: bigint): boolean =>
  limit === undefined || (side === 'buy' ? price <= limit : price >= limit);

/**
 * FOK pre-check, read-only: walks the opposite side in priority order as matching would, and tells whether
 * the whole size fills before the price limit, the end of the book, or an own order (which would stop the
 * taker under self-trade prevention).
 */
function fillable(
  state: BookState,
  side: Side,
  userId: number,
  limit: bigint | undefined,
  size: bigint,
): boolean {
  const levels = sideOf(state, side === 'buy' ? 'sell' : 'buy').levels;
  let need = size;
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i]!;
    if (!crosses(side, limit, level.price)) return false;
    for (let n = level.head; n; n = n.next) {
      if (n.userId === userId) return false;
      need -= n.remaining;
      if (need <= 0n) return true;
    }
  }
  return false;
}

/**
 * Why the order cannot be placed, checked before it touches the book: duplicate id, time in force, price and
 * size steps, minimum notional, post-only that would take, FOK that would not fill. Undefined when it may go.
 */
export function rejectionOf(state: BookState, order: OrderInput): RejectReason | undefined {
  const { id, userId, side, type, price, size, quoteSize } = order;
  const { tickSize, lotSize, minNotional } = state.spec;
  const tif = order.timeInForce ?? 'GTC';
  if (state.orders.has(id)) return 'duplicate_id';
  const market = type === 'market';
  if (market && (tif === 'post_only' || (tif === 'FOK' && quoteSize !== undefined))) {
    return 'invalid_time_in_force';
  }
  if (market ? price !== undefined : price === undefined || price <= 0n || price % tickSize !== 0n) {
    return 'invalid_price';
  }
  if (quoteSize !== undefined) {
    if (!market || side !== 'buy' || size !== undefined || quoteSize <= 0n) return 'invalid_size';
    if (quoteSize < minNotional) return 'below_min_notional';
  } else {
    if (size === undefined || size <= 0n || size % lotSize !== 0n) return 'invalid_size';
    if (!market && price! * size < minNotional) return 'below_min_notional';
  }
  if (tif === 'post_only') {
    const best = sideOf(state, side === 'buy' ? 'sell' : 'buy').best();
    if (best && crosses(side, price, best.price)) return 'post_only_would_take';
  }
  if (tif === 'FOK' && !fillable(state, side, userId, price, size!)) return 'fok_unfillable';
  return undefined;
}

/** The result of an order refused before it touched the book. */
export function reject(state: BookState, order: OrderInput, reason: RejectReason): PlaceResult {
  return {
    orderId: order.id,
    status: 'canceled',
    fills: [],
    filledSize: 0n,
    filledQuote: 0n,
    remaining: order.quoteSize ?? order.size ?? 0n,
    rejectedReason: reason,
    deltas: [],
    seq: state.seq,
  };
}
