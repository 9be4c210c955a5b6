import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectSwapsBalanced, swapDesk, type SwapUser as User } from './futures-fixture';
import { api, call, futuresTrader, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let finance: string;
const INST = 'BTC-USDT-SWAP';

const trader = (usdt: string) => futuresTrader(srv, finance, usdt);
const { markAt, submit, placed, account, positions } = swapDesk(() => srv, INST);
async function fund(): Promise<bigint> {
  const usdt = (await srv.app.ledger.solvency()).find((l) => l.asset === 'USDT');
  return usdt?.systemAccounts.find((s) => s.name === 'system:futures:insurance')?.available ?? 0n;
}
/** Moves all of a trader's available futures balance to spot. */
async function emptyFutures(u: User) {
  const { available } = await account(u);
  const res = await call(
    srv,
    '/api/transferBalance/index',
    { asset: 'USDT', from: 'futures', to: 'spot', amount: available },
    { token: u.token },
  );
  expect(res.body.code).toBe(200);
  expect((await account(u)).available).toBe('0');
}
async function clear(...users: User[]) {
  for (const u of users) await call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: u.token });
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterEach(async () => {
  await expectSwapsBalanced(srv);
});
afterAll(() => srv.close());

describe('the price band of orders', () => {
  it('refuses a limit order of any kind beyond the band around the mark, in the caller’s language', async () => {
    await markAt('60000');
    const a = await trader('100000');
    for (const tif of ['GTC', 'IOC', 'FOK', 'post_only']) {
      const high = await submit(a, { side: 'buy', type: 'limit', px: '61800.1', sz: '1', tif });
      expect(high.body.error).toBe('PriceOutOfBand');
      const low = await submit(a, { side: 'sell', type: 'limit', px: '58199.9', sz: '1', tif });
      expect(low.body.error).toBe('PriceOutOfBand');
    }
    const zh = await call(
      srv,
      '/v1/order/submitTrade',
      { instId: INST, side: 'buy', type: 'limit', px: '180000', sz: '1' },
      { token: a.token, lang: 'zh_CN' },
    );
    expect(zh.body).toMatchObject({ error: 'PriceOutOfBand' });
    expect(zh.body.msg).toBe('委托价格超出允许范围');
    expect((await submit(a, { side: 'buy', type: 'limit', px: '180000', sz: '1' })).body.msg).toBe(
      'Order price is outside the allowed range',
    );
    // At the edge it rests.
    expect(
      (await placed(a, { side: 'buy', type: 'limit', px: '61800', sz: '1', tif: 'post_only' })).status,
    ).toBe('new');
    await clear(a);
    expect(
      (await placed(a, { side: 'sell', type: 'limit', px: '58200', sz: '1', tif: 'post_only' })).status,
    ).toBe('new');
    await clear(a);
    expect((await account(a)).frozen).toBe('0');
  });

  it('is a setting per contract, the global one by default, shown in the contract info', async () => {
    await markAt('60000');
    const list = await srv.app.settings.get('futures.instruments');
    await srv.app.settings.set(
      'futures.instruments',
      list.map((c) => (c.inst_id === INST ? { ...c, price_band: '0.01' } : c)),
    );
    try {
      const info = await api(srv, '/v1/futures/instruments', {});
      const btc = info.body.data.list.find((i) => i.instId === INST);
      const eth = info.body.data.list.find((i) => i.instId === 'ETH-USDT-SWAP');
      expect(btc?.price_band).toBe('0.01');
      expect(eth?.price_band).toBe('0.03');
      const a = await trader('100000');
      expect((await submit(a, { side: 'buy', type: 'limit', px: '60700', sz: '1' })).body.error).toBe(
        'PriceOutOfBand',
      );
      expect((await placed(a, { side: 'buy', type: 'limit', px: '60600', sz: '1' })).status).toBe('new');
      await clear(a);
    } finally {
      await srv.app.settings.set('futures.instruments', list);
    }
  });

  it('stops the colluding pair of issue 34: the buy that would reach a sell resting at 3× the mark is refused', async () => {
    await markAt('60000');
    const mm = await trader('1000000');
    const a = await trader('20000');
    const b = await trader('1800');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 100 }, { token: b.token });
    await placed(mm, { side: 'sell', type: 'limit', px: '60100', sz: '20' });
    await placed(mm, { side: 'buy', type: 'limit', px: '59900', sz: '20' });
    const before = await fund();
    // A sell above the mark may rest (a buyer is held to the band); a sell far below it may not.
    expect((await placed(a, { side: 'sell', type: 'limit', px: '180000', sz: '10' })).status).toBe('new');
    expect((await submit(a, { side: 'sell', type: 'limit', px: '20000', sz: '10' })).body.error).toBe(
      'PriceOutOfBand',
    );
    expect(
      (await submit(b, { side: 'buy', type: 'limit', px: '180000', sz: '30', tif: 'IOC' })).body.error,
    ).toBe('PriceOutOfBand');
    expect(await fund()).toBe(before);
    expect(await positions(b)).toEqual([]);
    await clear(mm, a);
  });

  it('makes a fill away from the mark pay its loss up front: the position is healthy at the mark and the fund pays nothing', async () => {
    await markAt('60000');
    const mm = await trader('1000000');
    const a = await trader('20000');
    const b = await trader('1800');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 100 }, { token: b.token });
    // A rests a sell at the band's edge; B, at 100×, buys it: 3 % over the mark, three times B's margin.
    await placed(a, { side: 'sell', type: 'limit', px: '61800', sz: '10' });
    const before = await fund();
    const buy = await placed(b, { side: 'buy', type: 'limit', px: '61800', sz: '10', tif: 'IOC' });
    expect(buy.filled_sz).toBe('10');
    const [pos] = await positions(b);
    // Margin: 61.8 (1 % of 6,180) and the 180 the fill is worth less than it cost at the mark (60,000; the
    // book's premium may have moved it a little since): its equity at the mark is its initial margin.
    expect(Number(pos?.margin)).toBeGreaterThan(230);
    expect(Math.abs(Number(pos?.margin) + Number(pos?.upl) - 61.8)).toBeLessThan(5);
    expect(Number(pos?.margin_ratio)).toBeLessThan(100);
    await markAt('60000');
    await markAt('60000');
    expect((await positions(b))[0]?.pos).toBe('10');
    expect(await fund()).toBe(before);
    await clear(mm, a);
    await markAt('60000');
    await placed(mm, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(mm, { side: 'buy', type: 'limit', px: '60000', sz: '10' });
    await api(srv, '/v1/futures/closeAll', {}, { token: b.token });
    await api(srv, '/v1/futures/closeAll', {}, { token: a.token });
    await clear(mm);
    expect(await fund()).toBe(before);
  });

  it('fills a market order no further than the band: the rest is canceled and reported', async () => {
    await markAt('60000');
    const mm = await trader('1000000');
    const a = await trader('100000');
    await placed(mm, { side: 'sell', type: 'limit', px: '61000', sz: '3' });
    await placed(mm, { side: 'sell', type: 'limit', px: '61800', sz: '2' });
    // The mark moves down: the 61,800 ask is now beyond the band (59,500 × 1.03 = 61,285).
    await markAt('59500');
    const buy = await placed(a, { side: 'buy', type: 'market', sz: '10' });
    expect(buy).toMatchObject({
      status: 'canceled',
      cancel_reason: 'remainder',
      filled_sz: '3',
      avg_px: '61000',
    });
    const [pos] = await positions(a);
    expect(pos?.pos).toBe('3');
    await clear(mm);
    await placed(mm, { side: 'buy', type: 'limit', px: '59500', sz: '3' });
    await api(srv, '/v1/futures/closeAll', {}, { token: a.token });
    expect(await positions(a)).toEqual([]);
  });
});

