import { exactText, formatAmount, parseAmount } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { pledgeOrders } from '../src/modules/earn/tables';
import { epochOn, epochsOf, quotaFor } from '../src/modules/mining/service';
import { spaToNeu } from '../src/modules/neu/service';
import { schema } from '../src/store';
import { api, operatorToken, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
const DAY = 86_400_000;
const OFFSET = 8 * 3_600_000;

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced && !l.short)).toBe(true);
});
afterAll(() => srv.close());

const SCALE: Record<string, number> = { USDT: 6, NEU: 8, SPA: 8 };

/** A signed-in user with spot funds credited as deposits (optionally invited by a code). */
async function newUser(funds: Record<string, string> = {}, code?: string) {
  const u = await signedInUser(srv, code);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  for (const [asset, amount] of Object.entries(funds)) {
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset, kind: 'spot' },
        system: SYSTEM.deposits,
        amount: parseAmount(amount, SCALE[asset] ?? 8) ?? 0n,
        cause: 'deposit',
      }),
    );
  }
  const [row] = await srv.app.deps.store.db
    .select({ code: schema.users.inviteCode, uid: schema.users.uid })
    .from(schema.users)
    .where(eq(schema.users.id, me.id));
  return { ...u, id: me.id, code: row?.code ?? '', uid: row?.uid ?? '' };
}

async function spot(userId: number, asset: string): Promise<bigint> {
  const b = (await srv.app.ledger.balances(userId)).find((x) => x.asset === asset && x.kind === 'spot');
  return b?.available ?? 0n;
}

/** To the start of the next platform day (plus a minute), then every program settles. */
async function nextDay() {
  const today = await srv.app.modules.earn.dayOf(srv.clock.now());
  srv.clock.set((today + 1) * DAY - OFFSET + 60_000);
  await srv.app.modules.earn.settleDue();
  await srv.app.modules.mining.settleDue();
}

describe('the numbers, by hand', () => {
  it('SPA for NEU: 25 SPA at 0.1 NEU each is 2.5 NEU; rounding goes down', () => {
    expect(spaToNeu(25n * 10n ** 8n, 10_000_000n, 8, 8)).toBe(250_000_000n);
    expect(spaToNeu(1n, 10_000_000n, 8, 8)).toBe(0n);
  });
  it('quota: 100 USDT (6 places) at 1 SPA per USDT grants 100 SPA (8 places)', () => {
    expect(quotaFor(100_000_000n, 6, 8, 100_000_000n)).toBe(100n * 10n ** 8n);
    expect(quotaFor(1n, 6, 8, 50_000_000n)).toBe(50n);
  });
  it('epochs follow each other from the start; the last runs on', () => {
    const e = epochsOf(100, [
      { days: 10, emission: 50n },
      { days: 5, emission: 25n },
      { days: 1, emission: 12n },
    ]);
    expect(e.map((x) => [x.index, x.firstDay, x.lastDay])).toEqual([
      [1, 100, 109],
      [2, 110, 114],
      [3, 115, null],
    ]);
    expect(epochOn(e, 99)).toBeNull();
    expect(epochOn(e, 109)?.index).toBe(1);
    expect(epochOn(e, 110)?.emission).toBe(25n);
    expect(epochOn(e, 10_000)?.index).toBe(3);
  });
});

