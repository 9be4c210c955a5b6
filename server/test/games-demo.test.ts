/**
 * Demo racers never take a real player's money (docs/rules.md, "Games"): over many seeded races, the money of
 * real players ends only with real players and the platform, the demo pool never gains, the platform never pays
 * a prize, and a real player's measured average return is the prize table's expected value.
 */
import { raceRanking, splitPool } from '@nexa/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prizePool, settlement } from '../src/modules/games/math';
import { GAMES_SYSTEM } from '../src/modules/games/service';
import { raceEntries, raceGroups } from '../src/modules/games/tables';
import { queryRows, schema } from '../src/store';
import {
  api,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

const PRICE = 10_000_000n;
const SHARE = 90_000_000n;
const REWARDS = ['0.5', '0.3', '0.2'];
const USDT = 1e6;

interface Seat {
  readonly demo: boolean;
  readonly tickets: number;
}

/** Exact odds of each seat taking each paid rank under the draw: ticket-weighted, without replacement. */
function rankOdds(seats: readonly Seat[], ranks: number): number[][] {
  const odds = seats.map(() => Array.from({ length: ranks }, () => 0));
  const go = (left: readonly number[], k: number, p: number) => {
    if (k >= ranks || left.length === 0) return;
    const total = left.reduce((s, i) => s + (seats[i]?.tickets ?? 0), 0);
    for (const i of left) {
      const q = (p * (seats[i]?.tickets ?? 0)) / total;
      const row = odds[i];
      if (row) row[k] = (row[k] ?? 0) + q;
      go(
        left.filter((j) => j !== i),
        k + 1,
        q,
      );
    }
  };
  go(
    seats.map((_, i) => i),
    0,
    1,
  );
  return odds;
}

/** The prizes of ranks 1… for a group of these seats, in USDT minor units. */
const prizesOf = (seats: readonly Seat[]) =>
  splitPool(
    prizePool({ ticketPrice: PRICE, tickets: seats.reduce((s, e) => s + e.tickets, 0), prizeShare: SHARE }),
    REWARDS,
  );

/** What the rules promise seat `i`: the expected prize (and its spread) over the draw, in USDT. */
function promised(seats: readonly Seat[], i: number): { mean: number; sd: number } {
  const prizes = prizesOf(seats).map((p) => Number(p) / USDT);
  const odds = rankOdds(seats, prizes.length)[i] ?? [];
  const mean = odds.reduce((s, p, k) => s + p * (prizes[k] ?? 0), 0);
  const square = odds.reduce((s, p, k) => s + p * (prizes[k] ?? 0) ** 2, 0);
  return { mean, sd: Math.sqrt(Math.max(0, square - mean * mean)) };
}

/** One seeded race settled as the server settles it: each seat's prize and the split of the money. */
async function seededRace(seats: readonly Seat[], seed: string) {
  const draw = seats.map((s, i) => ({
    entry_id: i + 1,
    tickets: s.tickets,
    client_seed: `${seed}${i.toString(16).padStart(8, '0')}`,
  }));
  const order = await raceRanking(seed, draw);
  const prizes = prizesOf(seats);
  const reward = seats.map(() => 0n);
  order.forEach((id, k) => {
    reward[id - 1] = prizes[k] ?? 0n;
  });
  const split = settlement(
    { ticketPrice: PRICE, prizeShare: SHARE },
    seats.map((s, i) => ({ ...s, reward: reward[i] ?? 0n })),
  );
  return { reward, split };
}

/** The promises of docs/rules.md for one settled race. */
function checkSplit(split: ReturnType<typeof settlement>) {
  const houseCut = split.realWorth - (split.realWorth * SHARE) / 100_000_000n;
  // The demo pool never takes out more than it put in: no real money ends there.
  expect(split.demoBack).toBeGreaterThanOrEqual(0n);
  expect(split.demoBack).toBeLessThanOrEqual(split.demoWorth);
  // The platform keeps at least its share of the real tickets and never more than the real money: it never
  // pays a prize and never keeps demo money.
  expect(split.revenue).toBeGreaterThanOrEqual(houseCut);
  expect(split.revenue).toBeLessThanOrEqual(split.realWorth);
  // Every unit of the pool goes somewhere.
  expect(split.realPrizes + split.demoBack + split.revenue).toBe(split.realWorth + split.demoWorth);
}

const seatsArb = fc
  .record({
    real: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 3 }),
    demo: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 11 }),
  })
  .filter((x) => x.real.length + x.demo.length >= REWARDS.length)
  .map((x): Seat[] => [
    ...x.real.map((tickets) => ({ demo: false, tickets })),
    ...x.demo.map((tickets) => ({ demo: true, tickets })),
  ]);

