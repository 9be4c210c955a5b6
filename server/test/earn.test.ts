import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dailyProfit, loanInterest, maxProfit, redeemValue } from '../src/modules/earn/service';
import { createRewards, type RewardProgram } from '../src/programs/rewards';
import { schema } from '../src/store';
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
const DAY = 86_400_000;
const U = (n: number) => BigInt(Math.round(n * 1e6));

async function user(usdt: string) {
  // The clock moves by days here: a fresh operator session for each deposit.
  finance = await operatorToken(srv);
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, finance, usdt, 'USDT');
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  return { token: u.token, id: me.id };
}
const spot = async (token: string) =>
  (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === 'USDT' && a.account === 'spot',
  )?.available;
const earn = () => srv.app.modules.earn;
/** Moves the clock to the start of the next platform day (plus a minute) and settles. */
async function nextDay() {
  const today = await earn().dayOf(srv.clock.now());
  const offset = 8 * 3_600_000;
  srv.clock.set((today + 1) * DAY - offset + 60_000);
  await earn().settleDue();
}

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
  finance = await operatorToken(srv);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

describe('the numbers, by hand', () => {
  it('staking: 1,000 USDT at 5 % for 30 days earns 0.136986 a day and 4.109589 in all', () => {
    expect(dailyProfit(U(1000), 5_000_000n)).toBe(136_986n);
    expect(maxProfit(U(1000), 5_000_000n, 30)).toBe(4_109_589n); // 1000 × 0.05 × 30 / 365 = 4.1095890…
    // The last day pays the rest: 29 × 0.136986 + 0.136995 = 4.109589.
    expect(29n * 136_986n + 136_995n).toBe(4_109_589n);
  });
  it('early redemption keeps the flexible rate and returns the rest of the principal', () => {
    // 10 days paid at 15 % on 1,000: received 4.109580; the flexible 1 % allows 0.273972; penalty 3.835608.
    const received = 10n * dailyProfit(U(1000), 15_000_000n);
    expect(received).toBe(4_109_580n);
    expect(redeemValue({ amount: U(1000), received, daysPaid: 10 }, 1_000_000n)).toEqual({
      back: U(1000) - (received - 273_972n),
      penalty: received - 273_972n,
    });
    // Nothing received beyond it: the principal comes back whole.
    expect(redeemValue({ amount: U(1000), received: 100n, daysPaid: 10 }, 1_000_000n).back).toBe(U(1000));
  });
});

