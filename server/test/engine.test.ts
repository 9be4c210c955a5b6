import { describe, expect, it } from 'vitest';
import {
  type BookSpec,
  type CancelReason,
  createBook,
  type DepthLevel,
  type OrderBook,
  type OrderInput,
  type OrderStatus,
  type RejectReason,
  type Side,
} from '../src/engine';

// Prices step by 5, sizes by 10: 102 is off-tick, 15 is off-lot.
const SPEC: BookSpec = { instId: 'BTC-USDT', tickSize: 5n, lotSize: 10n };

type Resting = [id: string, userId: number, side: Side, price: bigint, size: bigint];
type Taker = Omit<OrderInput, 'id' | 'userId'> & { userId?: number };

interface Row {
  name: string;
  spec?: Partial<BookSpec>;
  /** Placed first, in this order, as GTC limits that must rest untouched. */
  book: Resting[];
  /** Placed as id 't' by user 9 unless userId is given. */
  order: Taker;
  fills: [makerOrderId: string, price: bigint, size: bigint][];
  status: OrderStatus;
  remaining: bigint;
  rejected?: RejectReason;
  canceled?: CancelReason;
  asks: DepthLevel[];
  bids: DepthLevel[];
}

const ask = (id: string, price: bigint, size: bigint, userId = 1): Resting => [
  id,
  userId,
  'sell',
  price,
  size,
];
const bid = (id: string, price: bigint, size: bigint, userId = 1): Resting => [
  id,
  userId,
  'buy',
  price,
  size,
];
const buy = (price: bigint, size: bigint, timeInForce: OrderInput['timeInForce'] = 'GTC'): Taker => ({
  side: 'buy',
  type: 'limit',
  price,
  size,
  timeInForce,
});
const sell = (price: bigint, size: bigint, timeInForce: OrderInput['timeInForce'] = 'GTC'): Taker => ({
  side: 'sell',
  type: 'limit',
  price,
  size,
  timeInForce,
});

