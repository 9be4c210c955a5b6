import { exactText, type ResponseData } from '@nexa/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, call, futuresTrader, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let finance: string;
const INST = 'BTC-USDT-SWAP';

interface User {
  token: string;
  id: number;
}

const trader = (usdt: string) => futuresTrader(srv, finance, usdt);

const futures = () => srv.app.modules.futures;
async function markAt(price: string) {
  futures().pinIndex('BTC-USDT', price);
  // Without a two-sided book the premium is zero: the mark is the index.
  await futures().tick();
  await futures().idle();
}

const submit = (u: User, body: Record<string, unknown>) =>
  call<ResponseData<'/v1/order/submitTrade'>>(
    srv,
    '/v1/order/submitTrade',
    { instId: INST, ...body },
    { token: u.token },
  );
async function placed(u: User, body: Record<string, unknown>) {
  const res = await submit(u, body);
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}
const account = async (u: User) => (await api(srv, '/v1/futures/account', {}, { token: u.token })).body.data;
const positions = async (u: User) =>
  (await api(srv, '/v1/futures/positions', {}, { token: u.token })).body.data.list;

async function zeroSum() {
  const { pool, expected } = await futures().poolCheck();
  expect(pool).toBe(expected);
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  await zeroSum();
});
afterAll(() => srv.close());

describe('swap instruments', () => {
  it('lists the perpetuals with contract value, tiers and funding, without a token', async () => {
    await markAt('60000');
    const res = await api(srv, '/v1/futures/instruments', {});
    const btc = res.body.data.list.find((i) => i.instId === INST);
    expect(btc).toMatchObject({ ct_val: '0.01', ct_val_ccy: 'BTC', lot_size: '1', max_lever: 100 });
    expect(btc?.mark_px).toBe('60000');
    expect(btc?.idx_px).toBe('60000');
    expect(btc?.funding_interval_h).toBe(8);
  });
});

describe('opening, marking and closing', () => {
  it('opens a 10× long against a resting short, marks it, and closes half with realized PnL', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: a.token });
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: b.token });
    // b rests a short of 10 contracts (0.1 BTC = 6,000 USDT at 60,000): margin 600 + fee held.
    const ask = await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    expect(ask.status).toBe('new');
    expect(ask.inst_type).toBe('SWAP');
    expect((await account(b)).frozen).toBe('603.00001'); // 600 margin + 3 fee (the higher rate) + 10 units slack
    const buy = await placed(a, { side: 'buy', type: 'market', sz: '10', tdMode: 'isolated' });
    expect(buy.status).toBe('filled');
    expect(buy.avg_px).toBe('60000');
    expect(buy.fee).toBe('3'); // 6,000 × 0.05%
    const [pos] = await positions(a);
    expect(pos).toMatchObject({
      pos_side: 'long',
      pos: '10',
      lever: 10,
      avg_px: '60000',
      margin: '600',
      upl: '0',
    });
    // Liquidation price of a 10× long at 0.5% maintenance: (6000 − 600) / (0.1 × 0.995) = 54,271.36…
    expect(pos?.liq_px).toBe('54271.356784');
    expect((await account(a)).available).toBe('9397'); // 10,000 − 600 − 3
    expect((await account(b)).frozen).toBe('0');
    expect((await account(b)).available).toBe('9398.8'); // 10,000 − 600 − 1.2 maker fee

    await markAt('61000');
    const [up] = await positions(a);
    expect(up?.upl).toBe('100');
    expect(up?.upl_ratio).toBe('16.66');
    const [down] = await positions(b);
    expect(down?.upl).toBe('-100');

    // a closes half against a new resting bid of b at 61,000: realizes 50.
    await placed(b, { side: 'buy', type: 'limit', px: '61000', sz: '5' });
    const close = await api(srv, '/v1/futures/closePosition', { instId: INST, sz: '5' }, { token: a.token });
    expect(close.body.code).toBe(200);
    expect(close.body.data).toMatchObject({ reduce_only: true, pnl: '50', filled_sz: '5' });
    const [half] = await positions(a);
    expect(half).toMatchObject({ pos: '5', margin: '300', realized_pnl: '50' });
    // b's bid reduced b's short: b realized −50 and holds 5 contracts short.
    const [bHalf] = await positions(b);
    expect(bHalf).toMatchObject({ pos_side: 'short', pos: '5', realized_pnl: '-50' });
    // Closing the rest leaves a's position in the history.
    await placed(b, { side: 'buy', type: 'limit', px: '61000', sz: '5' });
    await api(srv, '/v1/futures/closePosition', { instId: INST }, { token: a.token });
    expect(await positions(a)).toEqual([]);
    const hist = await api(srv, '/v1/futures/positionHistory', {}, { token: a.token });
    expect(hist.body.data.list[0]).toMatchObject({
      pos_side: 'long',
      max_pos: '10',
      open_avg_px: '60000',
      close_avg_px: '61000',
      realized_pnl: '100',
      close_type: 'close',
    });
    expect(await positions(b)).toEqual([]);
  });

  it('refuses what it should: no mark, reduce-only without a position, leverage over the maximum or locked', async () => {
    await markAt('60000');
    const a = await trader('1000');
    expect((await submit(a, { side: 'sell', type: 'market', sz: '1', reduceOnly: true })).body.error).toBe(
      'NothingToReduce',
    );
    expect((await submit(a, { side: 'buy', type: 'market', sz: '1.5' })).body.code).not.toBe(200);
    expect((await submit(a, { side: 'buy', type: 'market', sz: '-1' })).body.code).not.toBe(200);
    const tooHigh = await api(
      srv,
      '/v1/futures/setLeverage',
      { instId: INST, lever: 101 },
      { token: a.token },
    );
    expect(tooHigh.body.code).not.toBe(200);
    // 1,000 USDT cannot margin 100 contracts (60,000 USDT) at 10×.
    const short = await submit(a, { side: 'buy', type: 'limit', px: '59000', sz: '100' });
    expect(short.body.error).toBe('InsufficientBalance');
    await placed(a, { side: 'buy', type: 'limit', px: '59000', sz: '1' });
    const locked = await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: a.token });
    expect(locked.body.error).toBe('LeverageLocked');
    await call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: a.token });
    expect((await account(a)).available).toBe('1000');
    const open = await api(
      srv,
      '/v1/order/meTradeList',
      { instType: 'SWAP', state: 'closed' },
      { token: a.token },
    );
    expect(open.body.data.list[0]).toMatchObject({ status: 'canceled', inst_type: 'SWAP' });
  });
});

