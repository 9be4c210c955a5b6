import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { effectivePower } from '../src/modules/mining/service';
import { shareOf } from '../src/programs/shared-emission';
import { schema } from '../src/store';
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
const T = (n: number) => BigInt(Math.round(n * 1e4));

async function user(usdt: string, code?: string) {
  const finance = await operatorToken(srv);
  const u = code ? await signedInUser(srv, code) : await signedInUser(srv);
  if (usdt !== '0') await depositConfirmed(srv, u.token, finance, usdt, 'USDT');
  const me = present(await srv.app.modules.auth.authenticate(u.token));
  const info = await api(srv, '/api/user/info', {}, { token: u.token });
  return { token: u.token, id: me.id, code: info.body.data.invite_code };
}
const mining = () => srv.app.modules.mining;
async function nextDay() {
  const today = await srv.app.modules.earn.dayOf(srv.clock.now());
  srv.clock.set((today + 1) * DAY - 8 * 3_600_000 + 60_000);
  await mining().settleDue();
}
const balance = async (token: string, asset: string) =>
  (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === asset && a.account === 'spot',
  )?.available ?? '0';
async function machineId(name: string) {
  const list = (await api(srv, '/api/machine/list', {})).body.data.list;
  return present(list.find((m) => m.name === name)).id;
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
  it('a share of the emission is emission × power ÷ network, rounded down', () => {
    // 10,000 BWC (8 decimals) for 10 T of a 30 T network: 3,333.33333333 BWC.
    expect(shareOf(10_000n * 10n ** 8n, T(10), T(30))).toBe(333_333_333_333n);
    expect(shareOf(10_000n * 10n ** 8n, T(10), 0n)).toBe(0n);
  });
  it('direct and level power count only while the user runs machines of their own', () => {
    const rates = { direct: 10_000_000n, level: 2_000_000n }; // 10 %, 2 %
    expect(
      effectivePower({ personal: T(10), directSum: T(60), team: T(100) }, rates.direct, rates.level),
    ).toEqual({ direct: T(6), level: T(2), effective: T(18) });
    expect(
      effectivePower({ personal: 0n, directSum: T(60), team: T(100) }, rates.direct, rates.level).effective,
    ).toBe(0n);
  });
});

