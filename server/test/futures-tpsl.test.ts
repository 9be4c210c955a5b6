import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectSwapsBalanced, swapDesk, swapTraders, type SwapUser as User } from './futures-fixture';
import { api, call, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let finance: string;
const INST = 'BTC-USDT-SWAP';
const ETH = 'ETH-USDT-SWAP';

// Everyone a test made: what they left open is cleared after it, so the next test starts from an empty book.
const { made, trader } = swapTraders(
  () => srv,
  () => finance,
);
const { futures, markAt, submit, placed, account, positions } = swapDesk(() => srv, INST);
const openOrders = async (u: User) =>
  (await api(srv, '/v1/order/meTradeList', { instType: 'SWAP', state: 'open' }, { token: u.token })).body.data
    .list;
const flat = async (...users: User[]) => {
  for (const u of users) await api(srv, '/v1/futures/closeAll', {}, { token: u.token });
};

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterEach(async () => {
  for (const u of made.splice(0)) {
    await call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: u.token });
    await call(srv, '/v1/order/batchCancelOrder', { instId: 'ETH-USDT-SWAP' }, { token: u.token });
  }
  await expectSwapsBalanced(srv);
});
afterAll(() => srv.close());

describe('TP/SL with the order', () => {
  it('sets a market order’s take-profit and stop-loss on the position it opens, and the take-profit closes it', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '4' });
    const buy = await placed(a, {
      side: 'buy',
      type: 'market',
      sz: '4',
      tpTriggerPx: '63000.05',
      slTriggerPx: '57000',
    });
    expect(buy).toMatchObject({ status: 'filled', tp_trigger_px: '63000', sl_trigger_px: '57000' });
    const [pos] = await positions(a);
    expect(pos).toMatchObject({ pos: '4', tp_trigger_px: '63000', sl_trigger_px: '57000' });
    // Editable afterwards, through the position's own call.
    const edited = await api(
      srv,
      '/v1/futures/setTpSl',
      { instId: INST, tp_trigger_px: '62000', sl_trigger_px: null },
      { token: a.token },
    );
    expect(edited.body.data).toMatchObject({ tp_trigger_px: '62000', sl_trigger_px: null });
    // b bids for what a will sell; the mark reaches the take-profit and a's position closes at market.
    await markAt('61500');
    await placed(b, { side: 'buy', type: 'limit', px: '61900', sz: '4' });
    await markAt('62300');
    await expect.poll(async () => (await positions(a)).length).toBe(0);
    const hist = await api(srv, '/v1/order/list', { instType: 'SWAP', status: 2 }, { token: a.token });
    expect(hist.body.data.list.some((o) => o.source === 'tp' && o.filled_sz === '4')).toBe(true);
    await flat(a, b);
  });

  it('keeps a resting limit order’s triggers until it fills, then sets them on the maker’s position', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    const ask = await placed(a, {
      side: 'sell',
      type: 'limit',
      px: '60100',
      sz: '3',
      tpTriggerPx: '58000',
      slTriggerPx: '61500',
    });
    expect(ask).toMatchObject({ status: 'new', tp_trigger_px: '58000', sl_trigger_px: '61500' });
    expect(await positions(a)).toEqual([]);
    await placed(b, { side: 'buy', type: 'market', sz: '3' });
    const [short] = await positions(a);
    expect(short).toMatchObject({
      pos_side: 'short',
      pos: '3',
      tp_trigger_px: '58000',
      sl_trigger_px: '61500',
    });
    // The taker's position has none of them.
    const [long] = await positions(b);
    expect(long).toMatchObject({ tp_trigger_px: null, sl_trigger_px: null });
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '3' });
    await flat(a, b);
  });

  it('refuses triggers on the wrong side of the order price, in the caller’s language, and changes nothing', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '5' });
    const before = await account(a);
    const bBefore = await openOrders(b);
    const cases: [Record<string, unknown>, number][] = [
      // A long's take-profit at or below the mark (market) or below its limit price.
      [{ side: 'buy', type: 'market', sz: '1', tpTriggerPx: '60000' }, 2207],
      [{ side: 'buy', type: 'limit', px: '59000', sz: '1', tpTriggerPx: '58900' }, 2207],
      // A long's stop-loss above.
      [{ side: 'buy', type: 'market', sz: '1', slTriggerPx: '60500' }, 2208],
      // A short's reversed.
      [{ side: 'sell', type: 'limit', px: '60050', sz: '1', tpTriggerPx: '60100' }, 2207],
      [{ side: 'sell', type: 'limit', px: '60050', sz: '1', slTriggerPx: '60000' }, 2208],
    ];
    for (const [body, code] of cases) {
      const res = await submit(a, body);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    const zh = await submit(a, { side: 'buy', type: 'market', sz: '1', tpTriggerPx: '1' }, 'zh_CN');
    expect(zh.body.msg).toBe('止盈价须高于开多价格、低于开空价格（市价单以标记价格为准）');
    const th = await submit(a, { side: 'buy', type: 'market', sz: '1', slTriggerPx: '70000' }, 'thai');
    expect(th.body.msg).toContain('ราคาตัดขาดทุน');
    // Hostile shapes: negative, not a number, on a reduce-only order, on a spot order.
    expect((await submit(a, { side: 'buy', type: 'market', sz: '1', tpTriggerPx: '-5' })).body.code).not.toBe(
      200,
    );
    expect(
      (await submit(a, { side: 'buy', type: 'market', sz: '1', slTriggerPx: 'abc' })).body.code,
    ).not.toBe(200);
    const spot = await call(
      srv,
      '/v1/order/submitTrade',
      { instId: 'BTC-USDT', side: 'buy', type: 'market', sz: '10', tpTriggerPx: '70000' },
      { token: a.token },
    );
    expect(spot.body.code).not.toBe(200);
    // Nothing moved: balances, positions, orders, the book.
    expect(await account(a)).toEqual(before);
    expect(await positions(a)).toEqual([]);
    expect(await openOrders(a)).toEqual([]);
    expect(await openOrders(b)).toEqual(bBefore);
    // A reduce-only order opens nothing to protect.
    await placed(a, { side: 'buy', type: 'market', sz: '2' });
    const ro = await submit(a, {
      side: 'sell',
      type: 'market',
      sz: '1',
      reduceOnly: true,
      tpTriggerPx: '50000',
    });
    expect(ro.body.code).not.toBe(200);
    expect((await positions(a))[0]?.pos).toBe('2');
    await placed(a, { side: 'sell', type: 'limit', px: '60000', sz: '3' });
    await flat(a, b);
  });
});