describe('a group filled with demo racers, settled (seeded races)', () => {
  it('never moves a real player’s money to the demo pool, and the platform never pays a prize', async () => {
    await fc.assert(
      fc.asyncProperty(seatsArb, fc.stringMatching(/^[0-9a-f]{16,64}$/), async (seats, seed) => {
        checkSplit((await seededRace(seats, seed)).split);
      }),
      { numRuns: 400 },
    );
  });

  it('pays a real player on average what the prize table promises any group with the same tickets', async () => {
    // One real player and bot-filled groups of 10, two real players (colluding) among bots, a whale.
    const groups: Seat[][] = [
      [{ demo: false, tickets: 1 }, ...[2, 1, 3, 2, 2, 1, 3, 2, 1].map((t) => ({ demo: true, tickets: t }))],
      [
        { demo: false, tickets: 5 },
        { demo: false, tickets: 5 },
        ...[1, 2, 3, 1, 2, 3, 1, 2].map((t) => ({ demo: true, tickets: t })),
      ],
      [{ demo: false, tickets: 10 }, ...[1, 1, 1].map((t) => ({ demo: true, tickets: t }))],
    ];
    const races = 2500;
    for (const [g, seats] of groups.entries()) {
      const sums = seats.map(() => 0);
      let demoPoolChange = 0;
      let platformExtra = 0;
      for (let r = 0; r < races; r++) {
        const { reward, split } = await seededRace(seats, `${g}f00d${r.toString(16).padStart(8, '0')}`);
        checkSplit(split);
        reward.forEach((x, i) => {
          sums[i] = (sums[i] ?? 0) + Number(x) / USDT;
        });
        demoPoolChange += Number(split.demoBack - split.demoWorth) / USDT;
        platformExtra +=
          Number(split.revenue - (split.realWorth - (split.realWorth * SHARE) / 100_000_000n)) / USDT;
      }
      seats.forEach((s, i) => {
        if (s.demo) return;
        // Within four standard errors of the exact expectation (the races are seeded: the run is the same
        // every time, so this is no flaky bound).
        const { mean, sd } = promised(seats, i);
        const measured = (sums[i] ?? 0) / races;
        expect(
          Math.abs(measured - mean),
          `group ${g}, seat ${i}: ${measured} against ${mean}`,
        ).toBeLessThanOrEqual((4 * sd) / Math.sqrt(races));
      });
      // What the demo pool pays real winners is what the platform keeps from real losers, on average (both
      // within the same bound of the other): the demo seats are a fair counterparty, not a source of profit.
      expect(demoPoolChange).toBeLessThanOrEqual(0);
      expect(platformExtra).toBeGreaterThanOrEqual(0);
    }
  });

  it('is the plain split without demo seats: prizes to the players, the rest to the platform', async () => {
    const seats: Seat[] = [1, 2, 3, 4].map((tickets) => ({ demo: false, tickets }));
    const { reward, split } = await seededRace(seats, 'abcdef0123456789');
    const pool = prizesOf(seats).reduce((a, b) => a + b, 0n);
    expect(split).toMatchObject({ demoWorth: 0n, demoBack: 0n, fromDemo: 0n, realPrizes: pool });
    expect(split.revenue).toBe(100_000_000n - pool);
    expect(reward.reduce((a, b) => a + b, 0n)).toBe(pool);
  });
});

let srv: TestServer;

async function player(usdt: string) {
  const finance = await operatorToken(srv);
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, finance, usdt, 'USDT');
  const me = present(await srv.app.modules.auth.authenticate(u.token));
  return { token: u.token, id: me.id };
}

const minor = (text: string) => BigInt(Math.round(Number(text) * USDT));

/** Every system account's balance (available + frozen) by name and asset. */
async function systemBalances(): Promise<Map<string, bigint>> {
  const rows = await srv.app.deps.store.db
    .select()
    .from(schema.ledgerAccounts)
    .where(eq(schema.ledgerAccounts.kind, 'system'));
  return new Map(rows.map((r) => [`${r.systemName}/${r.asset}`, r.available + r.frozen]));
}

/** The id of the journal's last posting. */
async function lastPosting(): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(
    srv.app.deps.store.db,
    sql`select max(id)::text as id from ledger_postings`,
  );
  return Number(row?.id ?? 0);
}