describe('NEU staking is the staking mechanism, configured for NEU', () => {
  it('the same minor amount, rate and term earn the same on the USDT line and the NEU line', async () => {
    const plan = { days: 30, apr: '0.05', status: 'active' as const };
    const neuLine = await srv.app.settings.get('earn.neu_staking');
    const plans = await srv.app.settings.get('earn.pledge_plans');
    const min = await srv.app.settings.get('earn.pledge_min');
    await srv.app.settings.set('earn.neu_staking', { ...neuLine, plans: [plan], min: '1' });
    await srv.app.settings.set('earn.pledge_plans', [plan]);
    await srv.app.settings.set('earn.pledge_min', '1');
    try {
      await sameOnBothLines();
    } finally {
      await srv.app.settings.set('earn.neu_staking', neuLine);
      await srv.app.settings.set('earn.pledge_plans', plans);
      await srv.app.settings.set('earn.pledge_min', min);
    }
  });
  async function sameOnBothLines() {
    // Minor units: 1,234.567891 USDT (6 places) and 12.34567891 NEU (8 places) are both 1,234,567,891.
    // A table of cases, and random ones (FC_SEED replays a run).
    const random = fc.sample(fc.bigInt({ min: 100_000_000n, max: 10_000_000_000_000n }), {
      numRuns: Number(process.env.FC_RUNS ?? 6),
      ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
    });
    const cases = [1_234_567_891n, 100_000_000n, 987_654_321_987n, ...random];
    const u = await newUser({ USDT: '100000000', NEU: '1000000' });
    const pairs: { usdt: number; neu: number }[] = [];
    for (const m of cases) {
      const a = await api(
        srv,
        '/api/pledge/index',
        { amount: formatAmount(m, 6), days: 30, auto_renew: false },
        { token: u.token },
      );
      const b = await api(
        srv,
        '/api/neuPledge/balanceGetOrder',
        { amount: formatAmount(m, 8), days: 30, auto_renew: false },
        { token: u.token },
      );
      expect(a.body.code).toBe(200);
      expect(b.body.code).toBe(200);
      expect(b.body.data.asset).toBe('NEU');
      pairs.push({ usdt: a.body.data.id, neu: b.body.data.id });
    }
    for (let d = 0; d < 4; d++) await nextDay();
    const orders = srv.app.deps.store.db.select().from(pledgeOrders);
    const byId = new Map((await orders).map((o) => [o.id, o]));
    for (const p of pairs) {
      const a = byId.get(p.usdt);
      const b = byId.get(p.neu);
      expect(a?.daysPaid).toBe(3);
      expect(b?.daysPaid).toBe(3);
      expect(b?.amount).toBe(a?.amount);
      expect(b?.maxProfit).toBe(a?.maxProfit);
      expect(b?.accumulated).toBe(a?.accumulated);
      expect(b?.received).toBe(a?.received);
    }
    // Early redemption: the same principal back on both lines, each in its own asset.
    const neuBefore = await spot(u.id, 'NEU');
    const usdtBefore = await spot(u.id, 'USDT');
    const first = pairs[0];
    if (!first) throw new Error('no orders');
    const r1 = await api(
      srv,
      '/api/pledge/operate',
      { id: first.usdt, action: 'redeem' },
      { token: u.token },
    );
    const r2 = await api(srv, '/api/neuPledge/redemption', { id: first.neu }, { token: u.token });
    expect(r1.body.data.status).toBe('redeemed');
    expect(r2.body.data.status).toBe('redeemed');
    expect((await spot(u.id, 'NEU')) - neuBefore).toBe((await spot(u.id, 'USDT')) - usdtBefore);
    // Profit came from the NEU pool of the same program account, in NEU, under its own program.
    const payouts = await srv.app.deps.store.db
      .select()
      .from(schema.rewardPayouts)
      .where(eq(schema.rewardPayouts.userId, u.id));
    expect(new Set(payouts.filter((x) => x.asset === 'NEU').map((x) => x.program))).toEqual(
      new Set(['pledge:neu']),
    );
    expect(new Set(payouts.filter((x) => x.asset === 'USDT').map((x) => x.program))).toEqual(
      new Set(['pledge']),
    );
  }

  it('lines keep to themselves: a NEU order is not found on the USDT line, nor by another user', async () => {
    const u = await newUser({ NEU: '1000' });
    const other = await newUser();
    const o = await api(
      srv,
      '/api/neuPledge/balanceGetOrder',
      { amount: '100', days: 30, auto_renew: true },
      { token: u.token },
    );
    expect(o.body.code).toBe(200);
    const id = o.body.data.id;
    expect((await api(srv, '/api/pledge/getPledgeOrder', { id }, { token: u.token })).body.error).toBe(
      'EarnOrderNotFound',
    );
    expect((await api(srv, '/api/neuPledge/getOrder', { id }, { token: other.token })).body.error).toBe(
      'EarnOrderNotFound',
    );
    expect((await api(srv, '/api/neuPledge/redemption', { id }, { token: other.token })).body.error).toBe(
      'EarnOrderNotFound',
    );
    // Renewal switches, the list shows it, bad input changes nothing.
    const off = await api(srv, '/api/neuPledge/renewal', { id, auto_renew: false }, { token: u.token });
    expect(off.body.data.auto_renew).toBe(false);
    const list = await api(srv, '/api/neuPledge/pledgeList', {}, { token: u.token });
    expect(list.body.data.list.map((x) => x.id)).toEqual([id]);
    expect(list.body.data.staked).toBe('100');
    const usdtList = await api(srv, '/api/pledge/pledgeList', {}, { token: u.token });
    expect(usdtList.body.data.total).toBe(0);
    for (const amount of ['-5', '0', 'abc', '1e9', '5']) {
      const bad = await api(
        srv,
        '/api/neuPledge/balanceGetOrder',
        { amount, days: 30, auto_renew: false },
        { token: u.token },
      );
      expect(bad.body.code).not.toBe(200);
    }
    const noPlan = await api(
      srv,
      '/api/neuPledge/balanceGetOrder',
      { amount: '100', days: 31, auto_renew: false },
      { token: u.token },
    );
    expect(noPlan.body.error).toBe('PlanNotFound');
    expect(await spot(u.id, 'NEU')).toBe(900n * 10n ** 8n);
  });
});

