import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BookSpec,
  type CancelReason,
  type CancelResult,
  createBook,
  type Depth,
  type DepthLevel,
  type Fill,
  type OpenOrder,
  type OrderBook,
  type OrderInput,
  type OrderStatus,
  type PlaceResult,
  type RejectReason,
  type Side,
} from '../src/engine';

// Narrow price band so that orders cross often; minNotional rejects some small orders.
const SPEC: BookSpec = { instId: 'T-USDT', tickSize: 5n, lotSize: 2n, minNotional: 200n };
const USERS = 4;

// ---------------------------------------------------------------------------------------------
// Reference book: plain arrays, sorted on every step, matching written the obvious way.
// ---------------------------------------------------------------------------------------------

/** Math.min does not take bigints. */
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

interface RefOrder extends OpenOrder {
  remaining: bigint;
  arrival: number;
}

interface RefPlace {
  status: OrderStatus;
  fills: Fill[];
  remaining: bigint;
  rejectedReason?: RejectReason;
  canceledReason?: CancelReason;
}

class ReferenceBook {
  resting: RefOrder[] = [];
  arrivals = 0;

  constructor(readonly spec: BookSpec) {}

  /** Opposite side in priority order: best price first, then earliest arrival. */
  private queue(side: Side): RefOrder[] {
    const other = this.resting.filter((o) => o.side !== side);
    return other.sort((a, b) => {
      if (a.price !== b.price) return (side === 'buy' ? a.price < b.price : a.price > b.price) ? -1 : 1;
      return a.arrival - b.arrival;
    });
  }

  place(o: OrderInput): RefPlace {
    const { tickSize, lotSize, minNotional = 0n } = this.spec;
    const tif = o.timeInForce ?? 'GTC';
    const own = o.quoteSize ?? o.size ?? 0n;
    const reject = (rejectedReason: RejectReason): RefPlace => ({
      status: 'canceled',
      fills: [],
      remaining: own,
      rejectedReason,
    });
    const market = o.type === 'market';
    if (this.resting.some((r) => r.id === o.id)) return reject('duplicate_id');
    if (market && tif === 'post_only') return reject('invalid_time_in_force');
    if (market && tif === 'FOK' && o.quoteSize !== undefined) return reject('invalid_time_in_force');
    if (market && o.price !== undefined) return reject('invalid_price');
    if (!market && (o.price === undefined || o.price <= 0n || o.price % tickSize !== 0n)) {
      return reject('invalid_price');
    }
    if (o.quoteSize !== undefined) {
      if (!market || o.side !== 'buy' || o.size !== undefined || o.quoteSize <= 0n)
        return reject('invalid_size');
      if (o.quoteSize < minNotional) return reject('below_min_notional');
    } else {
      if (o.size === undefined || o.size <= 0n || o.size % lotSize !== 0n) return reject('invalid_size');
      if (!market && o.price! * o.size < minNotional) return reject('below_min_notional');
    }
    const limit = o.price;
    const crossing = this.queue(o.side).filter(
      (r) => limit === undefined || (o.side === 'buy' ? r.price <= limit : r.price >= limit),
    );
    if (tif === 'post_only' && crossing.length > 0) return reject('post_only_would_take');
    const firstOwn = crossing.findIndex((r) => r.userId === o.userId);
    const eligible = firstOwn < 0 ? crossing : crossing.slice(0, firstOwn);
    if (tif === 'FOK' && eligible.reduce((s, r) => s + r.remaining, 0n) < o.size!)
      return reject('fok_unfillable');

    const fills: Fill[] = [];
    let left = own;
    let bought = 0n;
    let dust = false;
    for (const maker of eligible) {
      // Buy from this maker while the taker still wants more and the maker has more.
      while (left > 0n && maker.remaining > 0n && !dust) {
        let qty: bigint;
        if (o.quoteSize !== undefined) {
          const lots = left / (maker.price * lotSize);
          if (lots === 0n) {
            dust = true;
            break;
          }
          qty = min(lots * lotSize, maker.remaining);
          left -= qty * maker.price;
        } else {
          qty = min(left, maker.remaining);
          left -= qty;
        }
        maker.remaining -= qty;
        bought += qty;
        fills.push({
          makerOrderId: maker.id,
          takerOrderId: o.id,
          makerUserId: maker.userId,
          takerUserId: o.userId,
          price: maker.price,
          size: qty,
          makerRemaining: maker.remaining,
        });
      }
    }
    this.resting = this.resting.filter((r) => r.remaining > 0n);
    // Matching only stops short of the size and before dust when it ran out of orders ahead of an own one.
    const stoppedBySelf = left > 0n && !dust && firstOwn >= 0;
    if (left === 0n || (dust && bought > 0n)) return { status: 'filled', fills, remaining: left };
    if (stoppedBySelf) return { status: 'canceled', fills, remaining: left, canceledReason: 'self_trade' };
    if (market || tif === 'IOC' || tif === 'FOK') {
      return { status: 'canceled', fills, remaining: left, canceledReason: 'remainder' };
    }
    this.resting.push({
      id: o.id,
      userId: o.userId,
      side: o.side,
      price: o.price!,
      size: o.size!,
      remaining: left,
      arrival: this.arrivals++,
    });
    return { status: bought > 0n ? 'partial_filled' : 'new', fills, remaining: left };
  }

