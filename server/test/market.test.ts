import { randomBytes } from 'node:crypto';
import { exactText, formatAmount, type ResponseData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { BusEvents } from '../src/kernel/bus';
import { queryRows } from '../src/store';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;

const rid = () => `req-${randomBytes(8).toString('hex')}`;

interface Order {
  trade_id: string;
  instId: string;
  side: string;
  type: string;
  tif: string;
  px: string | null;
  sz: string;
  filled_sz: string;
  filled_quote: string;
  avg_px: string | null;
  fee: string;
  frozen: string;
  frozen_ccy: string;
  status: string;
  cancel_reason: string | null;
  upl: string | null;
  upl_ratio: string | null;
  mark_px: string | null;
}
type Level = [string, string, number];
interface Depth {
  instId: string;
  seq: number;
  asks: Level[];
  bids: Level[];
}

interface User {
  token: string;
  id: number;
  address: string;
}

/** A signed-in user holding the given amounts, each credited through an operator-confirmed deposit. */
async function funded(amounts: Record<string, string>): Promise<User> {
  const u = await signedInUser(srv);
  for (const [asset, amount] of Object.entries(amounts)) {
    await depositConfirmed(srv, u.token, finance, amount, asset);
  }
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  return { token: u.token, id: me.id, address: u.wallet.address.toLowerCase() };
}

async function balance(u: User, asset: string) {
  const res = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token: u.token });
  const row = res.body.data.list.find((b) => b.asset === asset);
  return { available: row?.available ?? '?', frozen: row?.frozen ?? '?' };
}

const submit = (u: User, body: Record<string, unknown>) =>
  call<ResponseData<'/v1/order/submitTrade'>>(srv, '/v1/order/submitTrade', body, { token: u.token });
const cancel = (u: User, body: Record<string, unknown>) =>
  call<ResponseData<'/v1/order/batchCancelOrder'>>(srv, '/v1/order/batchCancelOrder', body, {
    token: u.token,
  });
const depth = async (instId: string): Promise<Depth> =>
  (await api(srv, '/v1/market/depth', { instId, n: 50 })).body.data;