describe('NEU machines: the mining line `neu`, with epochs and SPA quota', () => {
  it('a purchase grants SPA, the day pays the epoch’s emission by power, periods show it', async () => {
    const list = await api(srv, '/api/neu/machineList', {}, { token: (await newUser()).token });
    expect(list.body.code).toBe(200);
    expect(list.body.data.output_asset).toBe('NEU');
    expect(list.body.data.quota_per_pay).toBe('1');
    const machine = list.body.data.list[0];
    if (!machine) throw new Error('no NEU machine');
    expect(machine.pay_asset).toBe('USDT');
    const a = await newUser({ USDT: '10000' });
    const b = await newUser({ USDT: '10000' });
    const buyA = await api(
      srv,
      '/api/neu/buyMachine',
      { machine_id: machine.id, quantity: 3 },
      { token: a.token },
    );
    const buyB = await api(srv, '/api/neu/buyMachine', { machine_id: machine.id }, { token: b.token });
    expect(buyA.body.code).toBe(200);
    expect(buyB.body.code).toBe(200);
    const price = parseAmount(machine.price, 8) ?? 0n; // USDT price as SPA (1 SPA per USDT)
    expect(await spot(a.id, 'SPA')).toBe(3n * price);
    expect(await spot(b.id, 'SPA')).toBe(price);
    // A machine of the main line is not for sale on the NEU line's call.
    const main = await api(srv, '/api/machine/list', {}, { token: a.token });
    const mainId = main.body.data.list[0]?.id ?? 0;
    const wrong = await api(srv, '/api/neu/buyMachine', { machine_id: mainId }, { token: a.token });
    expect(wrong.body.error).toBe('MachineNotFound');

    await nextDay();
    await nextDay();
    const periods = await api(srv, '/api/neu/periodList', {}, { token: a.token });
    expect(periods.body.code).toBe(200);
    const current = periods.body.data.list.find((p) => p.status === 'current');
    expect(current?.index).toBe(periods.body.data.current);
    const emission = parseAmount(current?.daily_emission ?? '0', 8) ?? 0n;
    expect(emission).toBeGreaterThan(0n);
    // The first settled day: A holds 3 machines' power of 4 (everyone else's machines are on other lines).
    const paid = await srv.app.deps.store.db
      .select()
      .from(schema.rewardPayouts)
      .where(eq(schema.rewardPayouts.program, 'mining:neu'));
    const day = Math.min(...paid.map((p) => p.period));
    const ofDay = (userId: number) =>
      paid.filter((p) => p.userId === userId && p.period === day).reduce((s, p) => s + p.amount, 0n);
    const power = parseAmount(machine.power, 4) ?? 0n;
    const bonus = parseAmount(machine.bonus_power, 4) ?? 0n;
    const each = power + bonus;
    const total = paid.filter((p) => p.period === day).length;
    expect(total).toBe(2);
    expect(ofDay(a.id)).toBe((emission * 3n * each) / (4n * each));
    expect(ofDay(b.id)).toBe((emission * each) / (4n * each));
    expect(parseAmount(current?.mine ?? '0', 8)).toBe(
      paid.filter((p) => p.userId === a.id).reduce((s, p) => s + p.amount, 0n),
    );
    const income = await api(srv, '/api/neu/incomeLog', { program: 'mining' }, { token: a.token });
    expect(income.body.data.total).toBe(1);
    expect(income.body.data.list.every((x) => x.program === 'mining' && x.asset === 'NEU')).toBe(true);
    const me = await api(srv, '/api/neu/uinfo', {}, { token: a.token });
    expect(me.body.data.machines).toBe(3);
    expect(me.body.data.spa).toBe(formatAmount(3n * price, 8));
    expect(me.body.data.total_income).toBe(income.body.data.total_paid);
    const mine = await api(srv, '/api/neu/machineList', {}, { token: a.token });
    expect(mine.body.data.mine.map((o) => o.id)).toEqual([buyA.body.data.id]);
  });
});

