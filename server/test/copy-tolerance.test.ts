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

const trader = (usdt: string) => futuresTrader(srv, finance, usdt);
const { markAt, placed, pos } = copyFixture(() => srv);
const copyTrades = async (u: User) =>
  (await api(srv, '/v1/copy/copyTrades', {}, { token: u.token })).body.data.list;
async function cancelAll(u: User) {
  await call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: u.token });
}

/** A user who meets the lead criteria (a closed position against `m`'s quotes) and leads. */
async function lead(): Promise<User> {
  const a = await trader('20000');
  await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: a.token });
  await placed(a, { side: 'buy', type: 'market', sz: '1' });
  await placed(a, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
  const applied = await api(srv, '/v1/copy/applyLead', {}, { token: a.token });
  expect(applied.body.data).toMatchObject({ is_lead: true });
  return a;
}

async function follow(f: User, leadId: number, ratio: string) {
  const r = await api(
    srv,
    '/v1/copy/follow',
    { trader_id: leadId, mode: 'ratio', ratio, budget: '100000' },
    { token: f.token },
  );
  expect(r.body.code).toBe(200);
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

describe('a lead’s second account resting at +2.9 % cannot sell to the followers', () => {
  it('the follower’s copy is skipped (price_tolerance), the second account sells nothing', async () => {
    await markAt('60000');
    const m = await trader('2000000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: m.token });
    await placed(m, { side: 'sell', type: 'limit', px: '60010', sz: '5' });
    await placed(m, { side: 'buy', type: 'limit', px: '59990', sz: '40' });
    const a = await lead();
    // The book: 4 contracts at 60,010 (the market maker), then the lead's second account: 11 at +2.9 %.
    const second = await trader('200000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: second.token });
    await placed(second, { side: 'sell', type: 'limit', px: '61740', sz: '11' });
    const b = await trader('20000');
    await follow(b, a.id, '10');

    const open = await placed(a, { side: 'buy', type: 'market', sz: '1' });
    expect(open.avg_px).toBe('60010');
    // The follower would buy 10: 3 are left at 60,010, the rest only at +2.9 %.
    const mine = await pos(b);
    const held = BigInt(mine?.pos ?? '0');
    expect(held).toBeLessThanOrEqual(3n);
    const [t] = await copyTrades(b);
    expect(t).toMatchObject({ side: 'buy', sz: '10', reason: 'price_tolerance', lead_px: '60010' });
    expect(t?.status).toBe(held === 0n ? 'skipped' : 'partial');
    // The limit the copy was held to, and the mark at the lead's fill, are on the record.
    expect(t?.limit_px).toBe('60190');
    expect(Number(t?.mark_px)).toBeGreaterThan(59_900);
    // The second account sold nothing to the follower.
    const resting = (
      await api(srv, '/v1/order/meTradeList', { state: 'open', instId: INST, instType: 'SWAP' }, second)
    ).body.data.list;
    expect(resting.map((o) => [o.sz, o.filled_sz])).toEqual([['11', '0']]);
    expect(await pos(second)).toBeUndefined();
    await cancelAll(second);
    await cancelAll(m);
  });

  it('when the lead itself buys from the second account at +2.9 %, the mark bounds the copy', async () => {
    await markAt('60000');
    const m = await trader('2000000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: m.token });
    await placed(m, { side: 'sell', type: 'limit', px: '60010', sz: '2' });
    await placed(m, { side: 'buy', type: 'limit', px: '59990', sz: '40' });
    const a = await lead();
    await cancelAll(m);
    await placed(m, { side: 'buy', type: 'limit', px: '59990', sz: '40' });
    const second = await trader('200000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: second.token });
    await placed(second, { side: 'sell', type: 'limit', px: '61740', sz: '12' });
    const b = await trader('20000');
    await follow(b, a.id, '10');
    const open = await placed(a, { side: 'buy', type: 'market', sz: '1' });
    expect(open.avg_px).toBe('61740');
    expect(await pos(b)).toBeUndefined();
    const [t] = await copyTrades(b);
    expect(t).toMatchObject({ status: 'skipped', reason: 'price_tolerance', lead_px: '61740' });
    // Held to the mark's bound (1 % above the mark at the lead's fill, to the tick below), not the lead's
    // price plus 0.3 %.
    const mark = Number(t?.mark_px);
    expect(mark).toBeGreaterThan(59_900);
    expect(mark).toBeLessThan(60_100);
    expect(Number(t?.limit_px)).toBe(Math.floor(mark * 1.01 * 10) / 10);
    await cancelAll(second);
    await cancelAll(m);
  });

  it('a copy that fills within tolerance records slippage against the lead and against the mark', async () => {
    await markAt('60000');
    const m = await trader('2000000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: m.token });
    await placed(m, { side: 'sell', type: 'limit', px: '60010', sz: '3' });
    await placed(m, { side: 'sell', type: 'limit', px: '60100', sz: '40' });
    await placed(m, { side: 'buy', type: 'limit', px: '59990', sz: '40' });
    const a = await lead();
    const b = await trader('20000');
    await follow(b, a.id, '4');
    await placed(a, { side: 'buy', type: 'market', sz: '1' });
    expect((await pos(b))?.pos).toBe('4');
    const [t] = await copyTrades(b);
    // 1 at 60,010 and 3 at 60,100: 60,077.5.
    expect(t).toMatchObject({ status: 'filled', reason: null, px: '60077.5', lead_px: '60010' });
    // (60,077.5 − 60,010) ÷ 60,010 in percent; and the same against the mark at the lead's fill.
    expect(t?.slippage).toBe('0.11');
    const mark = Number(t?.mark_px);
    expect(mark).toBeGreaterThan(59_900);
    expect(Number(t?.mark_slippage)).toBeCloseTo(Math.trunc(((60_077.5 - mark) / mark) * 10_000) / 100, 5);
    await cancelAll(m);
  });
});

describe('counterparty concentration', () => {
  it('flags a lead whose followers keep filling against one account, and not one whose do not', async () => {
    await markAt('60000');
    const m = await trader('2000000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: m.token });
    await placed(m, { side: 'buy', type: 'limit', px: '59990', sz: '1' });
    await placed(m, { side: 'sell', type: 'limit', px: '60010', sz: '1' });
    const a = await lead();
    // The lead's second account quotes just above the market maker, within the tolerance, every time.
    const second = await trader('400000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: second.token });
    const f1 = await trader('50000');
    const f2 = await trader('50000');
    await follow(f1, a.id, '2');
    await follow(f2, a.id, '2');
    for (let k = 0; k < 3; k++) {
      // The market maker's one contract each side takes the lead's trade; the second account's quotes, just
      // behind it and within the tolerance, take every follower's.
      await placed(m, { side: 'sell', type: 'limit', px: '60010', sz: '1' });
      await placed(second, { side: 'sell', type: 'limit', px: '60020', sz: '4' });
      await placed(a, { side: 'buy', type: 'market', sz: '1' });
      await placed(m, { side: 'buy', type: 'limit', px: '59995', sz: '1' });
      await placed(second, { side: 'buy', type: 'limit', px: '59985', sz: '4' });
      await placed(a, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
      await cancelAll(second);
    }
    expect(await pos(f1)).toBeUndefined();
    const op = await operatorToken(srv);
    const flags = await srv.app.modules.copy.counterpartyFlags();
    const mine = flags.find((x) => x.lead_id === a.id);
    expect(mine).toMatchObject({ counterparty_id: second.id });
    expect(Number(mine?.share)).toBeGreaterThanOrEqual(0.5);
    const view = await api(srv, '/admin/copy/follows', { user_id: a.id }, { token: op });
    expect(view.body.data.lead?.counterparty_flag).toMatchObject({ counterparty_id: second.id });
    // Fewer fills than `min_fills` flag nothing: the earlier leads here had one copied fill or two each.
    expect(flags.filter((x) => x.lead_id !== a.id)).toEqual([]);
    await cancelAll(m);
  });
});
