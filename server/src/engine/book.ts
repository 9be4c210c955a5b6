import assert from 'node:assert/strict';
import type {
  BookOptions,
  BookSpec,
  CancelReason,
  CancelResult,
  Depth,
  DepthLevel,
  Fill,
  LevelDelta,
  OpenOrder,
  OrderBook,
  OrderInput,
  PlaceResult,
  RejectReason,
  Side,
} from './types';

interface OrderNode {
  readonly id: string;
  readonly userId: number;
  readonly side: Side;
  readonly price: bigint;
  readonly size: bigint;
  remaining: bigint;
  readonly level: Level;
  prev: OrderNode | null;
  next: OrderNode | null;
}

interface Level {
  readonly side: Side;
  readonly price: bigint;
  total: bigint;
  count: number;
  head: OrderNode | null;
  tail: OrderNode | null;
  /** Id of the last operation that touched this level, to list each changed level once. */
  mark: number;
}

/**
 * One side of the book. Levels are kept in an array sorted from worst to best, so the best level is the
 * last element: reading it is O(1), removing it (what matching does) is a pop, and a new level near the
 * top of the book (where most arrive) moves few elements. A Map gives O(1) access to an existing level;
 * a binary search finds where a new one goes.
 */
class SideBook {
  readonly levels: Level[] = [];
  readonly byPrice = new Map<bigint, Level>();

  constructor(readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Index of the first level better than price (where a level at price would be inserted). */
  private upper(price: bigint): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    const buy = this.side === 'buy';
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = levels[mid]!.price;
      if (buy ? p > price : p < price) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  getOrCreate(price: bigint): Level {
    const existing = this.byPrice.get(price);
    if (existing) return existing;
    const level: Level = { side: this.side, price, total: 0n, count: 0, head: null, tail: null, mark: 0 };
    const at = this.upper(price);
    if (at === this.levels.length) this.levels.push(level);
    else this.levels.splice(at, 0, level);
    this.byPrice.set(price, level);
    return level;
  }

  remove(level: Level): void {
    this.byPrice.delete(level.price);
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      levels.pop();
      return;
    }
    const at = this.upper(level.price) - 1;
    assert.equal(levels[at], level, 'level missing from its side');
    levels.splice(at, 1);
  }
}

/** Math.min does not take bigints. */
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

const view = (n: OrderNode): OpenOrder => ({
  id: n.id,
  userId: n.userId,
  side: n.side,
  price: n.price,
  size: n.size,
  remaining: n.remaining,
});

