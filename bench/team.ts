/**
 * Referral teams at a million users: a tree of 1,000,000 members (a chain 100 deep, and a bushy part of
 * eight children a node under its root), 100,000 purchases applied through the real code (`teams.record`,
 * one transaction each, as a stake or a machine purchase does it: the buyer's row, every ancestor's row, the
 * levels), then the team figures of 2,000 random members read as `/api/user/smarInvitation` reads them.
 * Prints events per second, the read latencies and the size of every table the figures need. PostgreSQL
 * only (set BENCH_DATABASE_URL or TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { systemClock } from '../server/src/kernel/clock';
import { createSettings } from '../server/src/kernel/settings';
import { SETTINGS } from '../server/src/modules';
import { createUsers, type UsersDeps } from '../server/src/modules/users/service';
import { seedBase } from '../server/src/seed';
import { openStore, queryRows, type Store } from '../server/src/store';
import { scratchDatabase } from '../server/test/scratch-db';

const USERS = Number(process.env.TEAM_BENCH_USERS ?? 1_000_000);
const CHAIN = Number(process.env.TEAM_BENCH_CHAIN ?? 100);
const EVENTS = Number(process.env.TEAM_BENCH_EVENTS ?? 100_000);
const READS = 2_000;

/** A deterministic little generator. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function buildTree(store: Store): Promise<number> {
  const started = performance.now();
  // Members 1…CHAIN: a chain (each the child of the one before). The rest hang under member 1, eight a node.
  await store.db.execute(sql`
    insert into users (id, uid, address, invite_code, parent_id, depth, created_at)
    select i, 't' || i, '0x' || lpad(to_hex(i), 40, '0'), 'team' || i,
      case when i = 1 then null when i <= ${CHAIN} then i - 1
        when i <= ${CHAIN} + 8 then 1 else ${CHAIN} + (i - ${CHAIN} - 1) / 8 end,
      0, now()
    from generate_series(1, ${USERS}) as i`);
  await store.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${USERS})`);
  await store.db.execute(sql`
    with recursive a(ancestor_id, descendant_id, distance) as (
      select parent_id, id, 1 from users where parent_id is not null
      union all
      select u.parent_id, a.descendant_id, a.distance + 1 from a join users u on u.id = a.ancestor_id
      where u.parent_id is not null
    )
    insert into user_ancestors (ancestor_id, descendant_id, distance) select ancestor_id, descendant_id, distance from a`);
  // What sign-up keeps: headcount and direct referrals per member.
  await store.db.execute(sql`
    insert into team_figures (user_id, headcount, direct)
    select ancestor_id, count(*), count(*) filter (where distance = 1) from user_ancestors group by ancestor_id`);
  await store.db.execute(sql`analyze`);
  return (performance.now() - started) / 1000;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function teamBench(): Promise<void> {
  console.log(
    `referral teams: ${USERS.toLocaleString('en-US')} members (a chain ${CHAIN} deep and a bushy part), ${EVENTS.toLocaleString('en-US')} purchases applied, ${READS.toLocaleString('en-US')} random reads`,
  );
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const db = await scratchDatabase(url, 'nexa_bench_team');
  try {
    const store = await openStore({ databaseUrl: db.url });
    try {
      await seedBase(store);
      const built = await buildTree(store);
      const settings = createSettings(store, SETTINGS);
      await settings.preload();
      const { teams } = createUsers({ store, clock: systemClock, settings } as unknown as UsersDeps);
      const rnd = random(20_261_127);
      const pick = () => 1 + Math.floor(rnd() * USERS);
      const started = performance.now();
      for (let i = 0; i < EVENTS; i++) {
        const userId = pick();
        const amount = BigInt(100 + Math.floor(rnd() * 5_000)) * 1_000_000n;
        await store.db.transaction((tx) =>
          teams.record(tx, { userId, volume: amount, performance: amount, node: amount, ref: `bench:${i}` }),
        );
      }
      const applied = (performance.now() - started) / 1000;
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const t0 = performance.now();
        await teams.summary(pick());
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const root = performance.now();
      await teams.summary(1);
      const rootMs = performance.now() - root;
      const [levels] = await queryRows<{ v1: number; v5: number }>(
        store.db,
        sql`select count(*) filter (where level >= 1)::int as v1, count(*) filter (where level = 5)::int as v5 from users`,
      );
      console.log(`  tree built in ${built.toFixed(1)} s`);
      console.log(
        `  applied: ${EVENTS.toLocaleString('en-US')} purchases in ${applied.toFixed(1)} s, ${Math.round(EVENTS / applied).toLocaleString('en-US')} events/s (one transaction each)`,
      );
      console.log(
        `  reads: p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, max ${pct(times, 100).toFixed(2)} ms; the root (${(USERS - 1).toLocaleString('en-US')} below it) ${rootMs.toFixed(2)} ms`,
      );
      console.log(`  levels: ${levels?.v1 ?? 0} members at V1 or above, ${levels?.v5 ?? 0} at V5`);
      await store.db.execute(sql`analyze`);
      const sizes = await queryRows<{ name: string; rows: string; size: string }>(
        store.db,
        sql`select c.relname as name, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
            from pg_class c where c.relname in ('users', 'user_ancestors', 'team_figures', 'team_events') order by c.relname`,
      );
      for (const s of sizes)
        console.log(
          `  table ${s.name}: about ${Number(s.rows).toLocaleString('en-US')} rows, ${s.size} with indexes`,
        );
      console.log('  target: p99 of team-figure reads ≤ 5 ms on PostgreSQL');
    } finally {
      await store.close();
    }
  } finally {
    await db.drop();
  }
}

if (process.argv[1]?.endsWith('team.ts')) await teamBench();
