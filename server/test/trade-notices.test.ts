// Notices of trading: a large order filled (spot and swaps, once, when the whole order has filled, at or above
// its threshold) and a liquidation coming near (once per position state, before the liquidation itself).
import { exactText, type ResponseData } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../src/modules/notifications/tables';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterAll(() => srv.close());

interface User {
  token: string;
  id: number;
}

async function funded(amounts: Record<string, string>, futuresUsdt = '0'): Promise<User> {
  const u = await signedInUser(srv);
  for (const [asset, amount] of Object.entries(amounts))
    await depositConfirmed(srv, u.token, finance, amount, asset);
  if (futuresUsdt !== '0')
    await api(
      srv,
      '/api/transferBalance/index',
      { asset: 'USDT', from: 'spot', to: 'futures', amount: futuresUsdt },
      { token: u.token },
    );
  const me = present(await srv.app.modules.auth.authenticate(u.token), 'user');
  return { token: u.token, id: me.id };
}

async function order(u: User, body: Record<string, unknown>) {
  const res = await call<ResponseData<'/v1/order/submitTrade'>>(srv, '/v1/order/submitTrade', body, {
    token: u.token,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function delivered(): Promise<void> {
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
}

/** The user's notices of a kind, oldest first, as stored. */
async function noticesOf(u: User, kind: 'large_fill' | 'liquidation_warning' | 'liquidation') {
  await delivered();
  const rows = await srv.app.deps.store.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, u.id), eq(notices.kind, kind)))
    .orderBy(notices.id);
  return rows.map((r) => r.params as Record<string, string>);
}

describe('large order filled', () => {
  it('tells a spot order once its whole size has filled at or above 1,000 USDT, both sides, and a small one never', async () => {
    const maker = await funded({ BTC: '1' });
    const taker = await funded({ USDT: '10000' });
    // 0.04 BTC at 50,000 rests (2,000 USDT); half of it is taken.
    await order(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '50000', sz: '0.04' });
    await order(taker, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '50000', sz: '0.02' });
    expect(await noticesOf(maker, 'large_fill')).toEqual([]);
    // The taker's 0.02 BTC is 1,000 USDT: filled, told.
    expect(await noticesOf(taker, 'large_fill')).toEqual([
      { inst: 'BTC-USDT', size: '0.02', price: '50000', value: '1000' },
    ]);
    // The rest is taken: the maker's order is filled now, for 2,000 USDT in all.
    await order(taker, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '50000', sz: '0.02' });
    expect(await noticesOf(maker, 'large_fill')).toEqual([
      { inst: 'BTC-USDT', size: '0.04', price: '50000', value: '2000' },
    ]);
    expect(await noticesOf(taker, 'large_fill')).toHaveLength(2);

    // 0.01 BTC (500 USDT) filled on both sides: below the threshold, nothing.
    await order(maker, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '50000', sz: '0.01' });
    await order(taker, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '50000', sz: '0.01' });
    expect(await noticesOf(maker, 'large_fill')).toHaveLength(1);
    expect(await noticesOf(taker, 'large_fill')).toHaveLength(2);
  });

  it('tells the demo’s market maker nothing: it quotes through the maker venue and is no person', async () => {
    const bot = await funded({ BTC: '1' });
    const taker = await funded({ USDT: '10000' });
    await srv.app.modules.spot.makerVenue.submit(bot.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('50000'),
      sz: exactText('0.04'),
      tif: 'post_only',
    });
    await srv.app.modules.spot.idle();
    await order(taker, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '50000', sz: '0.04' });
    // The taker, a person, is told; the maker's 2,000 USDT fill is not.
    expect(await noticesOf(taker, 'large_fill')).toEqual([
      { inst: 'BTC-USDT', size: '0.04', price: '50000', value: '2000' },
    ]);
    expect(await noticesOf(bot, 'large_fill')).toEqual([]);
  });

  it('tells a swap order filled for 1,000 USDT or more, not the liquidation that later closes it', async () => {
    srv.app.modules.futures.pinIndex('ETH-USDT', '3000');
    await srv.app.modules.futures.tick();
    const a = await funded({ USDT: '2000' }, '1000');
    const m = await funded({ USDT: '50000' }, '40000');
    const inst = 'ETH-USDT-SWAP';
    // An ETH contract is 0.1 ETH: 5 contracts at 3,000 are 1,500 USDT.
    const sz = '5';
    const ct = '0.1';
    await order(m, { instId: inst, side: 'sell', type: 'limit', px: '3000', sz });
    await order(a, { instId: inst, side: 'buy', type: 'market', sz });
    const [told] = await noticesOf(a, 'large_fill');
    expect(told).toMatchObject({ inst, price: '3000' });
    expect(Number(told?.value)).toBeGreaterThanOrEqual(1000);
    expect(Number(told?.size)).toBeCloseTo(Number(sz) * Number(ct), 8);
    expect(await noticesOf(m, 'large_fill')).toHaveLength(1);
    await api(srv, '/v1/order/batchCancelOrder', { instId: inst }, { token: m.token });
  });
});