  cancel(ids: readonly string[]): { canceled: string[]; missing: string[] } {
    const canceled: string[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const o = this.resting.find((r) => r.id === id);
      if (o) {
        canceled.push(id);
        this.resting = this.resting.filter((r) => r !== o);
      } else if (!canceled.includes(id)) missing.push(id);
    }
    return { canceled, missing };
  }

  cancelAllOf(userId: number): string[] {
    const mine = this.snapshot().filter((o) => o.userId === userId);
    return this.cancel(mine.map((o) => o.id)).canceled;
  }

  snapshot(): OpenOrder[] {
    return [...this.resting]
      .sort((a, b) => a.arrival - b.arrival)
      .map(({ id, userId, side, price, size, remaining }) => ({ id, userId, side, price, size, remaining }));
  }

  depth(): Depth {
    const levels = (side: Side): DepthLevel[] => {
      const byPrice = new Map<bigint, [bigint, number]>();
      for (const o of this.resting.filter((r) => r.side === side)) {
        const [size, count] = byPrice.get(o.price) ?? [0n, 0];
        byPrice.set(o.price, [size + o.remaining, count + 1]);
      }
      return [...byPrice.entries()]
        .sort(([a], [b]) => ((side === 'buy' ? a > b : a < b) ? -1 : 1))
        .map(([price, [size, count]]) => [price, size, count]);
    };
    return { asks: levels('sell'), bids: levels('buy') };
  }
}

// ---------------------------------------------------------------------------------------------
// Random operation streams.
// ---------------------------------------------------------------------------------------------

type Cmd =
  | { k: 'place'; order: Omit<OrderInput, 'id'>; reuse?: number }
  | { k: 'cancel'; picks: number[] }
  | { k: 'cancelAll'; userId: number };

const userId = fc.integer({ min: 0, max: USERS - 1 });
const side = fc.constantFrom<Side>('buy', 'sell');
// Mostly on-tick prices 80..120 and on-lot sizes; now and then off by one to hit the step checks.
const price = fc.oneof(
  { weight: 19, arbitrary: fc.integer({ min: 16, max: 24 }).map((t) => BigInt(t) * 5n) },
  { weight: 1, arbitrary: fc.integer({ min: 80, max: 120 }).map(BigInt) },
);
const size = fc.oneof(
  { weight: 15, arbitrary: fc.integer({ min: 1, max: 6 }).map((l) => BigInt(l) * 2n) },
  { weight: 4, arbitrary: fc.integer({ min: 6, max: 20 }).map((l) => BigInt(l) * 2n) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 13 }).map(BigInt) },
);

const limitCmd = fc.record({
  k: fc.constant('place' as const),
  order: fc.record({
    userId,
    side,
    type: fc.constant('limit' as const),
    price,
    size,
    timeInForce: fc.constantFrom('GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'post_only' as const),
  }),
  // Sometimes reuse an earlier id: a duplicate while it is open, a fresh order once it is closed.
  reuse: fc.oneof({ weight: 15, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat() }),
});

const marketCmd = fc.record({
  k: fc.constant('place' as const),
  order: fc.oneof(
    fc.record({
      userId,
      side,
      type: fc.constant('market' as const),
      size,
      timeInForce: fc.constantFrom('IOC', 'GTC', 'FOK' as const),
    }),
    fc.record({
      userId,
      side: fc.constant('buy' as const),
      type: fc.constant('market' as const),
      quoteSize: fc.integer({ min: 1, max: 3000 }).map(BigInt),
    }),
  ),
});

const cancelCmd = fc.record({
  k: fc.constant('cancel' as const),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
});
const cancelAllCmd = fc.record({ k: fc.constant('cancelAll' as const), userId });

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 14, arbitrary: limitCmd },
  { weight: 3, arbitrary: marketCmd },
  { weight: 2, arbitrary: cancelCmd },
  { weight: 1, arbitrary: cancelAllCmd },
);

const stream = (maxLength: number) => fc.array(cmd, { minLength: 1, maxLength, size: 'max' });