async function placed(u: User, body: Record<string, unknown>): Promise<Order> {
  const res = await submit(u, body);
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

/** Cancels what a test left resting, so the next test meets an empty book. */
async function clear(...users: User[]) {
  for (const u of users) {
    for (const instId of srv.app.modules.spot.instIds()) await cancel(u, { instId });
  }
}

async function fees(asset = 'USDT'): Promise<string> {
  const lines = await srv.app.ledger.solvency();
  const acc = lines.find((l) => l.asset === asset)?.systemAccounts.find((s) => s.name === 'system:fees');
  return String(acc?.available ?? 0n);
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

describe('instruments and depth', () => {
  it('lists the seeded spot instruments with steps, minimum and fees, without a token', async () => {
    const res = await api(srv, '/v1/market/instruments', {});
    expect(res.body.code).toBe(200);
    const ids = res.body.data.list.map((i) => i.instId);
    expect(ids).toEqual(expect.arrayContaining(['BTC-USDT', 'ETH-USDT', 'BWC-USDT', 'NEU-USDT']));
    expect(res.body.data.list.find((i) => i.instId === 'BTC-USDT')).toMatchObject({
      tick_size: '0.1',
      lot_size: '0.0001',
      min_notional: '5',
      maker_fee_rate: '0.0008',
      taker_fee_rate: '0.001',
      enabled: true,
    });
    expect((await call(srv, '/v1/market/depth', { instId: 'NOPE-USDT' })).body.error).toBe(
      'ValidationFailed',
    );
  });
});

describe('spot orders', () => {
  it('rests a limit buy with price × size + fee frozen; a market sell fills it; both sides settle exactly', async () => {
    const a = await funded({ USDT: '10000' });
    const b = await funded({ BTC: '1' });
    const feesBefore = BigInt(await fees());
    const bid = await placed(a, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '60000', sz: '0.01' });
    expect(bid).toMatchObject({ status: 'new', px: '60000', sz: '0.01', filled_sz: '0', frozen: '600.6001' });
    expect(bid.trade_id).toMatch(/^ord_[0-9a-f]{24}$/);
    // 600 USDT + the larger fee (taker 0.1%) + one minor unit for each of its 100 lots = 600.6001 held.
    expect(await balance(a, 'USDT')).toEqual({ available: '9399.3999', frozen: '600.6001' });
    const open = await api(srv, '/v1/order/meTradeList', { state: 'open' }, { token: a.token });
    expect(open.body.data.total).toBe(1);
    expect(open.body.data.list[0]).toMatchObject({
      trade_id: bid.trade_id,
      status: 'new',
      upl: null,
      upl_ratio: null,
      mark_px: null,
    });
    expect((await depth('BTC-USDT')).bids).toEqual([['60000', '0.01', 1]]);

    const sold = await placed(b, { instId: 'BTC-USDT', side: 'sell', type: 'market', sz: '0.01' });
    expect(sold).toMatchObject({
      status: 'filled',
      filled_sz: '0.01',
      avg_px: '60000',
      fee: '0.6',
      px: null,
    });
    // Maker pays 0.08% (0.48), taker 0.1% (0.6): A spent 600.48, B got 599.4.
    expect(await balance(a, 'USDT')).toEqual({ available: '9399.52', frozen: '0' });
    expect(await balance(a, 'BTC')).toEqual({ available: '0.01', frozen: '0' });
    expect(await balance(b, 'USDT')).toEqual({ available: '599.4', frozen: '0' });
    expect(await balance(b, 'BTC')).toEqual({ available: '0.99', frozen: '0' });
    expect(BigInt(await fees()) - feesBefore).toBe(1_080_000n);

    const closed = await api(srv, '/v1/order/meTradeList', { state: 'closed' }, { token: a.token });
    expect(closed.body.data.list[0]).toMatchObject({ trade_id: bid.trade_id, status: 'filled', fee: '0.48' });
    expect(
      (await api(srv, '/v1/order/meTradeList', { state: 'open' }, { token: a.token })).body.data.total,
    ).toBe(0);
    const byStatus = await api(srv, '/v1/order/list', { status: 2 }, { token: b.token });
    expect(byStatus.body.data.list.map((o) => o.trade_id)).toEqual([sold.trade_id]);
    expect((await api(srv, '/v1/order/list', { status: 1 }, { token: b.token })).body.data.total).toBe(0);

    const trades = await queryRows<Record<string, string>>(
      srv.app.deps.store.db,
      sql`select price::text, size::text, side, maker_order_id, taker_order_id, maker_fee::text, taker_fee::text
          from market_trades where taker_order_id = ${sold.trade_id}`,
    );
    expect(trades).toEqual([
      {
        price: '60000000000',
        size: '1000000',
        side: 'sell',
        maker_order_id: bid.trade_id,
        taker_order_id: sold.trade_id,
        maker_fee: '480000',
        taker_fee: '600000',
      },
    ]);
    expect((await depth('BTC-USDT')).bids).toEqual([]);
  });

  it('fills partially, and a cancel releases exactly what was left frozen', async () => {
    const a = await funded({ ETH: '2' });
    const b = await funded({ USDT: '5000' });
    const ask = await placed(a, { instId: 'ETH-USDT', side: 'sell', type: 'limit', px: '3000', sz: '1' });
    expect(await balance(a, 'ETH')).toEqual({ available: '1', frozen: '1' });
    const bid = await placed(b, { instId: 'ETH-USDT', side: 'buy', type: 'limit', px: '3000.5', sz: '0.4' });
    // The taker buys at the maker's 3000: 1200 + 1.2 fee; its 3000.5 hold is released in full.
    expect(bid).toMatchObject({
      status: 'filled',
      filled_sz: '0.4',
      avg_px: '3000',
      fee: '1.2',
      frozen: '0',
    });
    expect(await balance(b, 'USDT')).toEqual({ available: '3798.8', frozen: '0' });
    expect(await balance(a, 'ETH')).toEqual({ available: '1', frozen: '0.6' });
    expect(await balance(a, 'USDT')).toEqual({ available: '1199.04', frozen: '0' });
    const mine = await api(srv, '/v1/order/meTradeList', { state: 'open' }, { token: a.token });
    expect(mine.body.data.list[0]).toMatchObject({
      trade_id: ask.trade_id,
      status: 'partial_filled',
      frozen: '0.6',
    });
    expect((await depth('ETH-USDT')).asks).toEqual([['3000', '0.6', 1]]);

    const res = await cancel(a, { order_id: ask.trade_id });
    expect(res.body.data.list).toEqual([
      expect.objectContaining({ trade_id: ask.trade_id, status: 'canceled', filled_sz: '0.4', frozen: '0' }),
    ]);
    expect(await balance(a, 'ETH')).toEqual({ available: '1.6', frozen: '0' });
    expect((await depth('ETH-USDT')).asks).toEqual([]);
    // Canceling a closed order again changes nothing.
    const again = await cancel(a, { order_ids: [ask.trade_id] });
    expect(again.body.data.list[0]).toMatchObject({ status: 'canceled' });
    expect(await balance(a, 'ETH')).toEqual({ available: '1.6', frozen: '0' });
  });

  it("cancels in batches, by ids or a whole instrument, and never touches someone else's order", async () => {
    const a = await funded({ USDT: '1000' });
    const b = await funded({ USDT: '1000' });
    const px = ['50000', '50000.1', '49999.9'];
    const orders = [];
    for (const p of px) {
      orders.push(await placed(a, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: p, sz: '0.001' }));
    }
    const theirs = await placed(b, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '49000',
      sz: '0.001',
    });
    const [o1, o2, o3] = orders.map((o) => o.trade_id) as [string, string, string];

    // Someone else's id, alone or among own ones: NotFound and nothing is canceled.
    expect((await cancel(b, { order_id: o1 })).body.error).toBe('NotFound');
    expect((await cancel(a, { order_ids: [o1, theirs.trade_id] })).body.error).toBe('NotFound');
    expect((await cancel(a, { order_ids: [`ord_${'0'.repeat(24)}`] })).body.error).toBe('NotFound');
    expect((await cancel(a, {})).body.error).toBe('ValidationFailed');
    expect((await depth('BTC-USDT')).bids.map((l) => l[0])).toEqual(['50000.1', '50000', '49999.9', '49000']);

    const two = await cancel(a, { order_ids: [o1, o2] });
    expect(two.body.data.list.map((o) => [o.trade_id, o.status])).toEqual([
      [o1, 'canceled'],
      [o2, 'canceled'],
    ]);
    const all = await cancel(a, { instId: 'BTC-USDT' });
    expect(all.body.data.list.map((o) => o.trade_id)).toEqual([o3]);
    expect(await balance(a, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    expect((await depth('BTC-USDT')).bids).toEqual([['49000', '0.001', 1]]);
    const still = await api(srv, '/v1/order/meTradeList', { state: 'open' }, { token: b.token });
    expect(still.body.data.list.map((o) => o.trade_id)).toEqual([theirs.trade_id]);
    await clear(b);
  });

  it('honours IOC, FOK and post_only', async () => {
    const maker = await funded({ BTC: '1' });
    const taker = await funded({ USDT: '10000' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '60000', sz: '0.01' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '60010', sz: '0.01' });
    const before = await depth('BTC-USDT');

    const po = await submit(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '60000',
      sz: '0.01',
      tif: 'post_only',
    });
    expect(po.body).toMatchObject({ error: 'OrderRejected', data: { reason: 'post_only_would_take' } });
    const fok = await submit(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '60010',
      sz: '0.03',
      tif: 'FOK',
    });
    expect(fok.body).toMatchObject({ error: 'OrderRejected', data: { reason: 'fok_unfillable' } });
    expect(await depth('BTC-USDT')).toMatchObject({ asks: before.asks, seq: before.seq });
    expect(await balance(taker, 'USDT')).toEqual({ available: '10000', frozen: '0' });

    // post_only that does not cross rests as a maker.
    const rest = await placed(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '59990',
      sz: '0.01',
      tif: 'post_only',
    });
    expect(rest.status).toBe('new');

    // IOC takes the 60000 level and cancels the rest instead of resting it.
    const ioc = await placed(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '60005',
      sz: '0.02',
      tif: 'IOC',
    });
    expect(ioc).toMatchObject({
      status: 'canceled',
      cancel_reason: 'remainder',
      filled_sz: '0.01',
      frozen: '0',
    });
    // FOK that can fill does: the rest of the 60010 level.
    const fok2 = await placed(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '60010',
      sz: '0.01',
      tif: 'FOK',
    });
    expect(fok2).toMatchObject({ status: 'filled', filled_sz: '0.01' });
    // Spent 600 + 0.6 and 600.1 + 0.6001; the resting bid holds 599.9 + 0.5999 + 0.0001 (one unit a lot).
    expect(await balance(taker, 'USDT')).toEqual({ available: '8198.1999', frozen: '600.5' });
    // Got 600 − 0.48 and 600.1 − 0.48008.
    expect(await balance(maker, 'USDT')).toEqual({ available: '1199.13992', frozen: '0' });
    await clear(taker, maker);
  });

  it('checks steps, the minimum, balances and liquidity before touching the book', async () => {
    const u = await funded({ USDT: '100' });
    const base = { instId: 'BTC-USDT', side: 'buy', type: 'limit' };
    const err = async (body: Record<string, unknown>) => (await submit(u, body)).body;
    expect(await err({ ...base, px: '60000.05', sz: '0.001' })).toMatchObject({
      error: 'ValidationFailed',
      msg: 'px: has an invalid value',
    });
    expect(await err({ ...base, px: '60000', sz: '0.00015' })).toMatchObject({ error: 'ValidationFailed' });
    expect(await err({ ...base, sz: '0.001' })).toMatchObject({
      error: 'ValidationFailed',
      msg: 'px: is required',
    });
    expect(await err({ ...base, px: '40000', sz: '0.0001' })).toMatchObject({
      error: 'BelowMinimum',
      msg: 'The amount is below the minimum of 5 USDT',
    });
    expect(await err({ ...base, px: '60000', sz: '0.01' })).toMatchObject({ error: 'InsufficientBalance' });
    expect(await err({ ...base, type: 'market', sz: '10' })).toMatchObject({
      error: 'OrderRejected',
      data: { reason: 'no_liquidity' },
    });
    expect(await err({ ...base, instId: 'ZZZ-USDT', px: '1', sz: '10' })).toMatchObject({
      error: 'ValidationFailed',
    });
    const zh = await call(
      srv,
      '/v1/order/submitTrade',
      { ...base, type: 'market', sz: '10' },
      {
        token: u.token,
        lang: 'zh_CN',
      },
    );
    expect(zh.body.msg).toBe('订单被拒绝（no_liquidity）');
    expect(await balance(u, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect((await depth('BTC-USDT')).bids).toEqual([]);
  });

  it('buys at market by quote amount or by size within the price band; a request id places once', async () => {
    const maker = await funded({ BTC: '1' });
    const taker = await funded({ USDT: '10000' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '60000', sz: '0.001' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '61000', sz: '0.01' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '70000', sz: '0.01' });

    // 100 USDT: 0.001 at 60000 (60), then whole lots of 0.0001 at 61000 (6.1 each) while they fit: 6 lots.
    const body = { instId: 'BTC-USDT', side: 'buy', type: 'market', sz: '100', request_id: rid() };
    const byQuote = await placed(taker, body);
    expect(byQuote).toMatchObject({ status: 'filled', filled_sz: '0.0016', filled_quote: '96.6', sz: '100' });
    const retry = await submit(taker, body);
    expect(retry.body.data).toEqual(byQuote);
    expect((await submit(taker, { ...body, sz: '101' })).body.error).toBe('IdempotencyConflict');
    expect(await balance(taker, 'USDT')).toEqual({ available: '9903.3034', frozen: '0' });
    // The records say it in one line: 96.6966 spent (96.6 and the fee), 3.4034 of the 100.1 held returned,
    // partly filled for the lot size (what was left could not buy one more lot).
    const usdtLines = await api(
      srv,
      '/api/assets/moneyRecord',
      { page: 1, symbol: 'USDT' },
      { token: taker.token },
    );
    const orderLines = usdtLines.body.data.list.filter((r) => r.type === 'spot.order');
    expect(orderLines).toEqual([
      expect.objectContaining({
        amount: '-96.6966',
        returned: '3.4034',
        balance_after: '9903.3034',
        detail: { kind: 'order', inst: 'BTC-USDT', side: 'buy', type: 'market', partial: 'lot_size' },
      }),
    ]);

    // By size: within 5% of the best ask (61000 → 64050), so the 70000 level is out of reach.
    const bySize = await placed(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      tgtCcy: 'base_ccy',
      sz: '0.02',
    });
    expect(bySize).toMatchObject({ status: 'canceled', cancel_reason: 'remainder', filled_sz: '0.0094' });
    expect((await depth('BTC-USDT')).asks).toEqual([['70000', '0.01', 1]]);
    await clear(maker);
  });

  it('publishes book updates with the sequence, trades, order updates and the ticker', async () => {
    const a = await funded({ USDT: '1000' });
    const b = await funded({ BTC: '1' });
    const seen = {
      book: [] as BusEvents['book.update'][],
      trade: [] as BusEvents['trade'][],
      order: [] as BusEvents['order.update'][],
      ticker: [] as BusEvents['ticker'][],
    };
    const bus = srv.app.bus;
    const stops = [
      bus.subscribe('book.update', (e) => seen.book.push(e)),
      bus.subscribe('trade', (e) => seen.trade.push(e)),
      bus.subscribe('order.update', (e) => seen.order.push(e)),
      bus.subscribe('ticker', (e) => seen.ticker.push(e)),
    ];
    try {
      const start = (await depth('BTC-USDT')).seq;
      const bid = await placed(a, {
        instId: 'BTC-USDT',
        side: 'buy',
        type: 'limit',
        px: '62000',
        sz: '0.001',
      });
      const ask = await placed(b, {
        instId: 'BTC-USDT',
        side: 'sell',
        type: 'limit',
        px: '61000',
        sz: '0.002',
      });
      expect(seen.book).toEqual([
        {
          instId: 'BTC-USDT',
          seq: start + 1,
          from: start,
          asks: [],
          bids: [['62000', '0.001', 1]],
          ts: expect.any(Number),
        },
        {
          instId: 'BTC-USDT',
          seq: start + 2,
          from: start + 1,
          asks: [['61000', '0.001', 1]],
          bids: [['62000', '0', 0]],
          ts: expect.any(Number),
        },
      ]);
      expect(seen.trade).toEqual([
        {
          instId: 'BTC-USDT',
          tradeId: expect.any(String),
          price: '62000',
          size: '0.001',
          side: 'sell',
          ts: expect.any(Number),
        },
      ]);
      const updates = seen.order.map((u) => [u.userId, u.order.trade_id, u.order.status]);
      expect(updates).toEqual([
        [a.id, bid.trade_id, 'new'],
        [b.id, ask.trade_id, 'partial_filled'],
        [a.id, bid.trade_id, 'filled'],
      ]);
      expect(seen.ticker.at(-1)).toMatchObject({ instId: 'BTC-USDT', last: '62000' });
      const tickers = await api(srv, '/v1/market/tickers', {});
      expect(tickers.body.data.list.find((t) => t.instId === 'BTC-USDT')?.last).toBe('62000');
    } finally {
      for (const stop of stops) stop();
    }
    await clear(b);
  });

  it('rebuilds the book from the store when the transaction fails after matching', async () => {
    const maker = await funded({ BTC: '1' });
    const taker = await funded({ USDT: '10000' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '60000', sz: '0.005' });
    await placed(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '60100', sz: '0.005' });
    const before = await depth('BTC-USDT');
    const db = srv.app.deps.store.db;
    // The store refuses the trade rows of this one order: matching has happened in memory by then.
    await db.execute(sql`create function market_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db.execute(sql`create trigger market_test_fail before insert on market_trades
      for each row when (new.size = 270000) execute function market_test_fail()`);
    const snapshots: BusEvents['book.snapshot'][] = [];
    const stop = srv.app.bus.subscribe('book.snapshot', (s) => snapshots.push(s));
    try {
      const res = await submit(taker, {
        instId: 'BTC-USDT',
        side: 'buy',
        type: 'limit',
        px: '60100',
        sz: '0.0077',
      });
      expect(res.body.code).toBe(500);
    } finally {
      stop();
      await db.execute(sql`drop trigger market_test_fail on market_trades`);
      await db.execute(sql`drop function market_test_fail()`);
    }
    const after = await depth('BTC-USDT');
    expect(after.asks).toEqual(before.asks);
    expect(after.seq).toBeGreaterThan(before.seq);
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({ instId: 'BTC-USDT', asks: before.asks, seq: after.seq });
    expect(await balance(taker, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect(await balance(maker, 'BTC')).toEqual({ available: '0.99', frozen: '0.01' });
    // The rebuilt book trades normally.
    const ok = await placed(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '60100',
      sz: '0.0076',
    });
    expect(ok).toMatchObject({ status: 'filled', filled_sz: '0.0076' });
    await clear(maker);
  });
});

describe('token market (peer to peer)', () => {
  it('lists, sells part, shows both sides, and lets the seller withdraw the rest', async () => {
    const seller = await funded({ BWC: '1000' });
    const buyer = await funded({ USDT: '1000' });
    const feesBefore = BigInt(await fees());
    const listed = await api(
      srv,
      '/api/trade/sell',
      { symbol: 'BWC', price: '0.5', amount: '1000' },
      { token: seller.token },
    );
    expect(listed.body.data).toMatchObject({
      symbol: 'BWC',
      price: '0.5',
      remaining: '1000',
      status: 'open',
      mine: true,
    });
    expect(await balance(seller, 'BWC')).toEqual({ available: '0', frozen: '1000' });
    const id = listed.body.data.id;
    const open = await api(srv, '/api/trade/sellList', { symbol: 'BWC' }, { token: buyer.token });
    expect(open.body.data.list.find((l) => l.id === id)).toMatchObject({ mine: false, remaining: '1000' });
    expect(open.body.data.fee_rate).toBe('0.002');
    // Buyers see who sells: UID, masked address, completed sales (none yet).
    const sellerAddress = seller.address;
    expect(open.body.data.list.find((l) => l.id === id)).toMatchObject({
      seller_address: `${sellerAddress.slice(0, 6)}…${sellerAddress.slice(-4)}`,
      seller_sales: 0,
    });
    // Sellers see the market price (the source wallet values read), the cheapest listing and a suggestion.
    const bwc = open.body.data.prices.find((p) => p.symbol === 'BWC');
    const p18 = await srv.app.modules.wallet.assets.priceUsdt18('BWC');
    expect(p18).not.toBeNull();
    expect(bwc?.market).toBe(formatAmount(((p18 ?? 0n) + 500_000_000_000n) / 10n ** 12n, 6));
    expect(Number(bwc?.lowest)).toBeLessThanOrEqual(0.5);
    expect(bwc?.suggested).toBe(bwc?.lowest);

    const bought = await api(srv, '/api/trade/buy', { id, amount: '400' }, { token: buyer.token });
    // 400 × 0.5 = 200 USDT; the seller's 0.2% fee is 0.4.
    expect(bought.body.data).toMatchObject({
      listing_id: id,
      role: 'buyer',
      amount: '400',
      total: '200',
      fee: '0.4',
      net: '199.6',
    });
    expect(await balance(buyer, 'USDT')).toEqual({ available: '800', frozen: '0' });
    expect(await balance(buyer, 'BWC')).toEqual({ available: '400', frozen: '0' });
    expect(await balance(seller, 'USDT')).toEqual({ available: '199.6', frozen: '0' });
    expect(await balance(seller, 'BWC')).toEqual({ available: '0', frozen: '600' });
    expect(BigInt(await fees()) - feesBefore).toBe(400_000n);

    const after = await api(srv, '/api/trade/sellList', { symbol: 'BWC' }, { token: buyer.token });
    expect(after.body.data.list.find((l) => l.id === id)?.seller_sales).toBe(1);

    const sold = await api(srv, '/api/trade/sellDetail', { id }, { token: seller.token });
    expect(sold.body.data.list).toEqual([
      expect.objectContaining({ role: 'seller', amount: '400', net: '199.6' }),
    ]);
    const mine = await api(srv, '/api/trade/buyDetail', {}, { token: buyer.token });
    expect(mine.body.data.list.map((s) => s.id)).toEqual([bought.body.data.id]);

    expect((await call(srv, '/api/trade/cancelSell', { id }, { token: buyer.token })).body.error).toBe(
      'NotFound',
    );
    const back = await api(srv, '/api/trade/cancelSell', { id }, { token: seller.token });
    expect(back.body.data).toMatchObject({ status: 'withdrawn', sold: '400', remaining: '600' });
    expect(await balance(seller, 'BWC')).toEqual({ available: '600', frozen: '0' });
    expect((await call(srv, '/api/trade/buy', { id }, { token: buyer.token })).body.error).toBe(
      'InvalidState',
    );
    expect((await call(srv, '/api/trade/cancelSell', { id }, { token: seller.token })).body.error).toBe(
      'InvalidState',
    );
    const history = await api(
      srv,
      '/api/trade/sellList',
      { mine: 1, status: 'withdrawn' },
      { token: seller.token },
    );
    expect(history.body.data.list.map((l) => l.id)).toEqual([id]);
    // One listing by id: the seller's own, in any status; to anyone else it is not there.
    const one = await api(srv, '/api/trade/sellList', { id }, { token: seller.token });
    expect(one.body.data.list).toEqual([expect.objectContaining({ id, status: 'withdrawn', sold: '400' })]);
    const other = await api(srv, '/api/trade/sellList', { id }, { token: buyer.token });
    expect(other.body.data).toMatchObject({ list: [], total: 0 });
  });

  it('refuses buying without the USDT, buying one’s own listing, and listings without the tokens', async () => {
    const seller = await funded({ NEU: '100' });
    const poor = await funded({ USDT: '10' });
    const listed = await api(
      srv,
      '/api/trade/sell',
      { symbol: 'NEU', price: '2', amount: '50' },
      { token: seller.token },
    );
    const id = listed.body.data.id;
    expect((await call(srv, '/api/trade/buy', { id }, { token: poor.token })).body.error).toBe(
      'InsufficientBalance',
    );
    expect((await call(srv, '/api/trade/buy', { id }, { token: seller.token })).body.error).toBe(
      'OwnListing',
    );
    expect((await call(srv, '/api/trade/buy', { id, amount: '51' }, { token: poor.token })).body.error).toBe(
      'ValidationFailed',
    );
    expect((await call(srv, '/api/trade/buy', { id: 999_999 }, { token: poor.token })).body.error).toBe(
      'NotFound',
    );
    expect(
      (
        await call(
          srv,
          '/api/trade/sell',
          { symbol: 'NEU', price: '2', amount: '51' },
          { token: seller.token },
        )
      ).body.error,
    ).toBe('InsufficientBalance');
    expect(
      (
        await call(
          srv,
          '/api/trade/sell',
          { symbol: 'NEU', price: '2', amount: '2' },
          { token: seller.token },
        )
      ).body.error,
    ).toBe('BelowMinimum');
    expect(
      (
        await call(
          srv,
          '/api/trade/sell',
          { symbol: 'BTC', price: '2', amount: '5' },
          { token: seller.token },
        )
      ).body.error,
    ).toBe('ValidationFailed');
    // A small part is within reach: 4 NEU for 8 USDT; the listing stays open for the rest.
    const part = await api(srv, '/api/trade/buy', { id, amount: '4' }, { token: poor.token });
    expect(part.body.data).toMatchObject({ total: '8', fee: '0.016' });
    expect(await balance(poor, 'USDT')).toEqual({ available: '2', frozen: '0' });
    expect(await balance(seller, 'NEU')).toEqual({ available: '50', frozen: '46' });
    await call(srv, '/api/trade/cancelSell', { id }, { token: seller.token });
  });
});

describe('restart', () => {
  it('rebuilds every book from the open orders with the same depth and time priority', async () => {
    const x = await funded({ BTC: '1', ETH: '5' });
    const y = await funded({ BTC: '1', USDT: '100000' });
    await placed(x, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '65000', sz: '0.01' });
    await placed(y, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '65000', sz: '0.02' });
    await placed(x, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '65500.5', sz: '0.003' });
    await placed(y, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '64000', sz: '0.05' });
    await placed(y, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '64000', sz: '0.01' });
    await placed(x, { instId: 'ETH-USDT', side: 'sell', type: 'limit', px: '3500', sz: '2' });
    await placed(y, { instId: 'ETH-USDT', side: 'buy', type: 'limit', px: '3400', sz: '1' });
    // A partly filled order keeps its open size.
    await placed(y, { instId: 'ETH-USDT', side: 'buy', type: 'limit', px: '3500', sz: '0.5' });
    const market = srv.app.modules.spot;
    const before = await Promise.all(market.instIds().map((id) => market.depth(id, 1000)));

    const second = await buildApp({
      config: srv.app.deps.config,
      clock: srv.clock,
      store: srv.app.deps.store,
      quiet: true,
    });
    try {
      const m2 = second.modules.spot;
      expect(m2.instIds()).toEqual(market.instIds());
      const after = await Promise.all(m2.instIds().map((id) => m2.depth(id, 1000)));
      const strip = (d: Depth) => ({ instId: d.instId, asks: d.asks, bids: d.bids });
      expect(after.map(strip)).toEqual(before.map(strip));
      expect(after.find((d) => d.instId === 'ETH-USDT')?.asks).toEqual([['3500', '1.5', 1]]);
      // Time priority survives: x's 65000 ask came first, so it fills first.
      const taker = await funded({ USDT: '10000' });
      const fill = await m2.submit(taker.id, {
        instId: 'BTC-USDT',
        side: 'buy',
        type: 'limit',
        px: exactText('65000'),
        sz: exactText('0.01'),
      });
      expect(fill.status).toBe('filled');
      const xOpen = await m2.orders(x.id, { open: true, instId: 'BTC-USDT' }, { page: 1, size: 10 });
      expect(xOpen.list.map((o) => o.px)).toEqual(['65500.5']);
    } finally {
      await second.close();
    }
    // The first app's book missed that fill: it rebuilds from the store too.
    await market.rebuild('BTC-USDT');
    expect((await market.depth('BTC-USDT')).asks[0]).toEqual(['65000', '0.02', 1]);
    await clear(x, y);
  });
});

describe('no free trade', () => {
  it('token market: a dust purchase is refused, a part must leave the minimum, and every fee rounds up', async () => {
    const seller = await funded({ BWC: '100' });
    const buyer = await funded({ USDT: '100' });
    const listed = await api(
      srv,
      '/api/trade/sell',
      { symbol: 'BWC', price: '0.6', amount: '20.00000003' },
      { token: seller.token },
    );
    const id = listed.body.data.id;
    const buy = (amount?: string) =>
      api(srv, '/api/trade/buy', amount ? { id, amount } : { id }, { token: buyer.token });
    expect((await buy('0.00000001')).body).toMatchObject({ error: 'BelowMinimum' });
    // 12 BWC (7.2 USDT) would leave 8.00000003 BWC, worth 4.8 USDT: below the 5 USDT minimum.
    expect((await buy('12')).body).toMatchObject({ error: 'RemainderTooSmall' });
    // All of it: 20.00000003 × 0.6 = 12.000000018 → 12.000001 (rounded up); 0.2% of it → 0.024001.
    const all = await buy();
    expect(all.body.data).toMatchObject({ total: '12.000001', fee: '0.024001', net: '11.976' });
  });

  it('spot: a one-lot fill pays a fee of at least one minor unit on both sides', async () => {
    const a = await funded({ USDT: '100' });
    const b = await funded({ NEU: '10' });
    // One lot (0.01 NEU) at 0.0001 USDT: a notional of 0.000001 USDT, whose 0.08 % is far below a minor unit.
    await srv.app.settings.set(
      'market.instruments',
      (await srv.app.settings.get('market.instruments')).map((i) =>
        i.inst_id === 'NEU-USDT' ? { ...i, min_notional: '0' } : i,
      ),
    );
    try {
      const bid = await placed(a, {
        instId: 'NEU-USDT',
        side: 'buy',
        type: 'limit',
        px: '0.0001',
        sz: '0.01',
      });
      const ask = await placed(b, {
        instId: 'NEU-USDT',
        side: 'sell',
        type: 'limit',
        px: '0.0001',
        sz: '0.01',
      });
      expect(ask).toMatchObject({ status: 'filled', fee: '0.000001' });
      const rows = await queryRows<Record<string, string>>(
        srv.app.deps.store.db,
        sql`select maker_fee::text, taker_fee::text from market_trades where maker_order_id = ${bid.trade_id}`,
      );
      expect(rows).toEqual([{ maker_fee: '1', taker_fee: '1' }]);
    } finally {
      await srv.app.settings.set(
        'market.instruments',
        (await srv.app.settings.get('market.instruments')).map((i) =>
          i.inst_id === 'NEU-USDT' ? { ...i, min_notional: '5' } : i,
        ),
      );
    }
  });
});
