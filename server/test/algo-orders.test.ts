/**
 * Conditional orders (issue 38) on spot and swaps through the order calls: a stop fires once, at the first
 * price that reaches it, in the batch that printed that price; an OCO's other leg goes with it; a trailing stop
 * follows the best price; a spot order's hold is taken on placement and comes back on cancel or when it fires;
 * refusals are localized and change nothing; a restarted app rebuilds the resting triggers from the store.
 */
import { parseAmount, type ResponseData } from '@nexa/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { SYSTEM } from '../src/ledger';
import {
  api,
  call,
  futuresTrader,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;
type Algo = ResponseData<'/v1/order/placeAlgo'>;
interface User {
  token: string;
  id: number;
}
const SPOT = 'BTC-USDT';
const SWAP = 'BTC-USDT-SWAP';
const made: User[] = [];

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterEach(async () => {
  for (const u of made.splice(0)) {
    await call(srv, '/v1/order/batchCancelOrder', { instId: SPOT }, { token: u.token });
    await call(srv, '/v1/order/batchCancelOrder', { instId: SWAP }, { token: u.token });
    await api(srv, '/v1/futures/closeAll', {}, { token: u.token });
  }
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

async function funded(funds: Record<string, bigint>): Promise<User> {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  await srv.app.deps.store.db.transaction(async (tx) => {
    for (const [asset, amount] of Object.entries(funds))
      await srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset, kind: 'spot' },
        system: SYSTEM.deposits,
        amount,
        cause: 'deposit',
      });
  });
  const user = { token: u.token, id: me.id };
  made.push(user);
  return user;
}
const BTC = (n: string) => parseAmount(n, 8) as bigint;
const USDT = (n: string) => parseAmount(n, 6) as bigint;

async function order(u: User, body: Record<string, unknown>) {
  const r = await call<ResponseData<'/v1/order/submitTrade'>>(
    srv,
    '/v1/order/submitTrade',
    { instId: SPOT, ...body },
    u,
  );
  if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data;
}
const placeAlgo = (u: User, body: Record<string, unknown>, lang?: string) =>
  call<Algo>(
    srv,
    '/v1/order/placeAlgo',
    { instId: SPOT, ...body },
    { token: u.token, ...(lang ? { lang } : {}) },
  );
async function algo(u: User, body: Record<string, unknown>) {
  const r = await placeAlgo(u, body);
  if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data;
}
const pending = async (u: User, instType?: 'SWAP', lang?: string) =>
  (
    await api(srv, '/v1/order/algoPending', instType ? { instType } : {}, {
      token: u.token,
      ...(lang ? { lang } : {}),
    })
  ).body.data.list;
const history = async (u: User, instType?: 'SWAP', lang?: string) =>
  (
    await api(srv, '/v1/order/algoHistory', instType ? { instType } : {}, {
      token: u.token,
      ...(lang ? { lang } : {}),
    })
  ).body.data.list;
async function spotBalance(u: User, asset: string) {
  const all = await srv.app.ledger.balances(u.id);
  const b = all.find((x) => x.asset === asset && x.kind === 'spot');
  return { available: b?.available ?? 0n, frozen: b?.frozen ?? 0n };
}
/** A print at `px`: a resting bid of the maker's taken by the taker's market sell. */
async function printAt(maker: User, taker: User, px: string, sz = '0.001') {
  await order(maker, { side: 'buy', type: 'limit', px, sz });
  await order(taker, { side: 'sell', type: 'market', sz, tgtCcy: 'base_ccy' });
}
/** A print at `px` from below: a resting ask taken by a limit buy. */
async function printUp(maker: User, taker: User, px: string, sz = '0.001') {
  await order(maker, { side: 'sell', type: 'limit', px, sz });
  await order(taker, { side: 'buy', type: 'limit', px, sz, tif: 'IOC' });
}