describe('staking', () => {
  it('stakes, pays a day of profit once however often it settles, redeems early, and refuses bad input', async () => {
    const u = await user('1000');
    const info = await api(srv, '/api/pledge/pledgeInfo', {});
    expect(info.body.data.plans.map((p) => p.days)).toEqual([30, 90, 180, 360]);
    expect(
      (await call(srv, '/api/pledge/balancePledge', { amount: '50', days: 30 }, { token: u.token })).body
        .error,
    ).toBe('ValidationFailed');
    expect(
      (await call(srv, '/api/pledge/balancePledge', { amount: '100', days: 7 }, { token: u.token })).body
        .error,
    ).toBe('PlanNotFound');
    expect(
      (await call(srv, '/api/pledge/balancePledge', { amount: '5000', days: 30 }, { token: u.token })).body
        .error,
    ).toBe('InsufficientBalance');
    const staked = await api(
      srv,
      '/api/pledge/balancePledge',
      { amount: '1000', days: 360, request_id: 'stake-0001' },
      { token: u.token },
    );
    expect(staked.body.data).toMatchObject({
      amount: '1000',
      days: 360,
      status: 'in_progress',
      accumulated: '0',
    });
    // A replay stakes nothing more.
    await api(
      srv,
      '/api/pledge/balancePledge',
      { amount: '1000', days: 360, request_id: 'stake-0001' },
      { token: u.token },
    );
    expect(await spot(u.token)).toBe('0');
    // The next day's settlement pays one day, once.
    await nextDay();
    await nextDay();
    await earn().settleDue();
    const id = staked.body.data.id;
    const day = dailyProfit(U(1000), 15_000_000n);
    const o = (await api(srv, '/api/pledge/getPledgeOrder', { id }, { token: u.token })).body.data;
    expect(o).toMatchObject({ days_paid: 1, received: (Number(day) / 1e6).toString() });
    expect(await spot(u.token)).toBe((Number(day) / 1e6).toString());
    // The income records list the day's payout.
    const income = (await api(srv, '/api/auth/income', { program: 'pledge' }, { token: u.token })).body.data;
    expect(income.list).toHaveLength(1);
    expect(income.list[0]).toMatchObject({ program: 'pledge', order_id: id, status: 'paid' });
    expect(income.totals).toEqual([{ asset: 'USDT', paid: income.list[0]?.amount }]);
    // Someone else's order is not found.
    const other = await user('1');
    expect((await call(srv, '/api/pledge/getPledgeOrder', { id }, { token: other.token })).body.error).toBe(
      'EarnOrderNotFound',
    );
    // Redeemed early: the principal less the profit beyond the flexible rate.
    const redeemed = await api(srv, '/api/pledge/operate', { id, action: 'redeem' }, { token: u.token });
    expect(redeemed.body.data.status).toBe('redeemed');
    const { back } = redeemValue({ amount: U(1000), received: day, daysPaid: 1 }, 1_000_000n);
    expect(await spot(u.token)).toBe(((Number(back) + Number(day)) / 1e6).toString());
    expect(
      (await call(srv, '/api/pledge/operate', { id, action: 'redeem' }, { token: u.token })).body.error,
    ).toBe('EarnOrderClosed');
  });

  it('runs a 30-day order to its end: 30 days of profit adding up to the maximum, then the principal back', async () => {
    const u = await user('100');
    const o = (await api(srv, '/api/pledge/balancePledge', { amount: '100', days: 30 }, { token: u.token }))
      .body.data;
    for (let i = 0; i < 31; i++) await nextDay();
    const done = (await api(srv, '/api/pledge/getPledgeOrder', { id: o.id }, { token: u.token })).body.data;
    expect(done).toMatchObject({
      status: 'expired',
      days_paid: 30,
      received: done.max_profit,
      remaining: '0',
    });
    expect(done.max_profit).toBe('0.410958'); // 100 × 0.05 × 30 / 365
    expect(await spot(u.token)).toBe('100.410958');
    // Operators see each program's pool, what it paid and what it owes.
    const op = await operatorToken(srv);
    const report = (await api(srv, '/admin/earn/programs', {}, { token: op })).body.data.list;
    const pledge = report.find((p) => p.program === 'pledge');
    expect(pledge).toMatchObject({ pool: 'system:earn:pledge', asset: 'USDT', queued: '0', runs_open: 0 });
    expect(Number(pledge?.paid)).toBeGreaterThanOrEqual(0.410958);
    expect(Number(pledge?.pool_balance)).toBeGreaterThan(0);
    expect(pledge?.last_period_day).not.toBeNull();
    // Users are not operators.
    expect((await call(srv, '/admin/earn/programs', {}, { token: u.token })).body.code).not.toBe(200);
  });

  it('renews an order with auto-renew into a new one with the principal', async () => {
    const u = await user('100');
    const o = (
      await api(
        srv,
        '/api/pledge/balancePledge',
        { amount: '100', days: 30, auto_renew: true },
        { token: u.token },
      )
    ).body.data;
    for (let i = 0; i < 31; i++) await nextDay();
    const old = (await api(srv, '/api/pledge/getPledgeOrder', { id: o.id }, { token: u.token })).body.data;
    expect(old.status).toBe('renewed');
    const next = (
      await api(srv, '/api/pledge/getPledgeOrder', { id: old.renewed_to ?? 0 }, { token: u.token })
    ).body.data;
    expect(next).toMatchObject({ status: 'in_progress', amount: '100', auto_renew: true });
    await api(srv, '/api/pledge/operate', { id: next.id, action: 'no_renew' }, { token: u.token });
    await api(srv, '/api/pledge/operate', { id: next.id, action: 'redeem' }, { token: u.token });
  });
});

