// Random sequences of orders and cancels from a few users on two instruments that share USDT: after every
// sequence the ledger audits clean, every user's frozen balance is exactly what their open orders still need
// (computed here from the orders' own figures), the book equals the store's open orders, and a book rebuilt
// from the store is identical.
import { randomBytes } from 'node:crypto';
import { exactText, parseAmount } from '@nexa/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import type { OrderView, SubmitInput } from '../src/modules/spot/service';
import { depositConfirmed, operatorToken, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
const users: number[] = [];
const tokens: string[] = [];
let finance = '';

const INSTS = {
  'BTC-USDT': {
    base: 'BTC',
    baseScale: 8,
    mid: 600_000,
    tickDecimals: 1,
    lot: (n: number) => (n / 10_000).toFixed(4),
  },
  'NEU-USDT': { base: 'NEU', baseScale: 8, mid: 20_000, tickDecimals: 4, lot: (n: number) => String(n) },
} as const;
type InstId = keyof typeof INSTS;
const INST_IDS = Object.keys(INSTS) as InstId[];
const MAKER = 80_000n;
const TAKER = 100_000n;
const RATE_ONE = 100_000_000n;
const ALLOWED = new Set(['BelowMinimum', 'OrderRejected', 'InsufficientBalance']);
/** How the operations ended, to show the runs did exercise matching. */
const outcomes = new Map<string, number>();
const tally = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

const priceText = (inst: InstId, tick: number) => {
  const { mid, tickDecimals } = INSTS[inst];
  const v = mid + tick;
  const unit = 10 ** tickDecimals;
  return `${Math.floor(v / unit)}.${String(v % unit).padStart(tickDecimals, '0')}`;
};

type Op =
  | {
      kind: 'limit';
      user: number;
      inst: InstId;
      side: 'buy' | 'sell';
      tick: number;
      lots: number;
      tif: string;
    }
  | { kind: 'market'; user: number; inst: InstId; side: 'buy' | 'sell'; lots: number }
  | { kind: 'quote'; user: number; inst: InstId; usdt: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'cancelAll'; user: number; inst: InstId };

const user = fc.nat(3);
const inst = fc.constantFrom(...INST_IDS);
const side = fc.constantFrom('buy' as const, 'sell' as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user,
      inst,
      side,
      tick: fc.integer({ min: -6, max: 6 }),
      lots: fc.integer({ min: 1, max: 40 }),
      tif: fc.constantFrom('GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'post_only'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      user,
      inst,
      side,
      lots: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      user,
      inst,
      usdt: fc.integer({ min: 1, max: 400 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), user, inst }) },
);

async function openOrders(userId: number): Promise<OrderView[]> {
  return (await srv.app.modules.spot.orders(userId, { open: true }, { page: 1, size: 100 })).list;
}

async function run(o: Op): Promise<void> {
  const market = srv.app.modules.spot;
  const userId = users[o.user] as number;
  try {
    if (o.kind === 'cancel') {
      const mine = await openOrders(userId);
      const target = mine[o.pick % Math.max(mine.length, 1)];
      if (target) await market.cancel(userId, { orderIds: [target.trade_id] });
      return;
    }
    if (o.kind === 'cancelAll') {
      await market.cancel(userId, { instId: o.inst });
      return;
    }
    let input: SubmitInput;
    if (o.kind === 'limit') {
      input = {
        instId: o.inst,
        side: o.side,
        type: 'limit',
        px: exactText(priceText(o.inst, o.tick)),
        sz: exactText(INSTS[o.inst].lot(o.lots)),
        tif: o.tif as SubmitInput['tif'],
      };
    } else if (o.kind === 'market') {
      input = {
        instId: o.inst,
        side: o.side,
        type: 'market',
        tgtCcy: 'base_ccy',
        sz: exactText(INSTS[o.inst].lot(o.lots)),
      };
    } else {
      input = { instId: o.inst, side: 'buy', type: 'market', sz: exactText(String(o.usdt)) };
    }
    const placed = await market.submit(userId, input);
    tally(placed.filled_sz === '0' ? placed.status : `${placed.status}+fills`);
  } catch (err) {
    if (!(err instanceof DomainError) || !ALLOWED.has(err.errorName)) throw err;
    tally(err.errorName);
  }
}

const minor = (text: string | null, scale: number): bigint => {
  const v = text === null ? null : parseAmount(text, scale);
  if (v === null) throw new Error(`bad amount ${text}`);
  return v;
};

/** Size steps in base minor units: BTC 0.0001, NEU 0.01. */
const LOT: Record<string, bigint> = { 'BTC-USDT': 10_000n, 'NEU-USDT': 1_000_000n };

/**
 * What an open order must still hold, from its own figures: a buy its open value, the larger fee on it
 * rounded up and one USDT minor unit per open lot (the rounding of later fills); a sell its open size.
 */
function expectedHold(o: OrderView): bigint {
  const remaining = minor(o.sz, 8) - minor(o.filled_sz, 8);
  if (o.side === 'sell') return remaining;
  const q = (minor(o.px, 6) * remaining) / 10n ** 8n;
  const rate = MAKER > TAKER ? MAKER : TAKER;
  return q + (q * rate + RATE_ONE - 1n) / RATE_ONE + remaining / (LOT[o.instId] ?? 1n);
}