const rows: Row[] = [
  {
    name: 'limit buy crossing an ask trades at the maker price',
    book: [ask('a1', 100n, 10n)],
    order: buy(105n, 10n),
    fills: [['a1', 100n, 10n]],
    status: 'filled',
    remaining: 0n,
    asks: [],
    bids: [],
  },
  {
    name: 'limit sell crossing a bid trades at the maker price, maker keeps the rest',
    book: [bid('b1', 100n, 20n)],
    order: sell(95n, 10n),
    fills: [['b1', 100n, 10n]],
    status: 'filled',
    remaining: 0n,
    asks: [],
    bids: [[100n, 10n, 1]],
  },
  {
    name: 'partial fills across levels up to the limit, the rest rests',
    book: [ask('a1', 100n, 10n), ask('a2', 105n, 10n), ask('a3', 110n, 10n)],
    order: buy(105n, 30n),
    fills: [
      ['a1', 100n, 10n],
      ['a2', 105n, 10n],
    ],
    status: 'partial_filled',
    remaining: 10n,
    asks: [[110n, 10n, 1]],
    bids: [[105n, 10n, 1]],
  },
  {
    name: 'sell walks bids from the highest down',
    book: [bid('b1', 90n, 10n), bid('b2', 100n, 10n), bid('b3', 95n, 10n)],
    order: sell(95n, 30n),
    fills: [
      ['b2', 100n, 10n],
      ['b3', 95n, 10n],
    ],
    status: 'partial_filled',
    remaining: 10n,
    asks: [[95n, 10n, 1]],
    bids: [[90n, 10n, 1]],
  },
  {
    name: 'time priority within a level: first in, first filled',
    book: [ask('a1', 100n, 10n, 1), ask('a2', 100n, 20n, 2), ask('a3', 100n, 10n, 3)],
    order: buy(100n, 20n),
    fills: [
      ['a1', 100n, 10n],
      ['a2', 100n, 10n],
    ],
    status: 'filled',
    remaining: 0n,
    asks: [[100n, 20n, 2]],
    bids: [],
  },
  {
    name: 'price before time: a better later ask goes first',
    book: [ask('a1', 105n, 10n), ask('a2', 100n, 10n)],
    order: buy(105n, 10n),
    fills: [['a2', 100n, 10n]],
    status: 'filled',
    remaining: 0n,
    asks: [[105n, 10n, 1]],
    bids: [],
  },
  {
    name: 'non-crossing limit rests as new',
    book: [ask('a1', 105n, 10n), bid('b1', 95n, 10n)],
    order: buy(100n, 10n),
    fills: [],
    status: 'new',
    remaining: 10n,
    asks: [[105n, 10n, 1]],
    bids: [
      [100n, 10n, 1],
      [95n, 10n, 1],
    ],
  },
  {
    name: 'market buy walks the asks',
    book: [ask('a1', 100n, 10n), ask('a2', 105n, 20n)],
    order: { side: 'buy', type: 'market', size: 20n },
    fills: [
      ['a1', 100n, 10n],
      ['a2', 105n, 10n],
    ],
    status: 'filled',
    remaining: 0n,
    asks: [[105n, 10n, 1]],
    bids: [],
  },
  {
    name: 'market sell beyond the book: remainder canceled, never rests',
    book: [bid('b1', 100n, 10n), bid('b2', 95n, 10n)],
    order: { side: 'sell', type: 'market', size: 30n },
    fills: [
      ['b1', 100n, 10n],
      ['b2', 95n, 10n],
    ],
    status: 'canceled',
    remaining: 10n,
    canceled: 'remainder',
    asks: [],
    bids: [],
  },
  {
    name: 'market order on an empty side is canceled',
    book: [bid('b1', 100n, 10n)],
    order: { side: 'buy', type: 'market', size: 10n },
    fills: [],
    status: 'canceled',
    remaining: 10n,
    canceled: 'remainder',
    asks: [],
    bids: [[100n, 10n, 1]],
  },
  {
    name: 'market buy by quote buys whole lots, leftover dust means filled',
    book: [ask('a1', 100n, 10n), ask('a2', 105n, 30n)],
    // 100×10 + 105×10 + 50: the 50 left cannot pay for one more lot at 105.
    order: { side: 'buy', type: 'market', quoteSize: 2100n },
    fills: [
      ['a1', 100n, 10n],
      ['a2', 105n, 10n],
    ],
    status: 'filled',
    remaining: 50n,
    asks: [[105n, 20n, 1]],
    bids: [],
  },
  {
    name: 'market buy by quote beyond the book: unspent quote canceled',
    book: [ask('a1', 100n, 10n)],
    order: { side: 'buy', type: 'market', quoteSize: 5000n },
    fills: [['a1', 100n, 10n]],
    status: 'canceled',
    remaining: 4000n,
    canceled: 'remainder',
    asks: [],
    bids: [],
  },
  {
    name: 'IOC takes what crosses and cancels the remainder',
    book: [ask('a1', 100n, 10n), ask('a2', 110n, 10n)],
    order: buy(105n, 30n, 'IOC'),
    fills: [['a1', 100n, 10n]],
    status: 'canceled',
    remaining: 20n,
    canceled: 'remainder',
    asks: [[110n, 10n, 1]],
    bids: [],
  },
  {
    name: 'IOC that cannot cross is canceled whole',
    book: [ask('a1', 110n, 10n)],
    order: buy(105n, 10n, 'IOC'),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    canceled: 'remainder',
    asks: [[110n, 10n, 1]],
    bids: [],
  },
  {
    name: 'FOK fills entirely across levels',
    book: [ask('a1', 100n, 10n), ask('a2', 105n, 10n)],
    order: buy(105n, 20n, 'FOK'),
    fills: [
      ['a1', 100n, 10n],
      ['a2', 105n, 10n],
    ],
    status: 'filled',
    remaining: 0n,
    asks: [],
    bids: [],
  },
  {
    name: 'FOK short of size within its limit is rejected and the book untouched',
    book: [ask('a1', 100n, 10n), ask('a2', 110n, 10n)],
    order: buy(105n, 20n, 'FOK'),
    fills: [],
    status: 'canceled',
    remaining: 20n,
    rejected: 'fok_unfillable',
    asks: [
      [100n, 10n, 1],
      [110n, 10n, 1],
    ],
    bids: [],
  },
  {
    name: 'market FOK beyond the book is rejected',
    book: [bid('b1', 100n, 10n)],
    order: { side: 'sell', type: 'market', size: 20n, timeInForce: 'FOK' },
    fills: [],
    status: 'canceled',
    remaining: 20n,
    rejected: 'fok_unfillable',
    asks: [],
    bids: [[100n, 10n, 1]],
  },
  {
    name: 'post_only that would take is rejected',
    book: [ask('a1', 100n, 10n)],
    order: buy(100n, 10n, 'post_only'),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'post_only_would_take',
    asks: [[100n, 10n, 1]],
    bids: [],
  },
  {
    name: 'post_only below the ask rests',
    book: [ask('a1', 100n, 10n)],
    order: buy(95n, 10n, 'post_only'),
    fills: [],
    status: 'new',
    remaining: 10n,
    asks: [[100n, 10n, 1]],
    bids: [[95n, 10n, 1]],
  },
  {
    name: 'self-trade prevention cancels the taker at its own order, keeping earlier fills',
    book: [ask('a1', 100n, 10n, 2), ask('a2', 100n, 10n, 9), ask('a3', 100n, 10n, 2)],
    order: buy(100n, 30n),
    fills: [['a1', 100n, 10n]],
    status: 'canceled',
    remaining: 20n,
    canceled: 'self_trade',
    asks: [[100n, 20n, 2]],
    bids: [],
  },
  {
    name: 'self-trade prevention: a GTC taker meeting its own best ask neither trades nor rests',
    book: [ask('a1', 100n, 10n, 9), ask('a2', 105n, 10n, 2)],
    order: buy(105n, 10n),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    canceled: 'self_trade',
    asks: [
      [100n, 10n, 1],
      [105n, 10n, 1],
    ],
    bids: [],
  },
  {
    name: 'FOK counts only liquidity ahead of an own order',
    book: [ask('a1', 100n, 10n, 2), ask('a2', 100n, 10n, 9), ask('a3', 105n, 10n, 2)],
    order: buy(105n, 20n, 'FOK'),
    fills: [],
    status: 'canceled',
    remaining: 20n,
    rejected: 'fok_unfillable',
    asks: [
      [100n, 20n, 2],
      [105n, 10n, 1],
    ],
    bids: [],
  },
  {
    name: 'price off the tick is rejected',
    book: [],
    order: buy(102n, 10n),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'invalid_price',
    asks: [],
    bids: [],
  },
  {
    name: 'size off the lot is rejected',
    book: [ask('a1', 100n, 10n)],
    order: buy(100n, 15n),
    fills: [],
    status: 'canceled',
    remaining: 15n,
    rejected: 'invalid_size',
    asks: [[100n, 10n, 1]],
    bids: [],
  },
  {
    name: 'non-positive price is rejected',
    book: [],
    order: sell(0n, 10n),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'invalid_price',
    asks: [],
    bids: [],
  },
  {
    name: 'zero size is rejected',
    book: [],
    order: sell(100n, 0n),
    fills: [],
    status: 'canceled',
    remaining: 0n,
    rejected: 'invalid_size',
    asks: [],
    bids: [],
  },
  {
    name: 'limit without a price is rejected',
    book: [],
    order: { side: 'buy', type: 'limit', size: 10n },
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'invalid_price',
    asks: [],
    bids: [],
  },
  {
    name: 'market with a price is rejected',
    book: [],
    order: { side: 'buy', type: 'market', price: 100n, size: 10n },
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'invalid_price',
    asks: [],
    bids: [],
  },
  {
    name: 'quoteSize on a sell is rejected',
    book: [],
    order: { side: 'sell', type: 'market', quoteSize: 1000n },
    fills: [],
    status: 'canceled',
    remaining: 1000n,
    rejected: 'invalid_size',
    asks: [],
    bids: [],
  },
  {
    name: 'post_only market order is rejected',
    book: [],
    order: { side: 'sell', type: 'market', size: 10n, timeInForce: 'post_only' },
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'invalid_time_in_force',
    asks: [],
    bids: [],
  },
  {
    name: 'limit under the minimum notional is rejected',
    spec: { minNotional: 1000n },
    book: [],
    order: buy(95n, 10n),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'below_min_notional',
    asks: [],
    bids: [],
  },
  {
    name: 'limit at the minimum notional rests',
    spec: { minNotional: 1000n },
    book: [],
    order: buy(100n, 10n),
    fills: [],
    status: 'new',
    remaining: 10n,
    asks: [],
    bids: [[100n, 10n, 1]],
  },
  {
    name: 'an id already open is rejected',
    book: [bid('t', 90n, 10n)],
    order: buy(95n, 10n),
    fills: [],
    status: 'canceled',
    remaining: 10n,
    rejected: 'duplicate_id',
    asks: [],
    bids: [[90n, 10n, 1]],
  },
];