/** Drives an engine book and the reference side by side, checking agreement after every step. */
class Pair {
  ids: string[] = [];
  /** The book as rebuilt from nothing but the engine's deltas. */
  fromDeltas = new Map<string, DepthLevel>();

  constructor(
    readonly book: OrderBook,
    readonly ref: ReferenceBook,
    readonly prefix: string,
  ) {}

  private id(pick: number): string {
    return this.ids.length === 0 ? 'none' : this.ids[pick % this.ids.length]!;
  }

  private applyDeltas(r: PlaceResult | CancelResult, seqBefore: number): void {
    for (const d of r.deltas) {
      const key = `${d.side}:${d.price}`;
      if (d.count === 0) {
        expect(d.size).toBe(0n);
        this.fromDeltas.delete(key);
      } else this.fromDeltas.set(key, [d.price, d.size, d.count]);
    }
    expect(r.seq).toBe(r.deltas.length > 0 ? seqBefore + 1 : seqBefore);
  }

  step(c: Cmd): PlaceResult | CancelResult {
    const seqBefore = this.book.seq;
    let out: PlaceResult | CancelResult;
    if (c.k === 'place') {
      const id =
        c.reuse !== undefined && this.ids.length > 0 ? this.id(c.reuse) : `${this.prefix}${this.ids.length}`;
      if (!this.ids.includes(id)) this.ids.push(id);
      const order = { id, ...c.order };
      const got = this.book.place(order);
      const want = this.ref.place(order);
      expect({
        status: got.status,
        fills: got.fills,
        remaining: got.remaining,
        rejectedReason: got.rejectedReason,
        canceledReason: got.canceledReason,
      }).toEqual({ rejectedReason: undefined, canceledReason: undefined, ...want });
      expect(got.filledSize).toBe(got.fills.reduce((s, f) => s + f.size, 0n));
      out = got;
    } else if (c.k === 'cancel') {
      const ids = c.picks.map((p) => this.id(p));
      const got = this.book.cancelMany(ids);
      const want = this.ref.cancel(ids);
      expect({ canceled: got.canceled.map((o) => o.id), missing: got.missing }).toEqual(want);
      out = got;
    } else {
      const got = this.book.cancelAllOf(c.userId);
      expect(got.canceled.map((o) => o.id)).toEqual(this.ref.cancelAllOf(c.userId));
      out = got;
    }
    this.applyDeltas(out, seqBefore);
    const depth = this.book.depth();
    expect(depth).toEqual(this.ref.depth());
    const bySide = (s: Side) =>
      [...this.fromDeltas.entries()]
        .filter(([key]) => key.startsWith(`${s}:`))
        .map(([, level]) => level)
        .sort(([a], [b]) => ((s === 'buy' ? a > b : a < b) ? -1 : 1));
    expect({ asks: bySide('sell'), bids: bySide('buy') }).toEqual(depth);
    expect(this.book.snapshot()).toEqual(this.ref.snapshot());
    this.book.assertInvariants();
    return out;
  }
}

const newBook = () => createBook({ ...SPEC, checkInvariants: true });
const strip = ({ seq: _seq, ...rest }: PlaceResult | CancelResult) => rest;

describe('engine against the reference book', () => {
  it('gives identical fills, statuses, cancels and depth after every step', () => {
    fc.assert(
      fc.property(stream(120), (cmds) => {
        const pair = new Pair(newBook(), new ReferenceBook(SPEC), 'o');
        for (const c of cmds) pair.step(c);
      }),
      { numRuns: 150 },
    );
  });

  it('restore(snapshot) rebuilds the identical book that then matches identically', () => {
    fc.assert(
      fc.property(stream(60), stream(40), (before, after) => {
        const original = new Pair(newBook(), new ReferenceBook(SPEC), 'o');
        for (const c of before) original.step(c);

        const restored = newBook();
        restored.restore(original.book.snapshot());
        expect(restored.depth()).toEqual(original.book.depth());
        expect(restored.snapshot()).toEqual(original.book.snapshot());
        restored.assertInvariants();

        // Drive the original through its reference pair, and the restored book with the same ids.
        const twin = new Pair(restored, new ReferenceBook(SPEC), 'o');
        twin.ids = [...original.ids];
        twin.ref.resting = original.ref.snapshot().map((o, arrival) => ({ ...o, arrival }));
        twin.ref.arrivals = twin.ref.resting.length;
        twin.fromDeltas = new Map(original.fromDeltas);
        for (const c of after) {
          const a = original.step(c);
          const b = twin.step(c);
          expect(strip(b)).toEqual(strip(a));
        }
        expect(restored.depth()).toEqual(original.book.depth());
      }),
      { numRuns: 50 },
    );
  });
});