/** What the journal moved on each system account (USDT) after posting `after`, by cause. */
async function journalSince(after: number) {
  const rows = await queryRows<{ name: string; cause: string; amount: string }>(
    srv.app.deps.store.db,
    sql`select a.system_name as name, t.cause, sum(p.amount)::text as amount
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id and a.kind = 'system' and a.asset = 'USDT'
        join ledger_transactions t on t.id = p.transaction_id
        where p.id > ${after}
        group by a.system_name, t.cause`,
  );
  return rows.map((r) => ({ name: r.name, cause: r.cause, amount: BigInt(r.amount) }));
}

/** The demo racers' accounts: none of them ever holds anything. */
async function demoAccountsHold(): Promise<bigint> {
  const ids = srv.app.modules.games.demoRacers();
  const rows = await srv.app.deps.store.db
    .select()
    .from(schema.ledgerAccounts)
    .where(inArray(schema.ledgerAccounts.userId, ids));
  return rows.reduce((s, r) => s + (r.available < 0n ? -r.available : r.available) + r.frozen, 0n);
}

async function spot(token: string) {
  const b = (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === 'USDT' && a.account === 'spot',
  );
  return { available: minor(b?.available ?? '0'), frozen: minor(b?.frozen ?? '0') };
}

/** Ticks the games (a second apart) until the group is settled and paid, or throws. */
async function settle(groupId: number) {
  const games = srv.app.modules.games;
  for (let i = 0; i < 60; i++) {
    const [g] = await srv.app.deps.store.db.select().from(raceGroups).where(eq(raceGroups.id, groupId));
    if (g?.paidAt) return;
    srv.clock.advance(1_000);
    await games.tick();
  }
  throw new Error(`race ${groupId} did not settle`);
}