function bookWith(resting: Resting[], spec: Partial<BookSpec> = {}): OrderBook {
  const book = createBook({ ...SPEC, ...spec, checkInvariants: true });
  for (const [id, userId, side, price, size] of resting) {
    const r = book.place({ id, userId, side, type: 'limit', price, size });
    expect(r.status, `setup order ${id}`).toBe('new');
  }
  return book;
}

describe('matching', () => {
  it.each(rows)('$name', (row) => {
    const book = bookWith(row.book, row.spec);
    const before = book.seq;
    const { userId = 9, ...rest } = row.order;
    const r = book.place({ id: 't', userId, ...rest });
    expect(r.fills.map((f) => [f.makerOrderId, f.price, f.size])).toEqual(row.fills);
    for (const f of r.fills) {
      expect(f).toMatchObject({ takerOrderId: 't', takerUserId: userId });
    }
    expect({
      status: r.status,
      remaining: r.remaining,
      rejected: r.rejectedReason,
      canceled: r.canceledReason,
    }).toEqual({
      status: row.status,
      remaining: row.remaining,
      rejected: row.rejected,
      canceled: row.canceled,
    });
    expect(r.filledSize).toBe(r.fills.reduce((s, f) => s + f.size, 0n));
    expect(r.filledQuote).toBe(r.fills.reduce((s, f) => s + f.size * f.price, 0n));
    expect(book.depth()).toEqual({ asks: row.asks, bids: row.bids });
    expect(book.seq).toBe(r.deltas.length > 0 ? before + 1 : before);
    if (row.rejected) expect(r.deltas).toEqual([]);
    book.assertInvariants();
  });
});