describe('SPA quota', () => {
  it('transfers between users and exchanges for NEU from the funded fund; a short fund moves nothing', async () => {
    const a = await newUser({ SPA: '100' });
    const b = await newUser();
    const t = await api(srv, '/api/neu/spaQuotaTransfer', { to: b.uid, amount: '30' }, { token: a.token });
    expect(t.body.code).toBe(200);
    expect(t.body.data.asset).toBe('SPA');
    expect(await spot(b.id, 'SPA')).toBe(30n * 10n ** 8n);
    const inList = await api(srv, '/api/neu/spaQuotaTransferList', { direction: 'in' }, { token: b.token });
    expect(inList.body.data.list[0]?.amount).toBe('30');
    const tooMuch = await api(
      srv,
      '/api/neu/spaQuotaTransfer',
      { to: b.uid, amount: '71' },
      { token: a.token },
    );
    expect(tooMuch.body.error).toBe('InsufficientBalance');

    const x = await api(srv, '/api/neu/spaExchange', { amount: '25' }, { token: b.token });
    expect(x.body.code).toBe(200);
    expect(x.body.data).toMatchObject({ spa: '25', neu: '2.5', rate: '0.1' });
    expect(await spot(b.id, 'NEU')).toBe(250_000_000n);
    expect(await spot(b.id, 'SPA')).toBe(5n * 10n ** 8n);
    const logs = await api(srv, '/api/neu/spaExchangeList', {}, { token: b.token });
    expect(logs.body.data).toMatchObject({ total: 1, rate: '0.1', min: '1' });

    // A rate the fund cannot pay: refused, nothing moves.
    await srv.app.settings.set('neu.spa_rate', '100000000');
    const short = await api(srv, '/api/neu/spaExchange', { amount: '5' }, { token: b.token });
    expect(short.body.error).toBe('SystemFundsShort');
    expect(await spot(b.id, 'SPA')).toBe(5n * 10n ** 8n);
    expect(await spot(b.id, 'NEU')).toBe(250_000_000n);
    await srv.app.settings.set('neu.spa_rate', '0.1');
    expect((await api(srv, '/api/neu/spaExchange', { amount: '0.5' }, { token: b.token })).body.code).toBe(
      1001,
    );
    expect((await api(srv, '/api/neu/spaExchange', { amount: '-1' }, { token: b.token })).body.code).toBe(
      1001,
    );

    // An operator tops the fund up; the index shows it.
    const before = (await api(srv, '/api/neu/index', {})).body.data.spa_fund;
    const finance = await operatorToken(srv);
    const f = await api(srv, '/admin/neu/fund', { amount: '1000' }, { token: finance });
    expect(f.body.code).toBe(200);
    const after = (await api(srv, '/api/neu/index', {})).body.data.spa_fund;
    expect((parseAmount(after, 8) ?? 0n) - (parseAmount(before, 8) ?? 0n)).toBe(1000n * 10n ** 8n);
  });
});