describe('machines and hash power', () => {
  it('sells machines, keeps team power, pays each day once by effective power, and ends orders', async () => {
    // A invites B, B invites C.
    const a = await user('1000');
    const b = await user('1000', a.code);
    const c = await user('1000', b.code);
    const catalogue = (await api(srv, '/api/machine/list', {})).body.data;
    expect(catalogue).toMatchObject({ output_asset: 'BWC', daily_emission: '10000' });
    expect(catalogue.list.map((m) => [m.name, m.price, m.power, m.term_days])).toEqual([
      ['S1 Lite', '100', '10', 30],
      ['S3 Pro', '500', '55', 90],
      ['S9 Max', '2000', '240', 180],
    ]);
    const lite = await machineId('S1 Lite');
    const pro = await machineId('S3 Pro');

    // Bad input changes nothing.
    expect(
      (
        await call(
          srv,
          '/api/machine/getMachinePowerOrder',
          { machine_id: lite, quantity: 0 },
          { token: a.token },
        )
      ).body.error,
    ).toBe('ValidationFailed');
    expect(
      (await call(srv, '/api/machine/getMachinePowerOrder', { machine_id: 99_999 }, { token: a.token })).body
        .error,
    ).toBe('MachineNotFound');
    expect(
      (
        await call(
          srv,
          '/api/machine/getMachinePowerOrder',
          { machine_id: lite, quantity: 11 },
          { token: a.token },
        )
      ).body.error,
    ).toBe('InsufficientBalance');
    expect(await balance(a.token, 'USDT')).toBe('1000');

    // A buys one Lite (10 T); B two Lites (20 T); C one Pro (55 + 5 T). Replaying B's request buys once.
    const bought = await api(
      srv,
      '/api/machine/getMachinePowerOrder',
      { machine_id: lite },
      { token: a.token },
    );
    expect(bought.body.data).toMatchObject({
      name: 'S1 Lite',
      quantity: 1,
      amount: '100',
      power: '10',
      status: 'running',
      term_days: 30,
    });
    for (let i = 0; i < 2; i++) {
      const r = await api(
        srv,
        '/api/machine/getMachinePowerOrder',
        { machine_id: lite, quantity: 2, request_id: 'b-buy-0001' },
        { token: b.token },
      );
      expect(r.body.code).toBe(200);
    }
    await api(srv, '/api/machine/getMachinePowerOrder', { machine_id: pro }, { token: c.token });
    expect(await balance(b.token, 'USDT')).toBe('800');
    expect(await balance(c.token, 'USDT')).toBe('500');

    // Kept aggregates: A's team is B and C (20 + 60), direct B (20 → 2 T); B's direct and team C (60 → 6 T).
    const pa = (await api(srv, '/api/machine/machinePowerInfo', {}, { token: a.token })).body.data;
    expect(pa).toMatchObject({
      base: '10',
      bonus: '0',
      personal: '10',
      direct: '2',
      team: '80',
      level: 0,
      level_power: '0',
      effective: '12',
      cumulative: '10',
      running_orders: 1,
    });
    const pb = (await api(srv, '/api/machine/machinePowerInfo', {}, { token: b.token })).body.data;
    expect(pb).toMatchObject({ personal: '20', direct: '6', team: '60', effective: '26' });
    const pc = (await api(srv, '/api/machine/machinePowerInfo', {}, { token: c.token })).body.data;
    expect(pc).toMatchObject({ base: '55', bonus: '5', personal: '60', effective: '60' });
    // A reaches V1 (team level is the referral issue's; set here): 2 % of team power.
    await srv.app.deps.store.db.update(schema.users).set({ level: 1 }).where(eq(schema.users.id, a.id));
    const pa1 = (await api(srv, '/api/machine/machinePowerInfo', {}, { token: a.token })).body.data;
    expect(pa1).toMatchObject({ level: 1, level_rate: '0.02', level_power: '1.6', effective: '13.6' });
    const cate = (await api(srv, '/api/user/userPowerCate', {}, { token: a.token })).body.data.list;
    expect(cate.map((x) => x.kind)).toEqual([
      'base',
      'bonus',
      'personal',
      'direct',
      'level',
      'team',
      'cumulative',
      'network',
    ]);
    // The records: A's purchase (base) and B's (direct, 10 % of 20).
    const log = (await api(srv, '/api/user/userPower', {}, { token: a.token })).body.data.list;
    expect(log.map((r) => [r.kind, r.change, r.reason])).toEqual([
      ['direct', '2', 'buy'],
      ['base', '10', 'buy'],
    ]);
    expect(
      (await api(srv, '/api/user/userPower', { kind: 'bonus' }, { token: c.token })).body.data.list[0],
    ).toMatchObject({ change: '5' });

    // The next day is the first that earns; settling it again pays nothing more.
    await nextDay(); // the purchase day ends: nothing ran on it
    await nextDay();
    await mining().settleDue();
    // Network: A 10 + 2 + 1.6 = 13.6; B 26; C 60 → 99.6 T. 10,000 BWC shared.
    const day = (await api(srv, '/api/mine/mineList', {}, { token: a.token })).body.data;
    expect(day.list).toHaveLength(1);
    expect(day.list[0]).toMatchObject({ power: '13.6', network: '99.6', asset: 'BWC', status: 'paid' });
    const aOut = (10_000n * 10n ** 8n * T(13.6)) / T(99.6);
    const bOut = (10_000n * 10n ** 8n * T(26)) / T(99.6);
    const cOut = (10_000n * 10n ** 8n * T(60)) / T(99.6);
    const fmt = (v: bigint) => (Number(v) / 1e8).toString();
    expect(day.list[0]?.amount).toBe(fmt(aOut));
    expect(await balance(a.token, 'BWC')).toBe(fmt(aOut));
    expect(await balance(b.token, 'BWC')).toBe(fmt(bOut));
    expect(await balance(c.token, 'BWC')).toBe(fmt(cOut));
    // The order carries its part (all of C's power is its one order); profit log and income list it too.
    const cOrders = (await api(srv, '/api/machine/machinePowerOrderList', {}, { token: c.token })).body.data
      .list;
    expect(cOrders[0]?.output).toBe(fmt(cOut));
    expect((await api(srv, '/api/moneylog/profitLog', {}, { token: c.token })).body.data.total_paid).toBe(
      fmt(cOut),
    );
    const income = (await api(srv, '/api/auth/income', { program: 'mining' }, { token: c.token })).body.data;
    expect(income.list[0]).toMatchObject({ program: 'mining', asset: 'BWC', amount: fmt(cOut) });
    expect(income.totals).toEqual([{ asset: 'BWC', paid: fmt(cOut) }]);
    const invest = (await api(srv, '/api/moneylog/investLog', {}, { token: b.token })).body.data;
    expect(invest).toMatchObject({ total: 1, min_price: '100', valid_total: '200' });
    expect(invest.list[0]).toMatchObject({ valid: true, amount: '200' });
    const info = (await api(srv, '/api/machine/machinePowerInfo', {}, { token: a.token })).body.data;
    expect(info.yesterday_output).toBe(fmt(aOut));

    // 30 days on, the Lites end: their power leaves A's and B's figures and their ancestors'.
    srv.clock.set(srv.clock.now().getTime() + 29 * DAY);
    await mining().settleDue();
    const after = (await api(srv, '/api/machine/machinePowerInfo', {}, { token: a.token })).body.data;
    expect(after).toMatchObject({
      base: '0',
      personal: '0',
      direct: '0',
      team: '60',
      effective: '0',
      cumulative: '10',
      running_orders: 0,
    });
    expect(
      (await api(srv, '/api/moneylog/investLog', { valid: false }, { token: b.token })).body.data.total,
    ).toBe(1);
    const aDays = (await api(srv, '/api/mine/mineList', { size: 100 }, { token: a.token })).body.data;
    expect(aDays.total).toBe(30);
    // Every day was paid once, and no more than the emission each day.
    const runs = await srv.app.deps.store.db
      .select()
      .from(schema.rewardRuns)
      .where(eq(schema.rewardRuns.program, 'mining:main'));
    for (const r of runs) expect(r.paid <= 10_000n * 10n ** 8n).toBe(true);
  });

  it('lets operators list, change, pause and close machines, and fund the pool; a short pool queues', async () => {
    const admin = await operatorToken(srv, 'admin', 'nexa-admin');
    let finance = await operatorToken(srv);
    const support = await operatorToken(srv, 'support', 'nexa-support').catch(() => null);
    const saved = await api(
      srv,
      '/admin/mining/saveMachine',
      { name: 'Z1', price: '50', power: '5', term_days: 2, stock: 1 },
      { token: admin },
    );
    expect(saved.body.data).toMatchObject({ name: 'Z1', stock: 1, sold: 0, status: 'active' });
    const id = saved.body.data.id;
    expect(
      (
        await call(
          srv,
          '/admin/mining/saveMachine',
          { name: 'Z2', price: '50', power: '5', term_days: 2 },
          { token: finance },
        )
      ).body.error,
    ).toBe('Forbidden');
    if (support)
      expect((await call(srv, '/admin/mining/fund', { amount: '1' }, { token: support })).body.error).toBe(
        'Forbidden',
      );
    // Drain the pool: an operator moves nothing out, so a new line with no funding shows the queue.
    await srv.app.settings.set('mining.lines', {
      main: { output_asset: 'BWC', daily_emission: '10000' },
      dry: { output_asset: 'ALEO', daily_emission: '100' },
    });
    const dry = await api(
      srv,
      '/admin/mining/saveMachine',
      { line: 'dry', name: 'D1', price: '10', power: '1', term_days: 5 },
      { token: admin },
    );
    const u = await user('100');
    await api(srv, '/api/machine/getMachinePowerOrder', { machine_id: dry.body.data.id }, { token: u.token });
    const z = await user('100');
    await api(srv, '/api/machine/getMachinePowerOrder', { machine_id: id }, { token: z.token });
    expect(
      (await call(srv, '/api/machine/getMachinePowerOrder', { machine_id: id }, { token: u.token })).body
        .error,
    ).toBe('MachineSoldOut');
    await api(srv, '/admin/mining/machineStatus', { id, status: 'paused' }, { token: admin });
    expect((await api(srv, '/api/machine/list', {})).body.data.list.some((m) => m.id === id)).toBe(false);
    await api(srv, '/admin/mining/machineStatus', { id, status: 'closed' }, { token: admin });
    expect(
      (await call(srv, '/admin/mining/machineStatus', { id, status: 'active' }, { token: admin })).body.error,
    ).toBe('MachineNotFound');
    await nextDay();
    await nextDay();
    // Operator sessions are short: a fresh one after the days moved.
    finance = await operatorToken(srv);
    let lines = (await api(srv, '/admin/mining/lines', {}, { token: finance })).body.data.list;
    expect(lines.find((l) => l.line === 'dry')).toMatchObject({
      asset: 'ALEO',
      pool_balance: '0',
      paid: '0',
      queued: '100',
    });
    expect(await balance(u.token, 'ALEO')).toBe('0');
    expect(
      (await call(srv, '/admin/mining/fund', { line: 'nope', amount: '1' }, { token: finance })).body.error,
    ).toBe('MiningLineNotFound');
    await api(srv, '/admin/mining/fund', { line: 'dry', amount: '1000' }, { token: finance });
    await mining().settleDue();
    lines = (await api(srv, '/admin/mining/lines', {}, { token: finance })).body.data.list;
    expect(lines.find((l) => l.line === 'dry')).toMatchObject({
      pool_balance: '900',
      paid: '100',
      queued: '0',
    });
    expect(await balance(u.token, 'ALEO')).toBe('100');
    await srv.app.settings.set('mining.lines', { main: { output_asset: 'BWC', daily_emission: '10000' } });
  });
});