describe('results', () => {
  it('reports maker remaining and level deltas in walk order', () => {
    const book = bookWith([ask('a1', 100n, 10n), ask('a2', 105n, 20n), ask('a3', 110n, 10n)]);
    const r = book.place({ id: 't', userId: 9, side: 'buy', type: 'limit', price: 105n, size: 40n });
    expect(r.fills.map((f) => f.makerRemaining)).toEqual([0n, 0n]);
    expect(r.deltas).toEqual([
      { side: 'sell', price: 100n, size: 0n, count: 0 },
      { side: 'sell', price: 105n, size: 0n, count: 0 },
      { side: 'buy', price: 105n, size: 10n, count: 1 },
    ]);
    const r2 = book.place({ id: 't2', userId: 8, side: 'sell', type: 'limit', price: 105n, size: 10n });
    expect(r2.fills).toEqual([
      {
        makerOrderId: 't',
        takerOrderId: 't2',
        makerUserId: 9,
        takerUserId: 8,
        price: 105n,
        size: 10n,
        makerRemaining: 0n,
      },
    ]);
    expect(book.getOrder('t')).toBeUndefined();
  });

  it('depth(n) gives the top n levels per side, best first', () => {
    const book = bookWith([
      bid('b1', 90n, 10n),
      bid('b2', 95n, 20n),
      bid('b3', 95n, 10n),
      ask('a1', 110n, 10n),
      ask('a2', 105n, 10n),
      ask('a3', 120n, 10n),
    ]);
    expect(book.depth(2)).toEqual({
      asks: [
        [105n, 10n, 1],
        [110n, 10n, 1],
      ],
      bids: [
        [95n, 30n, 2],
        [90n, 10n, 1],
      ],
    });
    expect(book.bestBid()).toBe(95n);
    expect(book.bestAsk()).toBe(105n);
    expect(book.orderCount).toBe(6);
  });
});

