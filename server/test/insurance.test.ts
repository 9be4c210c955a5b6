import { parseAmount, type ResponseData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { INSURANCE_POOL } from '../src/modules/insurance/service';
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
const INST = 'BTC-USDT-SWAP';

interface User {
  token: string;
  id: number;
}

async function user(spotUsdt: string, futuresUsdt: string): Promise<User> {
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, finance, spotUsdt, 'USDT');
  if (futuresUsdt !== '0') {
    await api(
      srv,
      '/api/transferBalance/index',
      { asset: 'USDT', from: 'spot', to: 'futures', amount: futuresUsdt },
      { token: u.token },
    );
  }
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  return { token: u.token, id: me.id };
}

const futures = () => srv.app.modules.futures;
async function markAt(price: string) {
  futures().pinIndex('BTC-USDT', price);
  await futures().tick();
  await futures().idle();
  await srv.app.deps.outbox.drain();
}
async function order(u: User, body: Record<string, unknown>) {
  const res = await call<ResponseData<'/v1/order/submitTrade'>>(
    srv,
    '/v1/order/submitTrade',
    { instId: INST, ...body },
    { token: u.token },
  );
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}
/** Everything a user holds in USDT, spot and futures, with open positions at their margin plus PnL. */
async function worth(u: User): Promise<bigint> {
  let sum = 0n;
  for (const b of await srv.app.ledger.balances(u.id)) if (b.asset === 'USDT') sum += b.available + b.frozen;
  for (const p of futures().positions(u.id))
    sum +=
      (parseAmount(p.margin, 6) ?? 0n) +
      (parseAmount(p.upl.replace('-', ''), 6) ?? 0n) * (p.upl.startsWith('-') ? -1n : 1n);
  return sum;
}
const covers = async (u: User) =>
  (await api(srv, '/v1/user/buyInsuranceList', {}, { token: u.token })).body.data;
const claims = async (u: User) =>
  (await api(srv, '/v1/user/insuranceCompensationList', {}, { token: u.token })).body.data;

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
  // A short waiting period, so the tests move the clock by hours, not days.
  await srv.app.deps.settings.set('insurance.waiting_h' as never, 1 as never);
});
afterAll(() => srv.close());