describe('node performance', () => {
  it('ranks teams by what their members staked in the period', async () => {
    const top = await user('0');
    const mid = await user('0', top.code);
    const leaf = await user('1000', mid.code);
    await api(srv, '/api/pledge/balancePledge', { amount: '300', days: 30 }, { token: leaf.token });
    const midSelf = await user('500', top.code);
    await api(srv, '/api/pledge/balancePledge', { amount: '500', days: 30 }, { token: midSelf.token });
    // top's team staked 800 (and so did the platform's first account's, above top); mid's 300; a member's
    // own stake is not their team's.
    const r = (await api(srv, '/api/user/rankingList', { period: 'day' }, { token: mid.token })).body.data;
    expect(r.list.map((x) => x.performance)).toEqual(['800', '800', '300']);
    expect(r.list[0]?.uid).toBeTruthy();
    expect(r.list[0]?.address).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);
    expect(r.mine).toEqual({ rank: 3, performance: '300' });
    expect(r.first_day).toBe(r.last_day);
    const month = (await api(srv, '/api/user/rankingList', { period: 'month' }, { token: mid.token })).body
      .data;
    expect(month.first_day.slice(8)).toBe('01');
    const none = (await api(srv, '/api/user/rankingList', { period: 'month' }, { token: leaf.token })).body
      .data;
    expect(none.mine).toEqual({ rank: null, performance: '0' });
  });
});