async function checkInvariants(): Promise<void> {
  const market = srv.app.modules.spot;
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  const levels = new Map<string, Map<string, [bigint, number]>>();
  for (const userId of users) {
    const open = await openOrders(userId);
    const held = new Map<string, bigint>();
    for (const o of open) {
      expect(['new', 'partial_filled']).toContain(o.status);
      const hold = expectedHold(o);
      expect(minor(o.frozen, o.frozen_ccy === 'USDT' ? 6 : 8), `${o.trade_id} hold`).toBe(hold);
      held.set(o.frozen_ccy, (held.get(o.frozen_ccy) ?? 0n) + hold);
      const key = `${o.instId}:${o.side}`;
      const side = levels.get(key) ?? new Map<string, [bigint, number]>();
      const [size, count] = side.get(o.px ?? '') ?? [0n, 0];
      side.set(o.px ?? '', [size + minor(o.sz, 8) - minor(o.filled_sz, 8), count + 1]);
      levels.set(key, side);
    }
    for (const b of await srv.app.ledger.balances(userId)) {
      expect(b.frozen, `user ${userId} ${b.asset} frozen`).toBe(held.get(b.asset) ?? 0n);
    }
  }
  for (const instId of INST_IDS) {
    const d = await market.depth(instId, 1000);
    for (const [side, book] of [
      ['sell', d.asks],
      ['buy', d.bids],
    ] as const) {
      const want = levels.get(`${instId}:${side}`) ?? new Map<string, [bigint, number]>();
      expect(book.length, `${instId} ${side} levels`).toBe(want.size);
      for (const [px, sz, count] of book) {
        expect([minor(sz, 8), count], `${instId} ${side} ${px}`).toEqual(want.get(px));
      }
    }
    // A book rebuilt from the store is the same book.
    await market.rebuild(instId);
    const again = await market.depth(instId, 1000);
    expect({ asks: again.asks, bids: again.bids }).toEqual({ asks: d.asks, bids: d.bids });
  }
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
  for (let i = 0; i < 4; i++) {
    const u = await signedInUser(srv);
    // Modest balances, so some orders run into InsufficientBalance.
    for (const [asset, amount] of [
      ['USDT', '400'],
      ['BTC', '0.006'],
      ['NEU', '100'],
    ] as const) {
      await depositConfirmed(srv, u.token, finance, amount, asset);
    }
    const me = await srv.app.modules.auth.authenticate(u.token);
    if (!me) throw new Error('no user');
    users.push(me.id);
    tokens.push(u.token);
  }
});
afterAll(() => srv.close());

it('keeps holds exact and the ledger clean through any sequence of orders and cancels', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 40 }), async (ops) => {
      for (const o of ops) await run(o);
      await checkInvariants();
    }),
    { numRuns: 20 },
  );
  // Everything canceled: nothing is held any more.
  for (const userId of users) {
    for (const instId of INST_IDS) await srv.app.modules.spot.cancel(userId, { instId });
    for (const b of await srv.app.ledger.balances(userId)) expect(b.frozen).toBe(0n);
  }
  expect(await srv.app.ledger.audit()).toEqual([]);
  // The runs rested, matched (in full, and in part then rested or canceled) and refused orders.
  const seen = (...keys: string[]) => keys.reduce((n, k) => n + (outcomes.get(k) ?? 0), 0);
  const what = JSON.stringify([...outcomes]);
  expect(seen('new'), what).toBeGreaterThan(0);
  expect(seen('filled+fills'), what).toBeGreaterThan(0);
  expect(seen('partial_filled+fills', 'canceled+fills'), what).toBeGreaterThan(0);
  expect(seen('InsufficientBalance'), what).toBeGreaterThan(0);
}, 600_000);

it('keeps the same invariants when orders on both instruments arrive all at once', async () => {
  for (let round = 0; round < 5; round++) {
    const burst = fc.sample(op, 40);
    await Promise.all(burst.map(run));
    await checkInvariants();
  }
  // A retried request id places one order, however the retries race. The bursts may have spent the user's
  // USDT: it is topped up first, since what is checked here is the request id, not the balance.
  const userId = users[0] as number;
  await depositConfirmed(srv, tokens[0] as string, finance, '10', 'USDT');
  const body: SubmitInput = {
    instId: 'NEU-USDT',
    side: 'buy',
    type: 'limit',
    px: exactText('1.5'),
    sz: exactText('4'),
    request_id: `race-${randomBytes(6).toString('hex')}`,
  };
  const answers = await Promise.allSettled(
    Array.from({ length: 6 }, () => srv.app.modules.spot.submit(userId, body)),
  );
  // One order, and every retry answers it: none may fail, or "all retries failed" would pass.
  const ids = new Set(answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value.trade_id] : [])));
  const failures = answers.flatMap((a) => (a.status === 'rejected' ? [String(a.reason)] : []));
  expect(failures).toEqual([]);
  expect(ids.size).toBe(1);
  await checkInvariants();
}, 600_000);
