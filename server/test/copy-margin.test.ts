// A copy "50 USDT per position" that opens 31.12 USDT of margin says why: the copy trade that opens its
// position records the margin the amount asked for, the margin the position got, and the cause when they
// differ (whole contracts at the trader's price, a fill cut at the copy's tolerance, an amount under one
// contract). When the amount is a whole number of contracts the two agree within one contract's margin.
import type { ResponseData } from '@nexa/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture } from './copy-fixture';
import { api, call, futuresTrader, operatorToken, startServer, type TestServer } from './harness';

const INST = 'BTC-USDT-SWAP';
let srv: TestServer;
let finance: string;

interface User {
  token: string;
  id: number;
}
type CopyTrade = ResponseData<'/v1/copy/copyTrades'>['list'][number];

const trader = (usdt: string) => futuresTrader(srv, finance, usdt);
const { markAt, placed, pos } = copyFixture(() => srv);
async function lastTrade(u: User): Promise<CopyTrade> {
  const [t] = (await api(srv, '/v1/copy/copyTrades', {}, { token: u.token })).body.data.list;
  if (!t) throw new Error('no copy trade');
  return t;
}
const cancelAll = (u: User) => call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: u.token });

/** A lead at 10× (a closed position to qualify) and a market maker: the asks given, bids at 59,990. */
async function setUp(asks: readonly (readonly [string, string])[]): Promise<{ lead: User; maker: User }> {
  await markAt('60000');
  const maker = await trader('2000000');
  await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: maker.token });
  await placed(maker, { side: 'sell', type: 'limit', px: '60000', sz: '1' });
  await placed(maker, { side: 'buy', type: 'limit', px: '59990', sz: '40' });
  const lead = await trader('20000');
  await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: lead.token });
  await placed(lead, { side: 'buy', type: 'market', sz: '1' });
  await placed(lead, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
  expect((await api(srv, '/v1/copy/applyLead', {}, { token: lead.token })).body.data).toMatchObject({
    is_lead: true,
  });
  await cancelAll(maker);
  for (const [px, sz] of asks) await placed(maker, { side: 'sell', type: 'limit', px, sz });
  await placed(maker, { side: 'buy', type: 'limit', px: '59990', sz: '40' });
  return { lead, maker };
}

async function follower(leadId: number, amount: string): Promise<User> {
  const b = await trader('5000');
  const r = await api(
    srv,
    '/v1/copy/follow',
    { trader_id: leadId, mode: 'amount', amount, budget: '2000' },
    { token: b.token },
  );
  expect(r.body.code).toBe(200);
  return b;
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
  await srv.app.settings.set('copy.lead_review', false);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

// One BTC contract is 0.01 BTC: 600 USDT at 60,000, 60 USDT of margin at the lead's 10×.
const ONE_CONTRACT_MARGIN = 60;

describe('a copy by amount records the margin asked, the margin opened and why they differ', () => {
  it('100 USDT per position opens one contract (60 USDT): rounded down to whole contracts', async () => {
    const { lead, maker } = await setUp([['60000', '40']]);
    const b = await follower(lead.id, '100');
    await placed(lead, { side: 'buy', type: 'market', sz: '1' });
    expect((await pos(b))?.pos).toBe('1');
    const t = await lastTrade(b);
    expect(t).toMatchObject({ status: 'filled', sz: '1', filled: '1', margin_asked: '100' });
    expect(t.margin_reason).toBe('lot_size');
    // What the record says the position got is the position's margin.
    expect(t.margin_opened).toBe((await pos(b))?.margin);
    const opened = Number(t.margin_opened);
    expect(opened).toBeGreaterThanOrEqual(ONE_CONTRACT_MARGIN);
    expect(opened).toBeLessThan(100);
    // A later add by the lead is not a new position: no margin note.
    await placed(lead, { side: 'buy', type: 'market', sz: '1' });
    const add = await lastTrade(b);
    expect(add).toMatchObject({ side: 'buy', margin_asked: null, margin_opened: null, margin_reason: null });
    await placed(lead, { side: 'sell', type: 'market', sz: '2', reduceOnly: true });
    await cancelAll(maker);
  });

  it('120 USDT per position is two whole contracts: the margin opened is what was asked', async () => {
    const { lead, maker } = await setUp([['60000', '40']]);
    const b = await follower(lead.id, '120');
    await placed(lead, { side: 'buy', type: 'market', sz: '1' });
    expect((await pos(b))?.pos).toBe('2');
    const t = await lastTrade(b);
    expect(t).toMatchObject({ status: 'filled', sz: '2', filled: '2', margin_asked: '120' });
    const diff = Math.abs(Number(t.margin_opened) - 120);
    expect(diff).toBeLessThan(ONE_CONTRACT_MARGIN);
    // Equal, or apart only by the follower's fill against the mark (never the rounding to contracts).
    if (diff === 0) expect(t.margin_reason).toBeNull();
    else expect(t.margin_reason).toBe('fill_price');
    await placed(lead, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
    await cancelAll(maker);
  });

  it('a fill cut at the copy’s price tolerance opens less, and says so', async () => {
    // One contract left at 60,000 after the lead's, the rest at +2.9 % (beyond the copy's 0.3 %).
    const { lead, maker } = await setUp([
      ['60000', '2'],
      ['61740', '20'],
    ]);
    const b = await follower(lead.id, '300');
    await placed(lead, { side: 'buy', type: 'market', sz: '1' });
    expect((await pos(b))?.pos).toBe('1');
    const t = await lastTrade(b);
    expect(t).toMatchObject({ status: 'partial', sz: '5', filled: '1', reason: 'price_tolerance' });
    expect(t).toMatchObject({ margin_asked: '300', margin_reason: 'price_tolerance' });
    expect(Number(t.margin_opened)).toBeLessThan(2 * ONE_CONTRACT_MARGIN);
    await placed(lead, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
    await cancelAll(maker);
  });

  it('an amount under one contract’s margin opens nothing: asked, 0 opened, too small', async () => {
    const { lead, maker } = await setUp([['60000', '40']]);
    const b = await follower(lead.id, '50');
    await placed(lead, { side: 'buy', type: 'market', sz: '1' });
    expect(await pos(b)).toBeUndefined();
    expect(await lastTrade(b)).toMatchObject({
      status: 'skipped',
      reason: 'too_small',
      margin_asked: '50',
      margin_opened: '0',
      margin_reason: 'too_small',
    });
    await placed(lead, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
    await cancelAll(maker);
  });
});