describe('closing with no available balance', () => {
  async function longWithNothingFree() {
    await markAt('60000');
    const mm = await trader('1000000');
    const a = await trader('700');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: a.token });
    await placed(mm, { side: 'sell', type: 'limit', px: '60000', sz: '2' });
    await placed(a, { side: 'buy', type: 'market', sz: '2' });
    await emptyFutures(a);
    await placed(mm, { side: 'buy', type: 'limit', px: '59990', sz: '10' });
    return { a, mm };
  }

  it('closePosition closes, its fee out of the proceeds', async () => {
    const { a, mm } = await longWithNothingFree();
    const res = await api(srv, '/v1/futures/closePosition', { instId: INST }, { token: a.token });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'filled', filled_sz: '2', fee: '0.5999' });
    expect(await positions(a)).toEqual([]);
    // 60 margin − 0.2 loss − 0.5999 fee.
    expect((await account(a)).available).toBe('59.2001');
    await clear(mm);
  });

  it('closeAll closes every position', async () => {
    const { a, mm } = await longWithNothingFree();
    const res = await api(srv, '/v1/futures/closeAll', {}, { token: a.token });
    expect(res.body.code).toBe(200);
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.list[0]).toMatchObject({ status: 'filled', filled_sz: '2' });
    expect(await positions(a)).toEqual([]);
    await clear(mm);
  });

  it('a reduce-only market order closes', async () => {
    const { a, mm } = await longWithNothingFree();
    const res = await submit(a, { side: 'sell', type: 'market', sz: '2', reduceOnly: true });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'filled', filled_sz: '2' });
    expect(await positions(a)).toEqual([]);
    await clear(mm);
  });

  it('the stop-loss fires', async () => {
    const { a, mm } = await longWithNothingFree();
    const set = await api(
      srv,
      '/v1/futures/setTpSl',
      { instId: INST, sl_trigger_px: '59995' },
      { token: a.token },
    );
    expect(set.body.code).toBe(200);
    await markAt('59000');
    expect(await positions(a)).toEqual([]);
    const orders = await api(srv, '/v1/order/list', { instType: 'SWAP' }, { token: a.token });
    expect(orders.body.data.list[0]).toMatchObject({ source: 'sl', status: 'filled' });
    await clear(mm);
  });
});