/** Creates an empty book. Throws when the spec is not usable. */
export function createBook(options: BookOptions): OrderBook {
  const { instId, tickSize, lotSize, minNotional = 0n, checkInvariants = false } = options;
  if (tickSize <= 0n) throw new Error(`${instId}: tickSize must be positive`);
  if (lotSize <= 0n) throw new Error(`${instId}: lotSize must be positive`);
  if (minNotional < 0n) throw new Error(`${instId}: minNotional must not be negative`);
  const spec: BookSpec = Object.freeze({ instId, tickSize, lotSize, minNotional });

  const bids = new SideBook('buy');
  const asks = new SideBook('sell');
  const orders = new Map<string, OrderNode>();
  const byUser = new Map<number, Set<OrderNode>>();
  let seq = 0;
  let opId = 0;
  let touched: Level[] = [];

  const sideOf = (side: Side): SideBook => (side === 'buy' ? bids : asks);

  function touch(level: Level): void {
    if (level.mark !== opId) {
      level.mark = opId;
      touched.push(level);
    }
  }

  function append(node: OrderNode): void {
    const level = node.level;
    node.prev = level.tail;
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.count += 1;
    level.total += node.remaining;
    orders.set(node.id, node);
    let mine = byUser.get(node.userId);
    if (!mine) {
      mine = new Set();
      byUser.set(node.userId, mine);
    }
    mine.add(node);
  }

  /** Takes the order off its level (dropping the level when it empties) and out of the indexes. */
  function unlink(node: OrderNode): void {
    const level = node.level;
    if (node.prev) node.prev.next = node.next;
    else level.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else level.tail = node.prev;
    node.prev = null;
    node.next = null;
    level.count -= 1;
    level.total -= node.remaining;
    if (level.count === 0) sideOf(level.side).remove(level);
    orders.delete(node.id);
    const mine = byUser.get(node.userId)!;
    mine.delete(node);
    if (mine.size === 0) byUser.delete(node.userId);
  }

  function beginOp(): void {
    opId += 1;
    touched = [];
  }

  /** Turns the touched levels into deltas, checks the invariants they could have broken, bumps seq. */
  function endOp(): LevelDelta[] {
    const deltas: LevelDelta[] = new Array(touched.length);
    for (let i = 0; i < touched.length; i++) {
      const l = touched[i]!;
      deltas[i] = { side: l.side, price: l.price, size: l.total, count: l.count };
      // Cheap, always on: a level is either live and non-empty, or empty and gone.
      if (l.count === 0) {
        assert.ok(l.total === 0n && l.head === null, 'empty level keeps size or orders');
        assert.notEqual(sideOf(l.side).byPrice.get(l.price), l, 'empty level left on the book');
      } else {
        assert.ok(l.total > 0n && l.head !== null, 'live level without size');
        if (checkInvariants) checkLevel(l);
      }
    }
    const bid = bids.best();
    const ask = asks.best();
    assert.ok(!bid || !ask || bid.price < ask.price, 'crossed book');
    if (deltas.length > 0) seq += 1;
    touched = [];
    return deltas;
  }

  function checkLevel(l: Level): void {
    let total = 0n;
    let count = 0;
    let prev: OrderNode | null = null;
    for (let n = l.head; n; n = n.next) {
      assert.equal(n.level, l, 'order linked into a foreign level');
      assert.equal(n.prev, prev, 'broken back link');
      assert.ok(n.remaining > 0n && n.remaining <= n.size, 'open size out of range');
      assert.equal(orders.get(n.id), n, 'resting order missing from the id index');
      total += n.remaining;
      count += 1;
      prev = n;
    }
    assert.equal(l.tail, prev, 'tail is not the last order');
    assert.equal(total, l.total, 'level total differs from the sum of its orders');
    assert.equal(count, l.count, 'level count differs from its orders');
  }

  function reject(order: OrderInput, reason: RejectReason): PlaceResult {
    return {
      orderId: order.id,
      status: 'canceled',
      fills: [],
      filledSize: 0n,
      filledQuote: 0n,
      remaining: order.quoteSize ?? order.size ?? 0n,
      rejectedReason: reason,
      deltas: [],
      seq,
    };
  }

  /** Whether a taker at limit (undefined: market) may trade against a level at price. */
  const crosses = (side: Side, limit: bigint | undefined, price: bigint): boolean =>
    limit === undefined || (side === 'buy' ? price <= limit : price >= limit);

  /**
   * FOK pre-check, read-only: walks the opposite side in priority order as matching would, and tells whether
   * the whole size fills before the price limit, the end of the book, or an own order (which would stop the
   * taker under self-trade prevention).
   */
  function fillable(side: Side, userId: number, limit: bigint | undefined, size: bigint): boolean {
    const levels = sideOf(side === 'buy' ? 'sell' : 'buy').levels;
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

  function place(order: OrderInput): PlaceResult {
    const { id, userId, side, type, price, size, quoteSize } = order;
    const tif = order.timeInForce ?? 'GTC';
    if (orders.has(id)) return reject(order, 'duplicate_id');
    const market = type === 'market';
    if (market && (tif === 'post_only' || (tif === 'FOK' && quoteSize !== undefined))) {
      return reject(order, 'invalid_time_in_force');
    }
    if (market ? price !== undefined : price === undefined || price <= 0n || price % tickSize !== 0n) {
      return reject(order, 'invalid_price');
    }
    const byQuote = quoteSize !== undefined;
    if (byQuote) {
      if (!market || side !== 'buy' || size !== undefined || quoteSize <= 0n)
        return reject(order, 'invalid_size');
      if (quoteSize < minNotional) return reject(order, 'below_min_notional');
    } else {
      if (size === undefined || size <= 0n || size % lotSize !== 0n) return reject(order, 'invalid_size');
      if (!market && price! * size < minNotional) return reject(order, 'below_min_notional');
    }
    const opposite = sideOf(side === 'buy' ? 'sell' : 'buy');
    if (tif === 'post_only') {
      const best = opposite.best();
      if (best && crosses(side, price, best.price)) return reject(order, 'post_only_would_take');
    }
    if (tif === 'FOK' && !fillable(side, userId, price, size!)) return reject(order, 'fok_unfillable');

    beginOp();
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
        touch(level);
        const notional = qty * level.price;
        node.remaining -= qty;
        level.total -= qty;
        left -= byQuote ? notional : qty;
        filledSize += qty;
        filledQuote += notional;
        fills.push({
          makerOrderId: node.id,
          takerOrderId: id,
          makerUserId: node.userId,
          takerUserId: userId,
          price: level.price,
          size: qty,
          makerRemaining: node.remaining,
        });
        if (node.remaining > 0n) {
          // The maker outlasted the taker: the size is done, or what quote is left is dust at this price.
          dust = left > 0n;
          break outer;
        }
        const next = node.next;
        unlink(node);
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
      const level = sideOf(side).getOrCreate(price!);
      touch(level);
      append({
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
      status = filledSize > 0n ? 'partial_filled' : 'new';
    }
    assert.ok(tif !== 'FOK' || status === 'filled', 'FOK order passed the check but did not fill');
    const deltas = endOp();
    const result: PlaceResult = {
      orderId: id,
      status,
      fills,
      filledSize,
      filledQuote,
      remaining: left,
      deltas,
      seq,
    };
    return canceledReason ? { ...result, canceledReason } : result;
  }

  function cancelNodes(nodes: Iterable<OrderNode>, missing: string[]): CancelResult {
    beginOp();
    const canceled: OpenOrder[] = [];
    for (const node of nodes) {
      touch(node.level);
      canceled.push(view(node));
      unlink(node);
    }
    const deltas = endOp();
    return { canceled, missing, deltas, seq };
  }

  function cancelMany(ids: readonly string[]): CancelResult {
    const nodes: OrderNode[] = [];
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      const node = orders.get(id);
      if (node && !seen.has(id)) {
        seen.add(id);
        nodes.push(node);
      } else if (!node) missing.push(id);
    }
    return cancelNodes(nodes, missing);
  }

  function restore(input: readonly OpenOrder[]): void {
    if (orders.size > 0) throw new Error(`${instId}: restore needs an empty book`);
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
      const level = sideOf(side).getOrCreate(price);
      append({ id, userId, side, price, size, remaining, level, prev: null, next: null });
    }
    if (checkInvariants) assertInvariants();
  }

  function depthOf(side: SideBook, n: number): DepthLevel[] {
    const levels = side.levels;
    const out: DepthLevel[] = [];
    for (let i = levels.length - 1; i >= 0 && out.length < n; i--) {
      const l = levels[i]!;
      out.push([l.price, l.total, l.count]);
    }
    return out;
  }

  function assertInvariants(): void {
    let open = 0;
    for (const side of [bids, asks]) {
      assert.equal(side.levels.length, side.byPrice.size, 'level index size');
      for (let i = 0; i < side.levels.length; i++) {
        const l = side.levels[i]!;
        assert.equal(side.byPrice.get(l.price), l, 'level missing from the price index');
        assert.ok(l.count > 0, 'empty level on the book');
        if (i > 0) {
          const p = side.levels[i - 1]!.price;
          assert.ok(side.side === 'buy' ? p < l.price : p > l.price, 'levels out of order');
        }
        checkLevel(l);
        open += l.count;
      }
    }
    assert.equal(open, orders.size, 'id index size');
    let mine = 0;
    for (const set of byUser.values()) mine += set.size;
    assert.equal(mine, orders.size, 'user index size');
    const bid = bids.best();
    const ask = asks.best();
    assert.ok(!bid || !ask || bid.price < ask.price, 'crossed book');
  }

  return {
    instId,
    spec,
    get seq() {
      return seq;
    },
    get orderCount() {
      return orders.size;
    },
    place,
    cancel: (id) => {
      const node = orders.get(id);
      return node ? cancelNodes([node], []) : { canceled: [], missing: [id], deltas: [], seq };
    },
    cancelMany,
    cancelAllOf: (userId) => cancelNodes([...(byUser.get(userId) ?? [])], []),
    getOrder: (id) => {
      const node = orders.get(id);
      return node && view(node);
    },
    bestBid: () => bids.best()?.price,
    bestAsk: () => asks.best()?.price,
    depth: (n = Number.POSITIVE_INFINITY) =>
      ({ asks: depthOf(asks, n), bids: depthOf(bids, n) }) satisfies Depth,
    snapshot: () => Array.from(orders.values(), view),
    restore,
    assertInvariants,
  };
}