describe('spot conditional orders', () => {
  it('a stop-market sell holds its size, fires once at the first print that reaches it, and sells at market', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ BTC: BTC('0.01') });
    await printAt(mm, tk, '60000');
    const a = await algo(u, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.01',
    });
    expect(a).toMatchObject({
      state: 'live',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      frozen: '0.01',
    });
    expect(await spotBalance(u, 'BTC')).toEqual({ available: 0n, frozen: BTC('0.01') });
    // Above the trigger nothing fires.
    await printAt(mm, tk, '59500');
    expect((await pending(u)).map((x) => x.algoId)).toEqual([a.algoId]);
    // Bids below; the print at 58900 reaches the trigger and u's market sell takes the 58500 bid.
    await order(mm, { side: 'buy', type: 'limit', px: '58500', sz: '0.01' });
    await printAt(mm, tk, '58900');
    expect(await pending(u)).toEqual([]);
    const [done] = await history(u);
    expect(done).toMatchObject({ algoId: a.algoId, state: 'effective', actualPx: '58900', frozen: '0' });
    const orders = (await api(srv, '/v1/order/list', {}, { token: u.token })).body.data.list;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ trade_id: done?.ordId, status: 'filled', avg_px: '58500' });
    expect(await spotBalance(u, 'BTC')).toEqual({ available: 0n, frozen: 0n });
    // Once: later prints that also reach it place nothing more.
    await printAt(mm, tk, '58000');
    expect((await api(srv, '/v1/order/list', {}, { token: u.token })).body.data.list).toHaveLength(1);
  });

  it('a stop-limit buy holds what its limit order would, and a cancel gives it all back', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ USDT: USDT('1000') });
    await printAt(mm, tk, '60000');
    const a = await algo(u, {
      side: 'buy',
      ordType: 'trigger',
      triggerPx: '61000',
      orderPx: '61100',
      sz: '0.01',
    });
    const held = await spotBalance(u, 'USDT');
    // 611 USDT, the higher fee (0.1 %, 0.611) and a unit per lot.
    expect(held.frozen).toBe(USDT('611.611') + 100n);
    expect(held.available + held.frozen).toBe(USDT('1000'));
    const r = await api(
      srv,
      '/v1/order/cancelAlgos',
      { instId: SPOT, algoIds: [a.algoId] },
      { token: u.token },
    );
    expect(r.body.data.list[0]).toMatchObject({ state: 'canceled', frozen: '0' });
    expect(await spotBalance(u, 'USDT')).toEqual({ available: USDT('1000'), frozen: 0n });
    // A canceled trigger never fires.
    await printUp(mm, tk, '61000');
    expect((await api(srv, '/v1/order/list', {}, { token: u.token })).body.data.list).toEqual([]);
    expect((await history(u))[0]).toMatchObject({ state: 'canceled' });
  });

  it('an OCO sell: the take-profit fires and the stop-loss goes with it', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ BTC: BTC('0.02') });
    await printAt(mm, tk, '60000');
    const a = await algo(u, {
      side: 'sell',
      ordType: 'oco',
      sz: '0.02',
      tpTriggerPx: '62000',
      tpOrdPx: '62000',
      slTriggerPx: '58000',
      slOrdPx: '-1',
    });
    expect(a).toMatchObject({ tpTriggerPx: '62000', tpOrdPx: '62000', slTriggerPx: '58000', slOrdPx: '-1' });
    await printUp(mm, tk, '62000');
    const [done] = await history(u);
    expect(done).toMatchObject({ state: 'effective', actualSide: 'tp', actualPx: '62000' });
    // Its limit sell at 62,000 rests; the stop-loss is gone: a print at 57,000 places nothing.
    await order(mm, { side: 'buy', type: 'limit', px: '56000', sz: '0.1' });
    await printAt(mm, tk, '57000');
    const orders = (await api(srv, '/v1/order/list', {}, { token: u.token })).body.data.list;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ trade_id: done?.ordId, type: 'limit', px: '62000', status: 'new' });
  });

  it('a trailing stop follows the highest print and fires once the price falls back by its callback', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ BTC: BTC('0.01') });
    await printAt(mm, tk, '60000');
    const a = await algo(u, { side: 'sell', ordType: 'move_order_stop', sz: '0.01', callbackRatio: '0.05' });
    expect(a).toMatchObject({ callbackRatio: '0.05', moveTriggerPx: '57000' });
    await printUp(mm, tk, '62000');
    expect((await pending(u))[0]).toMatchObject({ moveTriggerPx: '58900' });
    await printAt(mm, tk, '59000');
    expect(await pending(u)).toHaveLength(1);
    await order(mm, { side: 'buy', type: 'limit', px: '58000', sz: '0.01' });
    await printAt(mm, tk, '58900');
    expect((await history(u))[0]).toMatchObject({ state: 'effective', actualPx: '58900' });
  });

  it('a fired order the book refuses is kept with its reason in the reader’s language, its hold released', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ BTC: BTC('0.01') });
    await printAt(mm, tk, '60000');
    await algo(u, { side: 'sell', ordType: 'trigger', triggerPx: '59000', orderPx: '-1', sz: '0.01' });
    // The only bid is taken by the print itself: u's market sell finds no bid.
    await printAt(mm, tk, '58900');
    const [failed] = await history(u, undefined, 'german');
    expect(failed).toMatchObject({ state: 'order_failed', failCode: 'OrderRejected', ordId: null });
    expect(failed?.failMsg).toContain('abgelehnt');
    expect(await spotBalance(u, 'BTC')).toEqual({ available: BTC('0.01'), frozen: 0n });
  });

  it('refuses what does not fit, localized, and changes nothing', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ BTC: BTC('0.01'), USDT: USDT('100') });
    const other = await funded({ BTC: BTC('0.01') });
    await printAt(mm, tk, '60000');
    const before = await srv.app.ledger.balances(u.id);
    const wrongSide = await placeAlgo(
      u,
      {
        side: 'sell',
        ordType: 'oco',
        sz: '0.01',
        tpTriggerPx: '59000',
        tpOrdPx: '-1',
        slTriggerPx: '58000',
        slOrdPx: '-1',
      },
      'german',
    );
    expect(wrongSide.body).toMatchObject({ code: 2103 });
    expect(wrongSide.body.msg).toContain('tpTriggerPx');
    expect(wrongSide.body.msg).toContain('Auslöser');
    const atPrice = await placeAlgo(
      u,
      { side: 'sell', ordType: 'trigger', triggerPx: '60000', orderPx: '-1', sz: '0.01' },
      'thai',
    );
    expect(atPrice.body.code).toBe(2103);
    expect(atPrice.body.msg).toContain('ทริกเกอร์');
    const short = await placeAlgo(u, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.02',
    });
    expect(short.body.code).toBe((await import('@nexa/contract')).ERRORS.InsufficientBalance.code);
    const noPx = await placeAlgo(
      u,
      { side: 'sell', ordType: 'trigger', triggerPx: '59000', sz: '0.01' },
      'zh_CN',
    );
    expect(noPx.body.code).toBe(1001);
    expect(noPx.body.msg).toContain('orderPx');
    const mixed = await placeAlgo(u, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.01',
      tpTriggerPx: '61000',
    });
    expect(mixed.body.code).toBe(1001);
    const swapOnly = await placeAlgo(u, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.01',
      triggerPxType: 'mark',
    });
    expect(swapOnly.body.code).toBe(1001);
    const ratio = await placeAlgo(u, {
      side: 'sell',
      ordType: 'move_order_stop',
      sz: '0.01',
      callbackRatio: '0.5',
    });
    expect(ratio.body.code).toBe(1001);
    const small = await placeAlgo(u, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '40000',
      orderPx: '-1',
      sz: '0.0001',
    });
    expect(small.body.code).toBe((await import('@nexa/contract')).ERRORS.BelowMinimum.code);
    expect(await srv.app.ledger.balances(u.id)).toEqual(before);
    expect(await pending(u)).toEqual([]);
    // Someone else's order is NotFound, and stays.
    const theirs = await algo(other, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.01',
    });
    const steal = await call(
      srv,
      '/v1/order/cancelAlgos',
      { instId: SPOT, algoIds: [theirs.algoId] },
      { token: u.token },
    );
    expect(steal.body.code).toBe((await import('@nexa/contract')).ERRORS.NotFound.code);
    expect(await pending(other)).toHaveLength(1);
    // A retried request id holds once.
    const once = {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.005',
      request_id: 'algo-retry-1',
    };
    const first = await algo(u, once);
    const again = await algo(u, once);
    expect(again.algoId).toBe(first.algoId);
    expect((await spotBalance(u, 'BTC')).frozen).toBe(BTC('0.005'));
    await api(srv, '/v1/order/cancelAlgos', { instId: SPOT, algoIds: [first.algoId] }, { token: u.token });
    await api(
      srv,
      '/v1/order/cancelAlgos',
      { instId: SPOT, algoIds: [theirs.algoId] },
      { token: other.token },
    );
  });

  it('a restarted app rebuilds the resting triggers from the store: they fire once there', async () => {
    const mm = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const tk = await funded({ BTC: BTC('1'), USDT: USDT('1000000') });
    const u = await funded({ BTC: BTC('0.02') });
    await printAt(mm, tk, '60000');
    const stop = await algo(u, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
      sz: '0.01',
    });
    const trail = await algo(u, {
      side: 'sell',
      ordType: 'move_order_stop',
      sz: '0.01',
      callbackSpread: '1000',
    });
    await printUp(mm, tk, '61000');
    const second = await buildApp({
      config: srv.app.deps.config,
      clock: srv.clock,
      store: srv.app.deps.store,
      quiet: true,
    });
    try {
      const m2 = second.modules.spot;
      const list = await m2.algoOrders(u.id, { pending: true }, { page: 1, size: 10 }, 'en');
      expect(list.list.map((x) => [x.algoId, x.moveTriggerPx])).toEqual([
        [trail.algoId, '60000'],
        [stop.algoId, null],
      ]);
      await m2.submit(mm.id, {
        instId: SPOT,
        side: 'buy',
        type: 'limit',
        px: { units: 58000n, decimals: 0 } as never,
        sz: { units: 2n, decimals: 2 } as never,
      });
      await m2.submit(mm.id, {
        instId: SPOT,
        side: 'buy',
        type: 'limit',
        px: { units: 58900n, decimals: 0 } as never,
        sz: { units: 1n, decimals: 3 } as never,
      });
      await m2.submit(tk.id, {
        instId: SPOT,
        side: 'sell',
        type: 'market',
        tgtCcy: 'base_ccy',
        sz: { units: 1n, decimals: 3 } as never,
      });
      const after = await m2.algoOrders(u.id, { pending: false }, { page: 1, size: 10 }, 'en');
      expect(after.list.map((x) => x.state).sort()).toEqual(['effective', 'effective']);
      expect(await m2.algoOrders(u.id, { pending: true }, { page: 1, size: 10 }, 'en')).toMatchObject({
        total: 0,
      });
    } finally {
      await second.close();
    }
    // The first app missed what the second did: it rebuilds from the store, and nothing is left to fire twice.
    await srv.app.modules.spot.rebuild(SPOT);
    expect(await pending(u)).toEqual([]);
    const orders = (await api(srv, '/v1/order/list', {}, { token: u.token })).body.data.list;
    expect(orders).toHaveLength(2);
  });
});

