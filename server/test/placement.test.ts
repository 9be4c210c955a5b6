import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { costOf, partOf } from '../src/modules/placement/service';
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
const DAY = 86_400_000;

async function user(usdt: string) {
  const finance = await operatorToken(srv);
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, finance, usdt, 'USDT');
  const me = present(await srv.app.modules.auth.authenticate(u.token));
  return { token: u.token, id: me.id };
}
const balance = async (token: string, asset: string) => {
  const b = (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === asset && a.account === 'spot',
  );
  return b?.available ?? '0';
};
async function toDay(offsetDays: number) {
  const today = await srv.app.modules.earn.dayOf(srv.clock.now());
  srv.clock.set((today + offsetDays) * DAY - 8 * 3_600_000 + 60_000);
  await srv.app.modules.placement.settleDue();
}

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

describe('the numbers, by hand', () => {
  it('vesting parts are equal, the last takes what is left; the cost rounds up', () => {
    // 1,000.00000001 RRT over 6 parts: 166.66666666 five times, then 166.66666671.
    const amount = 100_000_000_001n;
    expect([1, 2, 3, 4, 5, 6].map((k) => partOf(amount, 6, k))).toEqual([
      16_666_666_666n,
      16_666_666_666n,
      16_666_666_666n,
      16_666_666_666n,
      16_666_666_666n,
      16_666_666_671n,
    ]);
    // 1,000 RRT at 0.05 USDT = 50 USDT; 0.00000001 RRT costs 0.000001 USDT (rounded up, never given away).
    expect(costOf(100_000_000_000n, 50_000n, 8)).toBe(50_000_000n);
    expect(costOf(1n, 50_000n, 8)).toBe(1n);
  });
});

describe('private placement', () => {
  it('subscribes within the caps, locks the tokens, and unlocks one part a month, each once', async () => {
    const u = await user('10000');
    const c = (await api(srv, '/api/basic/checkBuy', {}, { token: u.token })).body.data;
    expect(c.round).toMatchObject({
      name: 'RRT seed round',
      asset: 'RRT',
      price: '0.05',
      per_user_cap: '100000',
    });
    expect(c).toMatchObject({
      eligible: true,
      reason: null,
      bought: '0',
      allowance: '100000',
      available: '10000',
    });
    const round = present(c.round).id;

    // Bad input changes nothing.
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: round, amount: '10' }, { token: u.token })).body
        .error,
    ).toBe('ValidationFailed');
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: 999, amount: '1000' }, { token: u.token })).body
        .error,
    ).toBe('RoundNotFound');
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: round, amount: '100001' }, { token: u.token })).body
        .error,
    ).toBe('PlacementCapReached');
    const poor = await user('10');
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: round, amount: '1000' }, { token: poor.token })).body
        .error,
    ).toBe('InsufficientBalance');
    expect(await balance(poor.token, 'USDT')).toBe('10');

    // 60,000 RRT for 3,000 USDT; replaying the request buys once.
    for (let i = 0; i < 2; i++) {
      const r = await api(
        srv,
        '/api/basic/saveBuy',
        { round_id: round, amount: '60000', request_id: 'pp-000001' },
        { token: u.token },
      );
      expect(r.body.data).toMatchObject({
        amount: '60000',
        cost: '3000',
        locked: '60000',
        released: '0',
        parts: 6,
        status: 'vesting',
      });
    }
    expect(await balance(u.token, 'USDT')).toBe('7000');
    expect(await balance(u.token, 'RRT')).toBe('0');
    const after = (await api(srv, '/api/basic/checkBuy', {}, { token: u.token })).body.data;
    expect(after).toMatchObject({ bought: '60000', allowance: '40000' });
    expect(after.round?.sold).toBe('60000');
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: round, amount: '40001' }, { token: u.token })).body
        .msg,
    ).toContain('40000 RRT');

    // Day 1 after the purchase unlocks the first part; sweeping again pays nothing more.
    await toDay(1);
    await srv.app.modules.placement.settleDue();
    expect(await balance(u.token, 'RRT')).toBe('10000');
    // Then every 30 days; a long outage releases each missed part once.
    await toDay(95);
    expect(await balance(u.token, 'RRT')).toBe('40000');
    await toDay(100);
    const list = (await api(srv, '/v1/placement/mine', {}, { token: u.token })).body.data.list;
    expect(list[0]).toMatchObject({
      released: '60000',
      locked: '0',
      parts_released: 6,
      status: 'complete',
      next_release_at: null,
    });
    expect(await balance(u.token, 'RRT')).toBe('60000');
  });

  it('lets operators open, pause and close rounds; closing returns what was not sold', async () => {
    let admin = await operatorToken(srv, 'admin', 'nexa-admin');
    const now = srv.clock.now().getTime();
    const open = await api(
      srv,
      '/admin/placement/saveRound',
      {
        name: 'DOMI round',
        asset: 'DOMI',
        price: '0.1',
        hard_cap: '1000',
        per_user_cap: '600',
        min_amount: '10',
        vesting_months: 2,
        starts_at: new Date(now + DAY).toISOString(),
        ends_at: new Date(now + 10 * DAY).toISOString(),
      },
      { token: admin },
    );
    expect(open.body.data).toMatchObject({ hard_cap: '1000', sold: '0', buyers: 0, status: 'active' });
    const id = open.body.data.id;
    expect(
      (
        await call(
          srv,
          '/admin/placement/saveRound',
          {
            name: 'x',
            asset: 'USDT',
            price: '1',
            hard_cap: '1',
            per_user_cap: '1',
            min_amount: '1',
            vesting_months: 1,
            starts_at: new Date(now).toISOString(),
            ends_at: new Date(now + DAY).toISOString(),
          },
          { token: admin },
        )
      ).body.error,
    ).toBe('ValidationFailed');
    const u = await user('1000');
    // Not started yet.
    const early = (await api(srv, '/api/basic/checkBuy', { round_id: id }, { token: u.token })).body.data;
    expect(early).toMatchObject({ eligible: false, reason: 'not_started', allowance: '0' });
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: id, amount: '100' }, { token: u.token })).body.error,
    ).toBe('RoundNotOpen');
    srv.clock.set(now + 2 * DAY);
    admin = await operatorToken(srv, 'admin', 'nexa-admin');
    const v = await user('1000');
    await api(srv, '/api/basic/saveBuy', { round_id: id, amount: '600' }, { token: v.token });
    expect(
      (await call(srv, '/api/basic/saveBuy', { round_id: id, amount: '500' }, { token: u.token })).body.error,
    ).toBe('RoundSoldOut');
    await api(srv, '/admin/placement/roundStatus', { id, status: 'paused' }, { token: admin });
    expect(
      (await api(srv, '/api/basic/checkBuy', { round_id: id }, { token: u.token })).body.data.reason,
    ).toBe('paused');
    const closed = await api(srv, '/admin/placement/roundStatus', { id, status: 'closed' }, { token: admin });
    expect(closed.body.data).toMatchObject({ status: 'closed', sold: '600', buyers: 1 });
    expect(
      (await call(srv, '/admin/placement/roundStatus', { id, status: 'active' }, { token: admin })).body
        .error,
    ).toBe('RoundNotOpen');
    const rounds = (await api(srv, '/admin/placement/rounds', {}, { token: admin })).body.data.list;
    expect(rounds.map((r) => r.name)).toContain('DOMI round');
  });
});
