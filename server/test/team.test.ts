import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/store';
import {
  api,
  depositConfirmed,
  newWallet,
  operatorToken,
  present,
  signIn,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;
/** The highest level the recomputation reached (the property must not pass on flat trees only). */
let highest = 0;

/** A user signed up with `code`: their token, id and own code. */
async function member(code: string, usdt = '0') {
  const res = await signIn(srv, newWallet(), { code });
  const token = res.body.data.token;
  if (usdt !== '0') await depositConfirmed(srv, token, finance, usdt, 'USDT');
  const me = present(await srv.app.modules.auth.authenticate(token));
  const info = (await api(srv, '/api/user/info', {}, { token })).body.data;
  return { token, id: me.id, code: info.invite_code };
}
const summary = async (token: string) =>
  (await api(srv, '/api/user/smarInvitation', {}, { token })).body.data;

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
  finance = await operatorToken(srv);
  // Small thresholds so a test tree reaches every level: V1 100 … V5 500 USDT of team performance.
  await srv.app.settings.set('team.level_performance', ['100', '200', '300', '400', '500']);
});
afterAll(() => srv.close());

describe('a referral team', () => {
  it('counts sign-ups, stakes and machines up the tree, marks valid referrals and raises levels with two legs', async () => {
    const root = await member('NEXA2026');
    const a = await member(root.code, '1000');
    const b = await member(root.code, '1000');
    const a1 = await member(a.code, '1000');
    let s = await summary(root.token);
    expect(s).toMatchObject({ headcount: 3, direct: 2, valid_direct: 0, level: 0, team_volume: '0' });

    // a stakes 150 (valid at 100), a1 buys a machine worth what the catalogue asks, b stakes 60.
    expect(
      (await api(srv, '/api/pledge/index', { amount: '150', days: 30 }, { token: a.token })).body.code,
    ).toBe(200);
    const machines = (await api(srv, '/api/machine/list', { page: 1, size: 10 })).body.data.list;
    const cheapest = present([...machines].sort((x, y) => Number(x.price) - Number(y.price))[0]);
    const bought = await api(
      srv,
      '/api/machine/getMachinePowerOrder',
      { machine_id: cheapest.id },
      { token: a1.token },
    );
    expect(bought.body.code).toBe(200);
    expect(
      (await api(srv, '/api/pledge/index', { amount: '100', days: 30 }, { token: b.token })).body.code,
    ).toBe(200);
    const price = Number(cheapest.price);

    s = await summary(root.token);
    expect(s).toMatchObject({
      headcount: 3,
      direct: 2,
      valid_direct: 2,
      team_volume: String(250 + price),
      team_performance: String(250 + price),
      node_total: '250',
      node_today: '250',
      personal_volume: '0',
    });
    // Team performance ≥ 200 with two direct referrals: V1 (V2 needs two legs holding V1).
    expect(s.level).toBe(1);
    expect(s.next).toMatchObject({ level: 2, legs: 2, have_legs: 0 });
    const direct = (await api(srv, '/api/user/shareList', { page: 1, size: 10 }, { token: root.token })).body
      .data;
    expect(direct.list.map((r) => r.valid).sort()).toEqual([true, true]);
    const team = (await api(srv, '/v1/user/teamList', { page: 1, size: 10 }, { token: root.token })).body
      .data;
    expect(team.total).toBe(3);
    expect(team.list.map((r) => r.distance).sort()).toEqual([1, 1, 2]);

    // a's own team: a1's machine. Redeeming a's stake lowers performance but never a level.
    const sa = await summary(a.token);
    expect(sa).toMatchObject({ headcount: 1, direct: 1, personal_volume: '150', team_volume: String(price) });
    const stakes = (await api(srv, '/api/pledge/pledgeList', { page: 1, size: 10 }, { token: a.token })).body
      .data;
    const redeem = await api(
      srv,
      '/api/pledge/operate',
      { id: present(stakes.list[0]).id, action: 'redeem' },
      { token: a.token },
    );
    expect(redeem.body.code).toBe(200);
    s = await summary(root.token);
    expect(s).toMatchObject({
      team_volume: String(250 + price),
      team_performance: String(100 + price),
      level: 1,
    });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});

describe('kept figures', () => {
  it('equal a recomputation from scratch on a random tree after random events', async () => {
    const db = srv.app.deps.store.db;
    const teams = srv.app.modules.users.teams;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 4, maxLength: 14 }),
        fc.array(fc.record({ who: fc.nat(), amount: fc.integer({ min: 1, max: 300 }), end: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        async (parents, events) => {
          // A fresh tree under a fresh root: member i joins under one of the members before it.
          const root = await member('NEXA2026');
          const ids = [root.id];
          const codes = [root.code];
          for (const p of parents) {
            const m = await member(present(codes[p % codes.length]));
            ids.push(m.id);
            codes.push(m.code);
          }
          const held = new Map<number, bigint>();
          for (const e of events) {
            const userId = present(ids[e.who % ids.length]);
            const amount = BigInt(e.amount) * 1_000_000n;
            const have = held.get(userId) ?? 0n;
            const end = e.end && have >= amount;
            held.set(userId, end ? have - amount : have + amount);
            await db.transaction((tx) =>
              teams.record(tx, {
                userId,
                volume: end ? 0n : amount,
                performance: end ? -amount : amount,
                node: end ? -amount : amount,
                ref: 'test',
              }),
            );
          }
          await checkAgainstScratch(ids);
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 15),
        // Always also a tree that must reach V2: two branches of two stakers each under the root.
        examples: [[[0, 0, 1, 1, 2, 2], [3, 4, 5, 6].map((who) => ({ who, amount: 300, end: false }))]],
      },
    );
    expect(highest).toBeGreaterThanOrEqual(2);
  });
});

/**
 * Recomputes the members' figures and levels from the events alone, walking the tree naively: levels are
 * replayed event by event (they never fall), each time raising every member to what they qualify for until
 * nothing changes.
 */
async function checkAgainstScratch(ids: number[]) {
  const db = srv.app.deps.store.db;
  const { users, teamFigures, teamEvents, userAncestors } = schema;
  const all = await db.select().from(users);
  const inTree = new Set(ids);
  const parent = new Map(all.filter((u) => inTree.has(u.id)).map((u) => [u.id, u.parentId]));
  const closure = (await db.select().from(userAncestors)).filter((r) => inTree.has(r.descendantId));
  const descendants = (id: number) => closure.filter((r) => r.ancestorId === id).map((r) => r.descendantId);
  const children = (id: number) => ids.filter((c) => parent.get(c) === id);
  const events = (await db.select().from(teamEvents).orderBy(teamEvents.id)).filter((e) =>
    inTree.has(e.userId),
  );
  const thresholds = [100n, 200n, 300n, 400n, 500n].map((x) => x * 1_000_000n);
  const level = new Map<number, number>(ids.map((id) => [id, 0]));
  const perf = new Map<number, bigint>();
  const teamPerf = (id: number) => descendants(id).reduce((s, d) => s + (perf.get(d) ?? 0n), 0n);
  const branchBest = (id: number): number =>
    Math.max(level.get(id) ?? 0, ...descendants(id).map((d) => level.get(d) ?? 0));
  for (const e of events) {
    perf.set(e.userId, (perf.get(e.userId) ?? 0n) + e.performance);
    if (e.performance <= 0n) continue;
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of ids) {
        let l = level.get(id) ?? 0;
        while (l < 5) {
          const next = l + 1;
          const legs = children(id).filter((c) => next === 1 || branchBest(c) >= next - 1).length;
          if (teamPerf(id) >= (thresholds[next - 1] ?? 0n) && legs >= 2) l = next;
          else break;
        }
        if (l > (level.get(id) ?? 0)) {
          level.set(id, l);
          changed = true;
        }
      }
    }
  }
  highest = Math.max(highest, ...level.values());
  const kept = new Map((await db.select().from(teamFigures)).map((f) => [f.userId, f]));
  const sum = (list: number[], pick: (e: (typeof events)[number]) => bigint) =>
    events.filter((e) => list.includes(e.userId)).reduce((s, e) => s + pick(e), 0n);
  for (const id of ids) {
    const f = kept.get(id);
    const team = descendants(id);
    const valid = children(id).filter((c) => sum([c], (e) => e.volume) >= 100_000_000n).length;
    const legs = [1, 2, 3, 4].map((k) => children(id).filter((c) => branchBest(c) >= k).length);
    expect(
      {
        headcount: f?.headcount ?? 0,
        direct: f?.direct ?? 0,
        validDirect: f?.validDirect ?? 0,
        personalVolume: f?.personalVolume ?? 0n,
        personalPerformance: f?.personalPerformance ?? 0n,
        teamVolume: f?.teamVolume ?? 0n,
        teamPerformance: f?.teamPerformance ?? 0n,
        teamNode: f?.teamNode ?? 0n,
        bestBelow: f?.bestBelow ?? 0,
        legs: [f?.legs1 ?? 0, f?.legs2 ?? 0, f?.legs3 ?? 0, f?.legs4 ?? 0],
        level: all.find((u) => u.id === id)?.level,
      },
      `member ${id}`,
    ).toEqual({
      headcount: team.length,
      direct: children(id).length,
      validDirect: valid,
      personalVolume: sum([id], (e) => e.volume),
      personalPerformance: sum([id], (e) => e.performance),
      teamVolume: sum(team, (e) => e.volume),
      teamPerformance: sum(team, (e) => e.performance),
      teamNode: sum(team, (e) => e.node),
      bestBelow: Math.max(0, ...team.map((d) => level.get(d) ?? 0)),
      legs,
      level: level.get(id),
    });
  }
}