describe('loans against staking', () => {
  it('counts interest on each started day: 300 at 0.05 % for 2 days and a minute is 3 days, 0.45', () => {
    expect(loanInterest(U(300), 50_000n, 0, 2 * DAY + 60_000)).toBe(U(0.45));
    expect(loanInterest(U(300), 50_000n, 0, 1)).toBe(U(0.15));
  });

  it('lends up to half the principal, one loan an order, takes back amount and interest', async () => {
    const u = await user('1000');
    const o = (await api(srv, '/api/pledge/balancePledge', { amount: '1000', days: 90 }, { token: u.token }))
      .body.data;
    const over = await call(srv, '/v1/earn/borrow', { pledge_id: o.id, amount: '600' }, { token: u.token });
    expect(over.body.error).toBe('LoanLimit');
    expect(over.body.msg).toContain('500 USDT');
    const loan = (await api(srv, '/v1/earn/borrow', { pledge_id: o.id, amount: '300' }, { token: u.token }))
      .body.data;
    expect(loan).toMatchObject({ amount: '300', status: 'open', interest: '0.15', due: '300.15' });
    expect(await spot(u.token)).toBe('300');
    expect(
      (await call(srv, '/v1/earn/borrow', { pledge_id: o.id, amount: '10' }, { token: u.token })).body.error,
    ).toBe('LoanOpen');
    srv.clock.advance(2 * DAY + 60_000);
    const short = await call(srv, '/v1/earn/repay', { id: loan.id }, { token: u.token });
    expect(short.body.error).toBe('InsufficientBalance');
    finance = await operatorToken(srv);
    await depositConfirmed(srv, u.token, finance, '1', 'USDT');
    const repaid = (await api(srv, '/v1/earn/repay', { id: loan.id }, { token: u.token })).body.data;
    expect(repaid).toMatchObject({ status: 'repaid', interest: '0.45', due: '0' });
    const list = (await api(srv, '/api/borrow/borrowList', {}, { token: u.token })).body.data;
    expect(list).toMatchObject({ ltv: '0.5', daily_rate: '0.0005', total: 1 });
    await api(srv, '/api/pledge/operate', { id: o.id, action: 'redeem' }, { token: u.token });
  });

  it('settles an open loan from the principal when the order ends', async () => {
    const u = await user('100');
    const o = (await api(srv, '/api/pledge/balancePledge', { amount: '100', days: 30 }, { token: u.token }))
      .body.data;
    await api(srv, '/v1/earn/borrow', { pledge_id: o.id, amount: '50' }, { token: u.token });
    for (let i = 0; i < 31; i++) await nextDay();
    const [loan] = (await api(srv, '/api/borrow/borrowList', {}, { token: u.token })).body.data.list;
    expect(loan?.status).toBe('settled');
    const interest = Number(loan?.interest);
    // 50 borrowed + 100.410958 (principal and profit) − 50 − interest.
    expect(Number(await spot(u.token))).toBeCloseTo(50 + 100.410958 - 50 - interest, 6);
  });
});

describe('burn', () => {
  it('burns 100 and releases 1 a day (0.5 % of 200) until 200 is back', async () => {
    const u = await user('100');
    expect((await call(srv, '/api/destroy/index', { amount: '99' }, { token: u.token })).body.error).toBe(
      'ValidationFailed',
    );
    const b = (await api(srv, '/api/destroy/index', { amount: '100' }, { token: u.token })).body.data;
    expect(b).toMatchObject({ max_release: '200', daily_release: '1', released: '0', status: 'releasing' });
    await nextDay();
    await nextDay();
    expect(
      (await api(srv, '/api/destroy/getDestroyOrder', { id: b.id }, { token: u.token })).body.data.released,
    ).toBe('1');
    for (let i = 0; i < 200; i++) await nextDay();
    const done = (await api(srv, '/api/destroy/getDestroyOrder', { id: b.id }, { token: u.token })).body.data;
    expect(done).toMatchObject({ status: 'complete', released: '200', remaining: '0' });
    expect(await spot(u.token)).toBe('200');
  });
});