describe('cancel', () => {
  it('cancel removes one order and returns it with its open size', () => {
    const book = bookWith([ask('a1', 100n, 30n), ask('a2', 100n, 10n, 2)]);
    book.place({ id: 't', userId: 9, side: 'buy', type: 'market', size: 10n });
    const r = book.cancel('a1');
    expect(r.canceled).toEqual([
      { id: 'a1', userId: 1, side: 'sell', price: 100n, size: 30n, remaining: 20n },
    ]);
    expect(r.missing).toEqual([]);
    expect(r.deltas).toEqual([{ side: 'sell', price: 100n, size: 10n, count: 1 }]);
    expect(book.cancel('a1')).toEqual({ canceled: [], missing: ['a1'], deltas: [], seq: book.seq });
    expect(book.depth()).toEqual({ asks: [[100n, 10n, 1]], bids: [] });
  });

  it('cancelMany removes the open ones once and lists the rest as missing', () => {
    const book = bookWith([
      bid('b1', 90n, 10n),
      bid('b2', 90n, 10n),
      bid('b3', 95n, 10n),
      ask('a1', 100n, 10n),
    ]);
    const seq = book.seq;
    const r = book.cancelMany(['b3', 'nope', 'b1', 'b3', 'a1']);
    expect(r.canceled.map((o) => o.id)).toEqual(['b3', 'b1', 'a1']);
    expect(r.missing).toEqual(['nope']);
    expect(r.deltas).toEqual([
      { side: 'buy', price: 95n, size: 0n, count: 0 },
      { side: 'buy', price: 90n, size: 10n, count: 1 },
      { side: 'sell', price: 100n, size: 0n, count: 0 },
    ]);
    expect(r.seq).toBe(seq + 1);
    expect(book.depth()).toEqual({ asks: [], bids: [[90n, 10n, 1]] });
    book.assertInvariants();
  });

  it('cancelAllOf removes every open order of one user, oldest first', () => {
    const book = bookWith([bid('b1', 90n, 10n, 1), ask('a1', 100n, 10n, 2), ask('a2', 105n, 10n, 1)]);
    const r = book.cancelAllOf(1);
    expect(r.canceled.map((o) => o.id)).toEqual(['b1', 'a2']);
    expect(book.depth()).toEqual({ asks: [[100n, 10n, 1]], bids: [] });
    expect(book.cancelAllOf(1).canceled).toEqual([]);
    expect(book.cancelAllOf(1).deltas).toEqual([]);
  });
});

describe('snapshot and restore', () => {
  it('restore rebuilds levels and time priority from orders in arrival order', () => {
    const book = bookWith([ask('a1', 100n, 10n, 1), ask('a2', 100n, 10n, 2), bid('b1', 90n, 20n, 3)]);
    book.place({ id: 't', userId: 4, side: 'buy', type: 'limit', price: 100n, size: 10n });
    const orders = book.snapshot();
    expect(orders.map((o) => [o.id, o.remaining])).toEqual([
      ['a2', 10n],
      ['b1', 20n],
    ]);
    const copy = createBook({ ...SPEC, checkInvariants: true });
    copy.restore(orders);
    expect(copy.depth()).toEqual(book.depth());
    const taker: OrderInput = { id: 'x', userId: 5, side: 'buy', type: 'market', size: 10n };
    expect(copy.place(taker).fills).toEqual(book.place(taker).fills);
  });

  it('restore refuses a non-empty book, duplicates, bad steps and a crossed set', () => {
    const o = { id: 'a', userId: 1, side: 'sell', price: 100n, size: 20n, remaining: 10n } as const;
    const fresh = () => createBook(SPEC);
    const full = fresh();
    full.restore([o]);
    expect(() => full.restore([{ ...o, id: 'b' }])).toThrow(/empty book/);
    expect(() => fresh().restore([o, o])).toThrow(/duplicate/);
    expect(() => fresh().restore([{ ...o, price: 101n }])).toThrow(/invalid/);
    expect(() => fresh().restore([{ ...o, remaining: 30n }])).toThrow(/invalid/);
    const crossed = fresh();
    expect(() => crossed.restore([o, { ...o, id: 'b', side: 'buy' }])).toThrow(/cross/);
    expect(crossed.orderCount).toBe(0);
  });

  it('createBook refuses unusable steps', () => {
    expect(() => createBook({ ...SPEC, tickSize: 0n })).toThrow(/tickSize/);
    expect(() => createBook({ ...SPEC, lotSize: -1n })).toThrow(/lotSize/);
  });
});