describe('liquidation warning', () => {
  const inst = 'BTC-USDT-SWAP';
  async function markAt(price: string) {
    srv.app.modules.futures.pinIndex('BTC-USDT', price);
    await srv.app.modules.futures.tick();
    await srv.app.modules.futures.idle();
    // The warning is written beside the mark loop, not in its writer: wait for it to commit.
    await new Promise((r) => setTimeout(r, 50));
    await delivered();
  }

  it('warns once when the margin ratio reaches 80 %, again only after the position changed, before its liquidation', async () => {
    await markAt('60000');
    const a = await funded({ USDT: '2000' }, '1000');
    const m = await funded({ USDT: '200000' }, '100000');
    await api(srv, '/v1/futures/setLeverage', { instId: inst, lever: 20 }, { token: a.token });
    // A 20× long of 5 contracts (3,000 USDT, margin 150); maintenance 0.5 % of its value.
    await order(m, { instId: inst, side: 'sell', type: 'limit', px: '60000', sz: '5' });
    await order(a, { instId: inst, side: 'buy', type: 'market', sz: '5' });

    // At 57,400 equity 20 over maintenance 14.35: 71.75 %, no warning.
    await markAt('57400');
    expect(await noticesOf(a, 'liquidation_warning')).toEqual([]);
    // At 57,350 equity 17.5 over 14.34: 81.9 %, warned with its ratio and liquidation price.
    await markAt('57350');
    const [warned] = await noticesOf(a, 'liquidation_warning');
    expect(warned).toMatchObject({ inst });
    expect(Number(warned?.ratio)).toBeGreaterThanOrEqual(80);
    expect(Number(warned?.ratio)).toBeLessThan(100);
    expect(Number(warned?.liq)).toBeGreaterThan(57000);
    expect(Number(warned?.liq)).toBeLessThan(57350);
    // The next marks, back and forth over the line: nothing more for the same position.
    for (const p of ['57360', '57400', '57350', '57340']) await markAt(p);
    expect(await noticesOf(a, 'liquidation_warning')).toHaveLength(1);

    // The position changes (one more contract, at a lower price) and crosses again: a second warning.
    await markAt('57800');
    await order(m, { instId: inst, side: 'sell', type: 'limit', px: '57800', sz: '1' });
    await order(a, { instId: inst, side: 'buy', type: 'market', sz: '1' });
    const pos = present(srv.app.modules.futures.positions(a.id)[0]);
    const liq = Number(present(pos.liq_px));
    await markAt(String(Math.ceil(liq + 3)));
    expect(await noticesOf(a, 'liquidation_warning')).toHaveLength(2);

    // Then the liquidation itself, told as such.
    await order(m, { instId: inst, side: 'buy', type: 'limit', px: String(Math.floor(liq - 50)), sz: '6' });
    await markAt(String(Math.floor(liq - 50)));
    expect(srv.app.modules.futures.positions(a.id)).toEqual([]);
    expect(await noticesOf(a, 'liquidation')).toHaveLength(1);
    await api(srv, '/v1/order/batchCancelOrder', { instId: inst }, { token: m.token });
  });
});