describe('the rewards engine', () => {
  it('pays each (program, period) once through crashes between batches, restarts and a second runner; a dry pool queues', async () => {
    const rewards = createRewards(
      { store: srv.app.deps.store, clock: srv.clock, ledger: srv.app.ledger, log: srv.app.fastify.log },
      { batch: 3 },
    );
    const users: number[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await signedInUser(srv);
      const me = await srv.app.modules.auth.authenticate(u.token);
      users.push(me?.id ?? 0);
    }
    const ledger = srv.app.ledger;
    const db = srv.app.deps.store.db;
    let round = 0;
    /** Crashes that really happened (the property must not pass without any). */
    let totalCrashed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 40_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        async (amounts, funded, crashes) => {
          round++;
          const key = `test:${round}`;
          const pool = `system:test:pool:${round}`;
          if (funded > 0) {
            await db.transaction((tx) =>
              ledger.transfer(tx, {
                from: { system: 'system:capital:test', asset: 'USDT' },
                to: { system: pool, asset: 'USDT' },
                amount: BigInt(funded),
                cause: 'earn.fund',
                userId: null,
              }),
            );
          }
          const positions = amounts.map((a, i) => ({
            id: i + 1,
            userId: users[i % users.length] ?? 0,
            amount: BigInt(a),
          }));
          const program: RewardProgram<(typeof positions)[number]> = {
            key,
            pool,
            asset: 'USDT',
            cause: 'earn.profit',
            due: async (_tx, _period, after, limit) => positions.filter((p) => p.id > after).slice(0, limit),
            id: (p) => p.id,
            userId: (p) => p.userId,
            amount: (p) => p.amount,
            earned: async () => {},
          };
          // Crashes: a batch dies after its money moved, before its commit; a restart resumes after the lease.
          const real = ledger.postMany.bind(ledger);
          let left = crashes;
          let crashed = 0;
          const spy = vi.spyOn(ledger, 'postMany').mockImplementation(async (tx, inputs) => {
            const out = await real(tx, inputs);
            if (left > 0) {
              left--;
              crashed++;
              throw new Error('killed');
            }
            return out;
          });
          for (let attempt = 0; attempt < 12; attempt++) {
            // Two runners at once: one takes the lease, the other does nothing.
            const results = await Promise.allSettled([
              rewards.settle(program, 1),
              rewards.settle(program, 1),
            ]);
            if (results.some((r) => r.status === 'rejected')) srv.clock.advance(61_000);
          }
          spy.mockRestore();
          totalCrashed += crashed;
          const rows = await db
            .select()
            .from(schema.rewardPayouts)
            .where(eq(schema.rewardPayouts.program, key));
          // Once each, the rule's amount to the minor unit; what was paid never beyond what the pool held.
          expect(rows.map((r) => r.positionId).sort((a, b) => a - b)).toEqual(positions.map((p) => p.id));
          for (const r of rows) expect(r.amount).toBe(positions.find((p) => p.id === r.positionId)?.amount);
          const paid = rows.filter((r) => r.status === 'paid').reduce((s, r) => s + r.amount, 0n);
          expect(paid <= BigInt(funded)).toBe(true);
          const held = await db.transaction(async (tx) => {
            const acc = await ledger.systemAccount(tx, pool, 'USDT');
            return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
          });
          expect(held).toBe(BigInt(funded) - paid);
          const [run] = await db.select().from(schema.rewardRuns).where(eq(schema.rewardRuns.program, key));
          expect(run?.status).toBe('done');
          expect(run?.paid).toBe(paid);
          // Refilled, the queue is paid in full, once.
          const queued = rows.filter((r) => r.status === 'queued').reduce((s, r) => s + r.amount, 0n);
          if (queued > 0n) {
            await db.transaction((tx) =>
              ledger.transfer(tx, {
                from: { system: 'system:capital:test', asset: 'USDT' },
                to: { system: pool, asset: 'USDT' },
                amount: queued,
                cause: 'earn.fund',
                userId: null,
              }),
            );
            await rewards.payQueued(program);
            await rewards.payQueued(program);
            const after = await db
              .select()
              .from(schema.rewardPayouts)
              .where(eq(schema.rewardPayouts.program, key));
            expect(after.every((r) => r.status === 'paid')).toBe(true);
          }
        },
      ),
      { numRuns: 15 },
    );
    expect(totalCrashed).toBeGreaterThan(0);
  });
});

describe('operators', () => {
  it('change, pause and close staking plans, fund a pool, and see every program in the solvency report', async () => {
    const admin = await operatorToken(srv, 'admin', 'nexa-admin');
    finance = await operatorToken(srv);
    expect(
      (await call(srv, '/admin/earn/savePlan', { days: 7, apr: '0.03' }, { token: finance })).body.error,
    ).toBe('Forbidden');
    await api(srv, '/admin/earn/savePlan', { days: 7, apr: '0.03' }, { token: admin });
    await api(srv, '/admin/earn/savePlan', { days: 30, apr: '0.05', status: 'paused' }, { token: admin });
    const info = (await api(srv, '/api/pledge/pledgeInfo', {})).body.data;
    expect(info.plans.map((p) => p.days)).toEqual([7, 90, 180, 360]);
    const u = await user('200');
    expect(
      (await call(srv, '/api/pledge/balancePledge', { amount: '100', days: 30 }, { token: u.token })).body
        .error,
    ).toBe('PlanNotFound');
    await api(srv, '/api/pledge/balancePledge', { amount: '100', days: 7 }, { token: u.token });
    const plans = (await api(srv, '/admin/earn/plans', {}, { token: admin })).body.data.list;
    expect(plans.find((p) => p.days === 7)).toMatchObject({
      apr: '0.03',
      status: 'active',
      orders: 1,
      staked: '100',
    });
    expect(plans.find((p) => p.days === 30)?.status).toBe('paused');
    await api(srv, '/admin/earn/savePlan', { days: 7, apr: '0.03', status: 'closed' }, { token: admin });
    await api(srv, '/admin/earn/savePlan', { days: 30, apr: '0.05' }, { token: admin });
    expect((await api(srv, '/api/pledge/pledgeInfo', {})).body.data.plans.map((p) => p.days)).toEqual([
      30, 90, 180, 360,
    ]);

    const funded = await api(srv, '/admin/earn/fund', { pool: 'burn', amount: '1000' }, { token: finance });
    expect(funded.body.data.pool).toBe('system:earn:release');
    const report = (await api(srv, '/admin/solvency', {}, { token: finance })).body.data;
    const programs = report.programs.map((p) => p.program);
    expect(programs).toEqual(expect.arrayContaining(['pledge', 'burn', 'mining:main', 'lp:BWC-USDT']));
    expect(report.programs.find((p) => p.program === 'burn')).toMatchObject({ asset: 'USDT', short: false });
  });
});