describe('take-profit and stop-loss', () => {
  it('closes the whole position at market when the mark reaches the stop-loss', async () => {
    await markAt('60000');
    const a = await trader('5000');
    const m = await trader('50000');
    await placed(m, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    const bad = await api(
      srv,
      '/v1/futures/setTpSl',
      { instId: INST, sl_trigger_px: '61000' },
      { token: a.token },
    );
    expect(bad.body.error).toBe('TriggerPriceInvalid');
    const set = await api(
      srv,
      '/v1/futures/setTpSl',
      { instId: INST, sl_trigger_px: '59000', tp_trigger_px: '65000' },
      { token: a.token },
    );
    expect(set.body.data).toMatchObject({ sl_trigger_px: '59000', tp_trigger_px: '65000' });
    await placed(m, { side: 'buy', type: 'limit', px: '58900', sz: '10' });
    await markAt('58950');
    expect(await positions(a)).toEqual([]);
    const orders = await api(srv, '/v1/order/list', { instType: 'SWAP' }, { token: a.token });
    expect(orders.body.data.list[0]).toMatchObject({ source: 'sl', status: 'filled', pnl: '-110' });
    await call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: m.token });
    await api(srv, '/v1/futures/closeAll', {}, { token: m.token });
  });
});

describe('liquidation', () => {
  it('takes over a position at maintenance margin, closes it in the book, and the remaining margin goes to the fund', async () => {
    await markAt('60000');
    const a = await trader('1000');
    const m = await trader('100000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 50 }, { token: a.token });
    await placed(m, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    const [pos] = await positions(a);
    expect(pos?.margin).toBe('120');
    // A bid below the liquidation price but above the bankruptcy price takes the liquidation.
    await placed(m, { side: 'buy', type: 'limit', px: '58900', sz: '10' });
    await markAt('58900');
    expect(await positions(a)).toEqual([]);
    const hist = await api(srv, '/v1/futures/positionHistory', {}, { token: a.token });
    expect(hist.body.data.list[0]).toMatchObject({ close_type: 'liquidation', close_avg_px: '58900' });
    // a's loss is its margin, no more; its balance never went below zero.
    expect((await account(a)).available).toBe(String(1000 - 120 - 3));
    await api(srv, '/v1/futures/closeAll', {}, { token: m.token });
  });

  it('auto-deleverages the most profitable opposite positions when the book cannot take a liquidation', async () => {
    await markAt('60000');
    const a = await trader('1000');
    const s1 = await trader('10000');
    const s2 = await trader('10000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 50 }, { token: a.token });
    await placed(s1, { side: 'sell', type: 'limit', px: '60000', sz: '4' });
    await placed(s2, { side: 'sell', type: 'limit', px: '60000', sz: '6' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    // Nothing bids: the mark falls through a's liquidation price with an empty book.
    await markAt('58000');
    expect(await positions(a)).toEqual([]);
    const p1 = await positions(s1);
    const p2 = await positions(s2);
    expect(p1).toEqual([]);
    expect(p2).toEqual([]);
    const h = await api(srv, '/v1/futures/positionHistory', {}, { token: s1.token });
    expect(h.body.data.list[0]).toMatchObject({ close_type: 'adl' });
  });
});

describe('funding', () => {
  it('settles a period once: longs pay shorts at a positive rate, and a second settlement of it pays nothing', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    await placed(a, { side: 'buy', type: 'market', sz: '10' });
    const t = Date.UTC(2030, 0, 1, 8);
    await futures().settleFunding(INST, t);
    await futures().settleFunding(INST, t);
    const fa = await api(srv, '/v1/futures/fundingHistory', {}, { token: a.token });
    expect(fa.body.data.total).toBeLessThanOrEqual(1);
    const rates = await api(srv, '/v1/futures/fundingRates', { instId: INST });
    expect(rates.body.data.list.filter((r) => r.funding_time === new Date(t).toISOString())).toHaveLength(1);
    await api(srv, '/v1/futures/closeAll', {}, { token: a.token });
    await api(srv, '/v1/futures/closeAll', {}, { token: b.token });
  });
});

describe('live swap channels', () => {
  it('pushes my position on every mark, and the public mark-price and funding-rate channels', async () => {
    await markAt('60000');
    const a = await trader('10000');
    const b = await trader('10000');
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '2' });
    await placed(a, { side: 'buy', type: 'market', sz: '2' });
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws?token=${a.token}`);
    const got: Record<string, unknown>[] = [];
    ws.on('message', (d) => {
      const text = d.toString();
      if (text !== 'pong') got.push(JSON.parse(text) as Record<string, unknown>);
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(
      JSON.stringify({
        op: 'subscribe',
        args: [
          { channel: 'positions' },
          { channel: 'mark-price', instId: INST },
          { channel: 'funding-rate', instId: INST },
        ],
      }),
    );
    await expect.poll(() => got.filter((m) => m.event === 'subscribe').length).toBe(3);
    await markAt('60500');
    const channel = (m: Record<string, unknown>) =>
      m.event ? undefined : (m.arg as { channel?: string } | undefined)?.channel;
    // The index loop may mark the contract again in between (at the book's 60000): the push of this mark is
    // the one that carries it.
    type PositionPush = { data: [{ upl: string; mark_px: string }] };
    const atMark = () =>
      got.find((m) => channel(m) === 'positions' && (m as PositionPush).data[0]?.mark_px === '60500') as
        | PositionPush
        | undefined;
    await expect.poll(() => atMark() !== undefined).toBe(true);
    const push = atMark() as PositionPush;
    expect(push.data[0].mark_px).toBe('60500');
    expect(push.data[0].upl).toBe('10');
    const marks = got.filter((m) => channel(m) === 'mark-price') as {
      data: [{ markPx: string; instType: string }];
    }[];
    expect(marks.map((m) => m.data[0])).toContainEqual(
      expect.objectContaining({ instType: 'SWAP', markPx: '60500' }),
    );
    expect(got.some((m) => channel(m) === 'funding-rate')).toBe(true);
    ws.close();
    await api(srv, '/v1/futures/closeAll', {}, { token: a.token });
    await api(srv, '/v1/futures/closeAll', {}, { token: b.token });
  });
});

describe('request ids', () => {
  it('answers a request id once: a replay gets the first answer even when the order could no longer be placed, twice at once both get it', async () => {
    await markAt('60000');
    const b = await trader('1300');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: b.token });
    const order = (request_id: string) =>
      ({
        instId: INST,
        side: 'sell',
        type: 'limit',
        px: exactText('60000'),
        sz: exactText('10'),
        request_id,
      }) as const;
    // Two at once with one id queue together: the second waits for the first's answer.
    const [x, y] = await Promise.all([
      futures().submit(b.id, order('f1')),
      futures().submit(b.id, order('f1')),
    ]);
    expect(y).toEqual(x);
    expect(x.status).toBe('new');
    // A second order holds what is left (603.00001 each): the first could not be placed again now.
    await placed(b, { side: 'sell', type: 'limit', px: '60000', sz: '10' });
    expect(await account(b)).toMatchObject({ available: '93.99998', frozen: '1206.00002' });
    expect(await futures().submit(b.id, order('f1'))).toEqual(x);
    expect(await account(b)).toMatchObject({ available: '93.99998', frozen: '1206.00002' });
    await futures().cancel(b.id, { orderIds: [], instId: INST });
  });
});
