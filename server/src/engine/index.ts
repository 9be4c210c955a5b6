/**
 * In-memory matching engine: one book per instrument, one writer per book. Pure and deterministic — no I/O,
 * no clock, no randomness — so the same operations always give the same fills, statuses and book.
 *
 * Units. Everything is a bigint in integer units, the same minor units the ledger and the wire use:
 * - a price is in price units (e.g. hundredths of a USDT for BTC-USDT) and must be a multiple of tickSize;
 * - a size is in the base asset's minor units and must be a multiple of lotSize;
 * - a notional (minNotional, quoteSize, filledQuote) is price × size, in price-units × size-units: with prices
 *   in 10^-2 USDT and sizes in 10^-8 BTC, 5 USDT is 5 × 10^10. The service converts; the engine never divides.
 * Bad steps are rejected (invalid_price / invalid_size), never rounded.
 *
 * Matching. Price-time priority; a trade happens at the maker's price. Bids best-first descending, asks
 * ascending; each level is a FIFO doubly linked list; an id index makes cancel O(1); the best level is O(1)
 * and a new or emptied level costs a binary search over the level array.
 * - GTC limit: takes what crosses, rests the rest. IOC: takes what crosses, cancels the rest. FOK: fills
 *   entirely or is rejected before touching the book. post_only: rejected if it would take.
 * - Market orders never rest (GTC/IOC alike); FOK is all-or-nothing. A market buy may give quoteSize (notional
 *   to spend) instead of size: it buys whole lots while it can afford one more at the next maker price; what it
 *   could not spend is `remaining` (status filled if it bought anything and only dust is left).
 * - minNotional applies to limit orders (price × size) and quote-sized market buys; the service checks a
 *   size-given market order against its reference price, which the engine does not have.
 * - Self-trade prevention is cancel-taker: when the taker reaches a resting order of its own user it stops,
 *   keeps the fills it already made, and its remainder is canceled (canceledReason 'self_trade'), even for
 *   GTC. Resting orders are never touched by someone else's STP, so an order's fate depends only on itself.
 *   FOK counts as fillable only the liquidity ahead of the first own order.
 *
 * Every operation reports its level deltas (new total and count of each changed level) and bumps `seq` when
 * it changed any, for the incremental `books` feed. After every operation the engine asserts — cheaply — that
 * the book is not crossed and that every changed level is either non-empty or gone; `checkInvariants` adds the
 * O(level) sum check; assertInvariants() checks everything.
 *
 * Restart: persist open orders; restore() on an empty book with them in original arrival order (snapshot()
 * lists them so) rebuilds the identical book, time priority included.
 */

export { type AlgoShape, directionOf, restAlgo, triggerProblem } from './algo-shape';
export { createBook } from './book';
export {
  type Fired,
  type LegName,
  type TrailingStop,
  TriggerBook,
  type TriggerDir,
  type TriggerLeg,
  trailingStopPx,
} from './triggers';
export type * from './types';