describe('demo racers on the ledger', () => {
  beforeAll(async () => {
    srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
    await srv.app.settings.set('games.race_seconds', 3);
    await srv.app.settings.set('games.demo_join_s', 0);
  });
  afterEach(async () => {
    expect(await srv.app.ledger.audit()).toEqual([]);
    expect((await srv.app.ledger.solvency()).every((l) => l.balanced && !l.short)).toBe(true);
    expect(await demoAccountsHold()).toBe(0n);
  });
  afterAll(() => srv.close());

  it('races with one player, or two together, among demo racers: real money ends only with real players and the platform, and every pool’s change is in the journal', async () => {
    const games = srv.app.modules.games;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 2 }),
        async (size, tickets) => {
          await srv.app.settings.set('games.group_size', size);
          const players = [];
          // Each pays 10 USDT a ticket, and as much again is locked as principal until settlement.
          for (const t of tickets) players.push({ ...(await player(String(20 * t))), tickets: t });
          const g = await games.currentGroup();
          const marker = await lastPosting();
          const before = await systemBalances();
          for (const [i, p] of players.entries()) {
            await api(srv, '/api/racer/buyTicket', { count: p.tickets }, { token: p.token });
            const r = await api(
              srv,
              '/api/racer/play',
              {
                group_id: g.id,
                tickets: p.tickets,
                client_seed: `c0ffee${i}${p.id.toString(16).padStart(8, '0')}`,
              },
              { token: p.token },
            );
            expect(r.body.code).toBe(200);
          }
          await settle(g.id);
          const entries = await srv.app.deps.store.db
            .select()
            .from(raceEntries)
            .where(eq(raceEntries.groupId, g.id));
          expect(entries).toHaveLength(size);
          expect(entries.filter((e) => !e.demo)).toHaveLength(players.length);
          const split = settlement({ ticketPrice: PRICE, prizeShare: SHARE }, entries);
          checkSplit(split);
          // Each player paid their tickets and got their rank's prize; nothing is left frozen.
          for (const p of players) {
            const e = present(entries.find((x) => x.userId === p.id));
            expect(await spot(p.token)).toEqual({
              available: PRICE * BigInt(p.tickets) + e.reward,
              frozen: 0n,
            });
          }
          const after = await systemBalances();
          const change = (name: string) =>
            (after.get(`${name}/USDT`) ?? 0n) - (before.get(`${name}/USDT`) ?? 0n);
          expect(change(GAMES_SYSTEM.demoPool)).toBe(split.demoBack - split.demoWorth);
          expect(change(GAMES_SYSTEM.revenue)).toBe(split.revenue);
          expect(change(GAMES_SYSTEM.fund)).toBe(0n);
          expect(change(GAMES_SYSTEM.pool)).toBe(0n);
          // Every games pool's change in the race is what its journal entries moved, cause by cause (the audit
          // after each test checks every account's balance against the whole journal).
          const flows = await journalSince(marker);
          for (const name of [
            GAMES_SYSTEM.demoPool,
            GAMES_SYSTEM.revenue,
            GAMES_SYSTEM.pool,
            GAMES_SYSTEM.backing,
          ]) {
            const moved = flows.filter((f) => f.name === name).reduce((a, f) => a + f.amount, 0n);
            expect(moved, name).toBe(change(name));
          }
          const demoSeats = flows.find(
            (f) => f.name === GAMES_SYSTEM.demoPool && f.cause === 'games.demo_seat',
          );
          expect(demoSeats?.amount ?? 0n).toBe(-split.demoWorth);
          const demoBack = flows.find((f) => f.name === GAMES_SYSTEM.demoPool && f.cause === 'games.settle');
          expect(demoBack?.amount ?? 0n).toBe(split.demoBack);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('a dry demo pool fills no group: the lobby says so and the player waits for real players', async () => {
    const games = srv.app.modules.games;
    await srv.app.settings.set('games.group_size', 4);
    // Empty the demo pool back into the demo's capital.
    const held = (await systemBalances()).get(`${GAMES_SYSTEM.demoPool}/USDT`) ?? 0n;
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.transfer(tx, {
        from: { system: GAMES_SYSTEM.demoPool, asset: 'USDT' },
        to: { system: GAMES_SYSTEM.demo, asset: 'USDT' },
        amount: held,
        cause: 'games.demo_fund',
        ref: 'test_demo_pool_empty',
        remark: '',
      }),
    );
    const p = await player('40');
    await api(srv, '/api/racer/buyTicket', { count: 2 }, { token: p.token });
    const g = await games.currentGroup();
    expect((await api(srv, '/api/racer/index', {}, { token: p.token })).body.data.demo_fill).toBe('empty');
    await api(
      srv,
      '/api/racer/play',
      { group_id: g.id, tickets: 2, client_seed: 'deadbeef00000001' },
      { token: p.token },
    );
    for (let i = 0; i < 5; i++) {
      srv.clock.advance(1_000);
      await games.tick();
    }
    const [waiting] = await srv.app.deps.store.db.select().from(raceGroups).where(eq(raceGroups.id, g.id));
    expect(waiting).toMatchObject({ status: 'open', entrants: 1 });
    // Filled again (the demo does it at each start), the racers come and the race settles.
    await games.fillDemoPool();
    expect((await api(srv, '/api/racer/index', {}, { token: p.token })).body.data.demo_fill).toBe('on');
    await settle(g.id);
  });

  it('a group the racers cannot fill expires: the demo seats’ money goes back to the demo pool, the player’s to the player', async () => {
    const games = srv.app.modules.games;
    // More seats than there are demo racers (12): the group never fills.
    await srv.app.settings.set('games.group_size', 15);
    const p = await player('60');
    await api(srv, '/api/racer/buyTicket', { count: 3 }, { token: p.token });
    const g = await games.currentGroup();
    const before = (await systemBalances()).get(`${GAMES_SYSTEM.demoPool}/USDT`);
    await api(
      srv,
      '/api/racer/play',
      { group_id: g.id, tickets: 3, client_seed: 'deadbeef00000002' },
      { token: p.token },
    );
    for (let i = 0; i < 14; i++) {
      srv.clock.advance(1_000);
      await games.tick();
    }
    const demoSeats = await srv.app.deps.store.db
      .select()
      .from(raceEntries)
      .where(and(eq(raceEntries.groupId, g.id), eq(raceEntries.demo, true)));
    expect(demoSeats).toHaveLength(12);
    srv.clock.advance(601_000);
    await games.tick();
    const [expired] = await srv.app.deps.store.db.select().from(raceGroups).where(eq(raceGroups.id, g.id));
    expect(expired?.status).toBe('expired');
    expect((await systemBalances()).get(`${GAMES_SYSTEM.demoPool}/USDT`)).toBe(before);
    expect(await spot(p.token)).toEqual({ available: 30_000_000n, frozen: 0n });
    expect(await games.ticketsOf(p.id)).toBe(3);
    const [n] = await srv.app.deps.store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(raceEntries)
      .where(and(eq(raceEntries.groupId, g.id), eq(raceEntries.status, 'refunded')));
    expect(n?.n).toBe(13);
  });
});