describe('NEU through the wallet', () => {
  it('withdrawals of NEU and USDT freeze amount and fee and wait for an operator', async () => {
    const u = await newUser({ NEU: '100', USDT: '100' });
    const address = `0x${'ab'.repeat(20)}`;
    const w = await api(srv, '/api/neu/withdrawalNeu', { address, amount: '50' }, { token: u.token });
    expect(w.body).toMatchObject({ msg: 'Success', code: 200 });
    expect(w.body.data).toMatchObject({ asset: 'NEU', status: 'pending' });
    const w2 = await api(srv, '/api/neu/withdrawal', { address, amount: '20' }, { token: u.token });
    expect(w2.body.data).toMatchObject({ asset: 'USDT', status: 'pending' });
    const bad = await api(
      srv,
      '/api/neu/withdrawalNeu',
      { address: 'nope', amount: '5' },
      { token: u.token },
    );
    expect(bad.body.code).toBe(1001);
  });

  it('exchanges USDT for NEU on the NEU/USDT book at a quote, and lists only NEU exchanges', async () => {
    // A maker quotes the NEU/USDT book around 2 USDT.
    const maker = await newUser({ USDT: '100000', NEU: '100000' });
    for (let k = 0; k < 5; k++) {
      const px = (2 + (k + 1) * 0.002).toFixed(4);
      await srv.app.modules.spot.submit(maker.id, {
        instId: 'NEU-USDT',
        side: 'sell',
        type: 'limit',
        px: exactText(px),
        sz: exactText('500'),
      });
      const bid = (2 - (k + 1) * 0.002).toFixed(4);
      await srv.app.modules.spot.submit(maker.id, {
        instId: 'NEU-USDT',
        side: 'buy',
        type: 'limit',
        px: exactText(bid),
        sz: exactText('500'),
      });
    }
    const u = await newUser({ USDT: '1000' });
    const q = await api(srv, '/api/neu/exchangeList', { from: 'USDT', amount: '100' }, { token: u.token });
    expect(q.body).toMatchObject({ msg: 'Success', code: 200 });
    const quote = q.body.data.quote;
    if (!quote) throw new Error('no quote');
    expect(quote).toMatchObject({ from_asset: 'USDT', to_asset: 'NEU' });
    const x = await api(
      srv,
      '/api/neu/getNeuExchangeOrder',
      { quote_id: quote.quote_id },
      { token: u.token },
    );
    expect(x.body.code).toBe(200);
    expect(await spot(u.id, 'NEU')).toBeGreaterThan(0n);
    const again = await api(srv, '/api/neu/exchangeList', {}, { token: u.token });
    expect(again.body.data.list.map((r) => r.to_asset)).toEqual(['NEU']);
    expect(again.body.data.price_usdt).not.toBeNull();
    // The index prices NEU from the same book.
    const index = await api(srv, '/api/neu/index', {});
    expect(index.body.data.price_usdt).toBe(again.body.data.price_usdt);
  });
});

describe('team and ranking', () => {
  it('a referral’s NEU stake ranks the inviter on the NEU ranking, not on the USDT one', async () => {
    const inviter = await newUser();
    const friend = await newUser({ NEU: '500' }, inviter.code);
    const s = await api(
      srv,
      '/api/neuPledge/balanceGetOrder',
      { amount: '300', days: 30, auto_renew: false },
      { token: friend.token },
    );
    expect(s.body.code).toBe(200);
    const neuRank = await api(srv, '/api/neu/rankingList', { period: 'day' }, { token: inviter.token });
    expect(neuRank.body.data.asset).toBe('NEU');
    expect(neuRank.body.data.mine.performance).toBe('300');
    expect(neuRank.body.data.mine.rank).not.toBeNull();
    const usdtRank = await api(srv, '/api/user/rankingList', { period: 'day' }, { token: inviter.token });
    expect(usdtRank.body.data.mine.performance).toBe('0');
    const team = await api(srv, '/api/neu/teamList', {}, { token: inviter.token });
    expect(team.body.data.headcount).toBe(1);
    expect(team.body.data.list[0]?.uid).toBe(friend.uid);
  });

  it('the line’s home figures answer without a session; mine need one', async () => {
    const index = await api(srv, '/api/neu/index', {});
    expect(index.body.code).toBe(200);
    expect(index.body.data).toMatchObject({ asset: 'NEU', quota_asset: 'SPA', spa_rate: '0.1' });
    expect(index.body.data.period).toBeGreaterThan(0);
    expect((await api(srv, '/api/neu/uinfo', {})).body.code).not.toBe(200);
    expect((await api(srv, '/api/neuPledge/pledgeInfo', {})).body.data.asset).toBe('NEU');
  });
});
