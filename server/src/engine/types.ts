// Public types of the matching engine. Every price, size and amount is a bigint in integer units;
// see index.ts for what the units are and how they relate.

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'post_only';
/** new, partial_filled: the order rests on the book (open). filled, canceled: it is closed. */
export type OrderStatus = 'new' | 'partial_filled' | 'filled' | 'canceled';

/** Why an order was refused before it touched the book (no fills, no book change). */
export type RejectReason =
  | 'duplicate_id'
  | 'invalid_time_in_force'
  | 'invalid_price'
  | 'invalid_size'
  | 'below_min_notional'
  | 'post_only_would_take'
  | 'fok_unfillable';

/**
 * Why an accepted order was closed with an unfilled remainder:
 * `self_trade` — it reached a resting order of its own user (self-trade prevention, cancel-taker);
 * `remainder` — IOC or market order with nothing more it could take.
 */
export type CancelReason = 'self_trade' | 'remainder';

export interface BookSpec {
  readonly instId: string;
  /** Price step, in price units. Every price is a positive multiple of it. */
  readonly tickSize: bigint;
  /** Size step, in size units. Every size is a positive multiple of it. */
  readonly lotSize: bigint;
  /** Smallest notional (price × size, in price-units × size-units) of a limit order or a quote-sized market buy. */
  readonly minNotional?: bigint;
}

export interface BookOptions extends BookSpec {
  /** Also check, after every operation, that each touched level's total and count equal its orders' (O(level)). */
  readonly checkInvariants?: boolean;
}

export interface OrderInput {
  /** Unique among the book's open orders (the service issues `ord_…` ids that are unique for ever). */
  readonly id: string;
  readonly userId: number;
  readonly side: Side;
  readonly type: OrderType;
  /** Limit orders only: a positive multiple of tickSize. */
  readonly price?: bigint;
  /** Base size, a positive multiple of lotSize. Required, except for a market buy given by quoteSize. */
  readonly size?: bigint;
  /** Market buy only, instead of size: the notional to spend (price-units × size-units). */
  readonly quoteSize?: bigint;
  /** Default GTC. Market orders never rest: GTC and IOC both mean IOC for them; FOK is all-or-nothing. */
  readonly timeInForce?: TimeInForce;
}

export interface Fill {
  readonly makerOrderId: string;
  readonly takerOrderId: string;
  readonly makerUserId: number;
  readonly takerUserId: number;
  /** Always the maker's price. */
  readonly price: bigint;
  readonly size: bigint;
  /** The maker's open size after this fill: 0 means the maker order is now filled. */
  readonly makerRemaining: bigint;
}

/** The new state of one price level after an operation; size 0 and count 0 mean the level is gone. */
export interface LevelDelta {
  readonly side: Side;
  readonly price: bigint;
  readonly size: bigint;
  readonly count: number;
}

export interface PlaceResult {
  readonly orderId: string;
  readonly status: OrderStatus;
  readonly fills: Fill[];
  /** Base size filled. */
  readonly filledSize: bigint;
  /** Notional filled: Σ price × size over the fills. */
  readonly filledQuote: bigint;
  /**
   * What was not filled, in the order's own unit: base size, or unspent quote for a quote-sized market buy.
   * It rests on the book when status is new or partial_filled; otherwise it was canceled (or was dust).
   */
  readonly remaining: bigint;
  readonly rejectedReason?: RejectReason;
  readonly canceledReason?: CancelReason;
  /** Changed levels, in the order first touched: the taker's walk best to worst, then the level it rests on. */
  readonly deltas: LevelDelta[];
  /** The book's update sequence after this operation (it grows by one for each operation that changes levels). */
  readonly seq: number;
}

/** A resting order as the book holds it, persisted, listed by snapshot() and given to restore(). */
export interface OpenOrder {
  readonly id: string;
  readonly userId: number;
  readonly side: Side;
  readonly price: bigint;
  /** Original size. */
  readonly size: bigint;
  /** Open size, 0 < remaining ≤ size; it is partial_filled when remaining < size. */
  readonly remaining: bigint;
}

export interface CancelResult {
  /** Removed orders, with their open size at removal, in the order they were removed. */
  readonly canceled: OpenOrder[];
  /** Requested ids that were not open on this book. */
  readonly missing: string[];
  readonly deltas: LevelDelta[];
  readonly seq: number;
}

/** A price level: [price, total size, order count]. */
export type DepthLevel = readonly [price: bigint, size: bigint, count: number];

export interface Depth {
  /** Best (lowest) first. */
  readonly asks: DepthLevel[];
  /** Best (highest) first. */
  readonly bids: DepthLevel[];
}

export interface OrderBook {
  readonly instId: string;
  readonly spec: Readonly<BookSpec>;
  /** Update sequence: the number of operations so far that changed a level. */
  readonly seq: number;
  /** Number of open orders. */
  readonly orderCount: number;
  place(order: OrderInput): PlaceResult;
  cancel(id: string): CancelResult;
  cancelMany(ids: readonly string[]): CancelResult;
  /** Cancels every open order of the user, oldest first. */
  cancelAllOf(userId: number): CancelResult;
  getOrder(id: string): OpenOrder | undefined;
  bestBid(): bigint | undefined;
  bestAsk(): bigint | undefined;
  depth(n?: number): Depth;
  /** Open orders in time priority (arrival) order — the input restore() expects. */
  snapshot(): OpenOrder[];
  /** Rebuilds an empty book from open orders given in their original arrival order. Throws on bad input. */
  restore(orders: readonly OpenOrder[]): void;
  /** Full check of every invariant (O(orders)); throws on the first broken one. */
  assertInvariants(): void;
}