describe('swap conditional orders', () => {
  // The mark is the pinned index here: no premium of the book's mid, which the mark loop's own samples (one a
  // second, more of them on a slow machine) would add between the test's ticks.
  beforeAll(() => srv.app.settings.set('futures.mark_premium_cap', '0'));
  const futures = () => srv.app.modules.futures;
  async function markAt(price: string) {
    futures().pinIndex('BTC-USDT', price);
    await futures().tick();
    await futures().idle();
  }
  async function trader(usdt: string) {
    const u = await futuresTrader(srv, finance, usdt);
    made.push(u);
    return u;
  }
  async function swapOrder(u: User, body: Record<string, unknown>) {
    const r = await call<ResponseData<'/v1/order/submitTrade'>>(
      srv,
      '/v1/order/submitTrade',
      { instId: SWAP, ...body },
      u,
    );
    if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.data;
  }
  const swapAlgo = async (u: User, body: Record<string, unknown>) => algo(u, { instId: SWAP, ...body });
  const positions = async (u: User) =>
    (await api(srv, '/v1/futures/positions', {}, { token: u.token })).body.data.list;

  it('a mark stop closes a long once the mark reaches it, through the order path (source algo)', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await swapOrder(b, { side: 'sell', type: 'limit', px: '60000', sz: '2' });
    await swapOrder(a, { side: 'buy', type: 'market', sz: '2' });
    const stop = await swapAlgo(a, {
      side: 'sell',
      ordType: 'trigger',
      triggerPx: '58000',
      orderPx: '-1',
      sz: '2',
      triggerPxType: 'mark',
      reduceOnly: true,
    });
    expect(stop).toMatchObject({
      instType: 'SWAP',
      tgtCcy: 'contracts',
      triggerPxType: 'mark',
      reduceOnly: true,
      frozen: '0',
    });
    await swapOrder(b, { side: 'buy', type: 'limit', px: '57900', sz: '2' });
    await markAt('58500');
    expect(await pending(a, 'SWAP')).toHaveLength(1);
    await markAt('57950');
    expect(await pending(a, 'SWAP')).toEqual([]);
    const [done] = await history(a, 'SWAP');
    expect(done).toMatchObject({ state: 'effective', actualPx: '57950' });
    expect(await positions(a)).toEqual([]);
    const orders = (await api(srv, '/v1/order/list', { instType: 'SWAP', status: 2 }, { token: a.token }))
      .body.data.list;
    expect(orders.find((o) => o.trade_id === done?.ordId)).toMatchObject({ source: 'algo', filled_sz: '2' });
  });

  it('a last-price OCO on a swap fires on a trade in the batch that printed it; a trailing stop follows the mark', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    const c = await trader('10000');
    await swapOrder(b, { side: 'sell', type: 'limit', px: '60000', sz: '3' });
    await swapOrder(a, { side: 'buy', type: 'market', sz: '3' });
    const oco = await swapAlgo(a, {
      side: 'sell',
      ordType: 'oco',
      sz: '1',
      tpTriggerPx: '60500',
      tpOrdPx: '-1',
      slTriggerPx: '59000',
      slOrdPx: '-1',
      reduceOnly: true,
    });
    const trail = await swapAlgo(a, {
      side: 'sell',
      ordType: 'move_order_stop',
      sz: '1',
      callbackSpread: '500',
      triggerPxType: 'mark',
      reduceOnly: true,
    });
    expect(trail.moveTriggerPx).toBe('59500');
    // A print at 60,500 (c takes b's ask) reaches the take-profit; a's market sell meets c's bid.
    await swapOrder(c, { side: 'buy', type: 'limit', px: '60400', sz: '5' });
    await swapOrder(b, { side: 'sell', type: 'limit', px: '60500', sz: '1' });
    await swapOrder(c, { side: 'buy', type: 'limit', px: '60500', sz: '1' });
    const fired = (await history(a, 'SWAP')).find((x) => x.algoId === oco.algoId);
    expect(fired).toMatchObject({ state: 'effective', actualSide: 'tp', actualPx: '60500' });
    expect((await positions(a))[0]).toMatchObject({ pos: '2' });
    // The trailing stop follows the mark up to 61,000 (stop 60,500) and fires when it comes back there.
    await markAt('61000');
    expect((await pending(a, 'SWAP'))[0]).toMatchObject({ algoId: trail.algoId, moveTriggerPx: '60500' });
    await markAt('60600');
    expect(await pending(a, 'SWAP')).toHaveLength(1);
    await markAt('60500');
    expect((await history(a, 'SWAP')).find((x) => x.algoId === trail.algoId)).toMatchObject({
      state: 'effective',
    });
    expect((await positions(a))[0]).toMatchObject({ pos: '1' });
  });

  it('margin is checked when it fires: a refusal is kept with its localized reason; a restart keeps the resting ones', async () => {
    await markAt('60000');
    const a = await trader('100');
    const b = await trader('10000');
    const big = await swapAlgo(a, {
      side: 'buy',
      ordType: 'trigger',
      triggerPx: '60500',
      orderPx: '-1',
      sz: '50',
      triggerPxType: 'mark',
    });
    const later = await swapAlgo(a, {
      side: 'buy',
      ordType: 'trigger',
      triggerPx: '65000',
      orderPx: '-1',
      sz: '1',
      triggerPxType: 'mark',
    });
    await swapOrder(b, { side: 'sell', type: 'limit', px: '60600', sz: '60' });
    await markAt('60550');
    const [failed] = await history(a, 'SWAP', 'japanese');
    expect(failed).toMatchObject({
      algoId: big.algoId,
      state: 'order_failed',
      failCode: 'InsufficientBalance',
    });
    expect(failed?.failMsg).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
    const second = await buildApp({
      config: srv.app.deps.config,
      clock: srv.clock,
      store: srv.app.deps.store,
      quiet: true,
    });
    try {
      const list = await second.modules.futures.algoOrders(
        a.id,
        { pending: true },
        { page: 1, size: 10 },
        'en',
      );
      expect(list.list.map((x) => x.algoId)).toEqual([later.algoId]);
    } finally {
      await second.close();
    }
    await api(srv, '/v1/order/cancelAlgos', { instId: SWAP, algoIds: [later.algoId] }, { token: a.token });
    expect(await pending(a, 'SWAP')).toEqual([]);
  });
});