describe('buying a cover', () => {
  it('charges 5 % of the limit from spot into the pool, refuses out of range and a second cover in force', async () => {
    const u = await user('400', '0');
    const low = await api(srv, '/v1/user/buyInsurance', { limit: '99' }, { token: u.token });
    expect(low.body.code).not.toBe(200);
    const high = await api(srv, '/v1/user/buyInsurance', { limit: '10001' }, { token: u.token });
    expect(high.body.code).not.toBe(200);
    const broke = await api(srv, '/v1/user/buyInsurance', { limit: '10000' }, { token: u.token });
    expect(broke.body.error).toBe('InsufficientBalance');
    const ok = await api(
      srv,
      '/v1/user/buyInsurance',
      { limit: '1000', request_id: 'cover-1000-a' },
      { token: u.token },
    );
    expect(ok.body.data).toMatchObject({
      limit: '1000',
      remaining: '1000',
      premium: '50',
      share: '0.04',
      status: 'waiting',
    });
    const again = await api(
      srv,
      '/v1/user/buyInsurance',
      { limit: '1000', request_id: 'cover-1000-a' },
      { token: u.token },
    );
    expect(again.body.data.id).toBe(ok.body.data.id);
    const second = await api(srv, '/v1/user/buyInsurance', { limit: '500' }, { token: u.token });
    expect(second.body.error).toBe('CoverActive');
    const spot = (await srv.app.ledger.balances(u.id)).find((b) => b.asset === 'USDT' && b.kind === 'spot');
    expect(spot?.available).toBe(350_000_000n);
    const list = await covers(u);
    expect(list).toMatchObject({
      total: 1,
      premium_rate: '0.05',
      share: '0.04',
      waiting_h: 1,
      max_lever: 20,
    });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});

describe('compensation', () => {
  it('pays share × the covered loss of a liquidation once, however often the loss is delivered', async () => {
    await markAt('60000');
    const a = await user('2000', '1000');
    const m = await user('200000', '100000');
    await api(srv, '/v1/user/buyInsurance', { limit: '1000' }, { token: a.token });
    // Opened during the waiting period: not covered.
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: a.token });
    await order(m, { side: 'sell', type: 'limit', px: '60000', sz: '5' });
    await order(a, { side: 'buy', type: 'market', sz: '5' });
    await order(m, { side: 'buy', type: 'limit', px: '57250', sz: '5' });
    await markAt('57250');
    expect(futures().positions(a.id)).toEqual([]);
    expect((await claims(a)).total).toBe(0);

    // After the waiting period: a 20× long of 5 contracts (3,000 USDT, margin 150) is liquidated.
    srv.clock.advance(3_600_000 + 1000);
    await markAt('60000');
    await order(m, { side: 'sell', type: 'limit', px: '60000', sz: '5' });
    await order(a, { side: 'buy', type: 'market', sz: '5' });
    await order(m, { side: 'buy', type: 'limit', px: '57250', sz: '5' });
    await markAt('57250');
    expect(futures().positions(a.id)).toEqual([]);
    const c = await claims(a);
    expect(c.total).toBe(1);
    const claim = c.list[0];
    expect(claim).toMatchObject({ kind: 'liquidation', status: 'paid' });
    // The loss is the margin and the opening fee: 150 + 1.5.
    expect(claim?.loss).toBe('151.5');
    expect(claim?.amount).toBe('6.06'); // 4 % of 151.5
    const cover = (await covers(a)).list[0];
    expect(cover).toMatchObject({ remaining: '848.5', paid: '6.06', status: 'active' });
    const hist = await api(srv, '/v1/futures/positionHistory', {}, { token: a.token });
    expect(hist.body.data.list[0]).toMatchObject({ close_type: 'liquidation', compensation: '6.06' });

    // The same loss delivered again (a crash before the receipt, a second instance): nothing more is paid.
    const insurance = srv.app.modules.insurance;
    const positionId = claim?.position_id ?? 0;
    await srv.app.deps.store.db.transaction((tx) =>
      insurance.onLoss(tx, {
        userId: a.id,
        positionId,
        instId: INST,
        kind: 'liquidation',
        loss: '151500000',
        lever: 20,
        openedAt: srv.clock.now().getTime() - 1000,
        closedAt: srv.clock.now().getTime(),
      }),
    );
    expect((await claims(a)).total).toBe(1);
    expect((await covers(a)).list[0]?.paid).toBe('6.06');
    expect(await srv.app.ledger.audit()).toEqual([]);
    await api(srv, '/v1/futures/closeAll', {}, { token: m.token });
  });

  it('queues a compensation the pool cannot pay, shows it to operators, and pays it once the pool refills', async () => {
    await markAt('60000');
    const a = await user('2000', '1000');
    const m = await user('200000', '100000');
    await api(srv, '/v1/user/buyInsurance', { limit: '1000' }, { token: a.token });
    srv.clock.advance(3_600_000 + 1000);
    await markAt('60000');
    // Empty the pool (moved back out to its capital account).
    const pool = await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.systemAccount(tx, INSURANCE_POOL, 'USDT'),
    );
    const held =
      (await srv.app.ledger.accountBalances(srv.app.deps.store.db, [pool.id])).get(pool.id)?.available ?? 0n;
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.transfer(tx, {
        from: pool,
        to: { system: SYSTEM.capital('insurance'), asset: 'USDT' },
        amount: held,
        cause: 'insurance.fund',
        userId: null,
      }),
    );
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: a.token });
    await order(m, { side: 'sell', type: 'limit', px: '60000', sz: '5' });
    await order(a, { side: 'buy', type: 'market', sz: '5' });
    await order(m, { side: 'buy', type: 'limit', px: '57250', sz: '5' });
    await markAt('57250');
    expect((await claims(a)).list[0]).toMatchObject({ status: 'queued', amount: '6.06' });
    const op = await operatorToken(srv, 'admin', 'nexa-admin');
    const queue = await api(srv, '/admin/insurance/claims', {}, { token: op });
    expect(queue.body.data).toMatchObject({ pool: '0', queued_total: '6.06' });
    // A premium refills the pool; the sweep pays the queue.
    const b = await user('1000', '0');
    await api(srv, '/v1/user/buyInsurance', { limit: '200' }, { token: b.token });
    await srv.app.modules.insurance.payQueued();
    expect((await claims(a)).list[0]).toMatchObject({ status: 'paid' });
    expect(await srv.app.ledger.audit()).toEqual([]);
    await api(srv, '/v1/futures/closeAll', {}, { token: m.token });
  });
});

describe('the two-account scheme', () => {
  it('does not come out ahead: one person, a covered long and an uncovered short, the long liquidated on purpose', async () => {
    await markAt('60000');
    const a = await user('20000', '10000');
    const b = await user('20000', '10000');
    const m = await user('500000', '300000');
    const before = (await worth(a)) + (await worth(b));
    // The largest cover, at the largest leverage it covers, and a position whose margin uses all of it.
    await api(srv, '/v1/user/buyInsurance', { limit: '10000' }, { token: a.token });
    srv.clock.advance(3_600_000 + 1000);
    await markAt('60000');
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: a.token });
    await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: b.token });
    // a rests a bid, b takes it: a long, b short, 150 contracts (90,000 USDT, 4,500 margin each).
    await order(a, { side: 'buy', type: 'limit', px: '60000', sz: '150' });
    await order(b, { side: 'sell', type: 'market', sz: '150' });
    // The market falls through a's liquidation price; the market maker takes the liquidation.
    await order(m, { side: 'buy', type: 'limit', px: '57250', sz: '150' });
    await markAt('57250');
    expect(futures().positions(a.id)).toEqual([]);
    // b takes its profit at the same price.
    await order(m, { side: 'sell', type: 'limit', px: '57250', sz: '150' });
    await api(srv, '/v1/futures/closePosition', { instId: INST }, { token: b.token });
    expect(futures().positions(b.id)).toEqual([]);
    const paid = (await claims(a)).list[0];
    expect(paid?.status).toBe('paid');
    const after = (await worth(a)) + (await worth(b));
    // Premium 500, fees, the equity the liquidation left to the fund: far more than the 4 % compensation.
    expect(after).toBeLessThan(before);
    expect(before - after).toBeGreaterThan(500_000_000n - (parseAmount(paid?.amount ?? '0', 6) ?? 0n));
    await api(srv, '/v1/futures/closeAll', {}, { token: m.token });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});