describe('the position card', () => {
  it('ranks profitable positions on one side into ADL quintiles by PnL ratio × leverage', async () => {
    await markAt('3000', 'ETH-USDT');
    const maker = await trader('100000');
    const longs: User[] = [];
    // Five longs at the same price, with leverage 2, 5, 10, 20, 50: the same PnL ratio per leverage step.
    for (const lever of [2, 5, 10, 20, 50]) {
      const u = await trader('5000');
      await api(srv, '/v1/futures/setLeverage', { instId: ETH, lever }, { token: u.token });
      await placed(maker, { instId: ETH, side: 'sell', type: 'limit', px: '3000', sz: '1' });
      await placed(u, { instId: ETH, side: 'buy', type: 'market', sz: '1' });
      longs.push(u);
    }
    await markAt('3015', 'ETH-USDT');
    const ranks = [];
    for (const u of longs) ranks.push((await positions(u))[0]?.adl);
    expect(ranks).toEqual([1, 2, 3, 4, 5]);
    // The short side loses: no rank.
    expect((await positions(maker))[0]?.adl).toBe(0);
    await markAt('3000', 'ETH-USDT');
    await placed(maker, { instId: ETH, side: 'buy', type: 'limit', px: '3000', sz: '5' });
    await flat(...longs, maker);
  });

  it('shows the funding a position paid so far as the sum of its settlements', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    const c = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    // A two-sided book above the index: a positive premium, so longs pay.
    await placed(c, { side: 'buy', type: 'limit', px: '60150', sz: '1' });
    await placed(c, { side: 'sell', type: 'limit', px: '60250', sz: '1' });
    for (let i = 0; i < 3; i++) await markAt('60000');
    await futures().settleFunding(INST, Date.UTC(2031, 0, 1, 0));
    await futures().settleFunding(INST, Date.UTC(2031, 0, 1, 8));
    const [pos] = await positions(a);
    const hist = (await api(srv, '/v1/futures/fundingHistory', { instId: INST }, { token: a.token })).body
      .data.list;
    const paid = hist.reduce((s, h) => s + Number(h.amount), 0);
    expect(hist.length).toBeGreaterThan(0);
    expect(Number(pos?.funding_fee)).toBeLessThan(0);
    expect(Number(pos?.funding_fee)).toBeCloseTo(paid, 6);
    await api(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: c.token });
    await flat(a, b, c);
  });

  it('closes part of a position at market', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    await placed(b, { side: 'buy', type: 'limit', px: '60000', sz: '3' });
    const res = await api(srv, '/v1/futures/closePosition', { instId: INST, sz: '3' }, { token: a.token });
    expect(res.body.data).toMatchObject({ reduce_only: true, filled_sz: '3', type: 'market' });
    expect((await positions(a))[0]).toMatchObject({ pos: '7', margin: '420' });
    // The swap's own trades make its candles (and the chart of the futures screen), as spot's do.
    const bars = (await api(srv, '/v1/market/candles', { instId: INST, bar: '1m', limit: 5 })).body.data;
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.at(-1)?.[4]).toBe('60000');
    await placed(b, { side: 'buy', type: 'limit', px: '60000', sz: '7' });
    await flat(a, b);
  });

  it('closes at a limit price with a reduce-only order that fills later, and cancels it once the position is gone', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    // Beyond the band: refused, nothing rests.
    const far = await api(
      srv,
      '/v1/futures/closePosition',
      { instId: INST, sz: '4', px: '50000' },
      { token: a.token },
    );
    expect(far.body.code).not.toBe(200);
    const limit = await api(
      srv,
      '/v1/futures/closePosition',
      { instId: INST, sz: '4', px: '60200' },
      { token: a.token },
    );
    expect(limit.body.data).toMatchObject({ type: 'limit', status: 'new', reduce_only: true, px: '60200' });
    // A second one may close only what the first leaves (6), however many it asks for.
    const second = await api(
      srv,
      '/v1/futures/closePosition',
      { instId: INST, sz: '9', px: '60300' },
      { token: a.token },
    );
    expect(second.body.data).toMatchObject({ sz: '6', reduce_only: true });
    const third = await api(
      srv,
      '/v1/futures/closePosition',
      { instId: INST, sz: '1', px: '60300' },
      { token: a.token },
    );
    expect(third.body.code).not.toBe(200);
    // b buys 4 at the first: a's position is 6.
    await placed(b, { side: 'buy', type: 'market', sz: '4' });
    expect((await positions(a))[0]?.pos).toBe('6');
    // a closes the rest at market against a bid; the resting close is canceled, nothing opens the other way.
    await placed(b, { side: 'buy', type: 'limit', px: '60000', sz: '6' });
    await api(srv, '/v1/futures/closePosition', { instId: INST }, { token: a.token });
    expect(await positions(a)).toEqual([]);
    expect(await openOrders(a)).toEqual([]);
    const closed = await api(srv, '/v1/order/list', { instType: 'SWAP', status: 2 }, { token: a.token });
    expect(closed.body.data.list.find((o) => o.trade_id === second.body.data.trade_id)?.cancel_reason).toBe(
      'reduce_only',
    );
    expect((await account(a)).frozen).toBe('0');
    await flat(a, b);
  });
});
