import { cancelMany, cancelNodes } from './cancel';
import { assertInvariants } from './invariants';
import { depthOf, view } from './levels';
import { place } from './place';
import { restore } from './restore';
import { createState } from './state';
import type { BookOptions, BookSpec, Depth, OrderBook } from './types';

/** Creates an empty book. Throws when the spec is not usable. */
export function createBook(options: BookOptions): OrderBook {
  const { instId, tickSize, lotSize, minNotional = 0n, checkInvariants = false } = options;
  if (tickSize <= 0n) throw new Error(`${instId}: tickSize must be positive`);
  if (lotSize <= 0n) throw new Error(`${instId}: lotSize must be positive`);
  if (minNotional < 0n) throw new Error(`${instId}: minNotional must not be negative`);
  const spec: Required<BookSpec> = Object.freeze({ instId, tickSize, lotSize, minNotional });
  const state = createState(spec, checkInvariants);
  const { bids, asks, orders, byUser } = state;

  return {
    instId,
    spec,
    get seq() {
      return state.seq;
    },
    get orderCount() {
      return orders.size;
    },
    place: (order) => place(state, order),
    cancel: (id) => {
      const node = orders.get(id);
      return node
        ? cancelNodes(state, [node], [])
        : { canceled: [], missing: [id], deltas: [], seq: state.seq };
    },
    cancelMany: (ids) => cancelMany(state, ids),
    cancelAllOf: (userId) => cancelNodes(state, [...(byUser.get(userId) ?? [])], []),
    getOrder: (id) => {
      const node = orders.get(id);
      return node && view(node);
    },
    bestBid: () => bids.best()?.price,
    bestAsk: () => asks.best()?.price,
    depth: (n = Number.POSITIVE_INFINITY) =>
      ({ asks: depthOf(asks, n), bids: depthOf(bids, n) }) satisfies Depth,
    snapshot: () => Array.from(orders.values(), view),
    restore: (input) => restore(state, input),
    assertInvariants: () => assertInvariants(state),
  };
}
