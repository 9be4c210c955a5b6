import { exactText } from '@nexa/contract';
/**
 * The solvency report shows each system pool's money in and out since the platform day began, by cause, read
 * from the journal, and marks a pool red (and the report not healthy) when it paid out more than its daily limit
 * (`admin.pool_daily_outflow_limits`) or lost more than the set share of what it held at the day's start
 * (`admin.pool_daily_drain_share`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOver } from '../src/modules/admin/solvency';
import {
  api,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

const DAY = 86_400_000;
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
});
afterAll(() => srv.close());

async function newUser(usdt: string) {
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, await operatorToken(srv), usdt, 'USDT');
  return present(await srv.app.modules.auth.authenticate(u.token)).id;
}
const report = async () =>
  (await api(srv, '/admin/solvency', {}, { token: await operatorToken(srv) })).body.data;
const pool = (r: Awaited<ReturnType<typeof report>>, name: string) =>
  r.pools.find((p) => p.name === name && p.asset === 'USDT');

describe('each pool’s flows of the day', () => {
  it('the rule, by hand', () => {
    const f = { name: 'p', asset: 'USDT', causes: [] };
    // Held 100 at the start, 30 in, 90 out: lost 60 of 100.
    expect(poolOver({ ...f, balance: 40n, inflow: 30n, outflow: 90n }, null, 50_000_000n)).toBe(true);
    expect(poolOver({ ...f, balance: 40n, inflow: 30n, outflow: 90n }, null, 70_000_000n)).toBe(false);
    expect(poolOver({ ...f, balance: 40n, inflow: 30n, outflow: 90n }, 80n, 70_000_000n)).toBe(true);
    // Money in only: never over.
    expect(poolOver({ ...f, balance: 40n, inflow: 40n, outflow: 0n }, null, 1n)).toBe(false);
  });

  it('lists the loan pool’s outflow by cause and turns red past its limit or a drain', async () => {
    // A new platform day: the demo's funding of the pools belongs to the day before.
    const today = await srv.app.modules.earn.dayOf(srv.clock.now());
    srv.clock.set((today + 1) * DAY - 8 * 3_600_000 + 60_000);
    const u = await newUser('1000');
    const earn = srv.app.modules.earn;
    const o = await earn.stake(u, { amount: exactText('1000'), days: 30, auto_renew: false });
    await earn.borrow(u, { pledge_id: o.id, amount: exactText('300') });
    const r = await report();
    expect(r.day_start).toBe(new Date((today + 1) * DAY - 8 * 3_600_000).toISOString());
    expect(pool(r, 'system:earn:loans')).toMatchObject({
      inflow: '0',
      outflow: '300',
      limit: null,
      over: false,
      causes: [{ cause: 'earn.loan', inflow: '0', outflow: '300' }],
    });
    expect(pool(r, 'system:earn:staked')).toMatchObject({
      inflow: '1000',
      causes: [{ cause: 'earn.stake', inflow: '1000', outflow: '0' }],
    });
    expect(r.healthy).toBe(true);

    // A daily limit of 100 on the loan pool: red.
    await srv.app.settings.set('admin.pool_daily_outflow_limits', { 'system:earn:loans': '100' });
    const limited = await report();
    expect(pool(limited, 'system:earn:loans')).toMatchObject({ limit: '100', over: true });
    expect(limited.healthy).toBe(false);
    await srv.app.settings.set('admin.pool_daily_outflow_limits', {});

    // A drain beyond the set share of what it held at the day's start: red.
    await srv.app.settings.set('admin.pool_daily_drain_share', '0.0001');
    expect(pool(await report(), 'system:earn:loans')?.over).toBe(true);
    await srv.app.settings.set('admin.pool_daily_drain_share', '0.5');
    expect((await report()).healthy).toBe(true);
  });
});
