/**
 * Mining output: one platform day of the main line settled for 100,000 users with running machines in a
 * referral tree (ten children a node, depth 5), as the sweep does it: the day's shares fixed by the hash-power
 * statement (personal, direct and level power from the day's orders and the closure table), then every share
 * paid through the rewards engine and the ledger (each user's BWC account made on the way, as for a first
 * payout). Beside it, a plain multi-row insert of as many rows, in the same run and store.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { systemClock } from '../server/src/kernel/clock';
import { createLedger } from '../server/src/ledger';
import { powerWeights } from '../server/src/modules/mining/service';
import { createRewards } from '../server/src/programs/rewards';
import { createSharedEmission, type SharedEmission } from '../server/src/programs/shared-emission';
import { seedBase } from '../server/src/seed';
import { openStore, type Store } from '../server/src/store';
import { scratchDatabase } from '../server/test/scratch-db';

const USERS = Number(process.env.MINING_BENCH_USERS ?? 100_000);
const BATCH = Number(process.env.MINING_BENCH_BATCH ?? 2_000);

async function setup(store: Store): Promise<void> {
  // User i's parent is i / 10: a tree ten wide and five deep; everyone runs one machine on day 1.
  await store.db.execute(sql`
    insert into users (uid, address, invite_code, parent_id, depth, level, created_at)
    select 'b' || i, '0x' || lpad(to_hex(i), 40, '0'), 'bench' || i,
      case when i > 1 then i / 10 end, 0, case when i < 100 then 2 else 0 end, now()
    from generate_series(1, ${USERS}) as i`);
  await store.db.execute(sql`
    with recursive a(ancestor_id, descendant_id, distance) as (
      select parent_id, id, 1 from users where parent_id is not null
      union all
      select u.parent_id, a.descendant_id, a.distance + 1 from a join users u on u.id = a.ancestor_id
      where u.parent_id is not null
    )
    insert into user_ancestors (ancestor_id, descendant_id, distance) select ancestor_id, descendant_id, distance from a`);
  await store.db.execute(sql`
    insert into mining_orders (line, user_id, machine_id, name, quantity, pay_asset, amount, power, bonus_power,
      term_days, first_day, end_day, status, created_at)
    select 'main', i, 1, 'S1 Lite', 1, 'USDT', 100000000, 100000 + (i % 7) * 10000, 0, 30, 1, 31, 'running', now()
    from generate_series(1, ${USERS}) as i`);
  await store.db.execute(sql`drop table if exists bench_plain`);
  await store.db.execute(
    sql`create table bench_plain (id bigserial primary key, program text not null, period integer not null, user_id integer not null, amount numeric(38,0) not null)`,
  );
}

async function plainInsert(store: Store): Promise<number> {
  const started = performance.now();
  for (let from = 1; from <= USERS; from += BATCH) {
    await store.db.transaction(async (tx) => {
      const rows = [];
      for (let id = from; id < from + BATCH && id <= USERS; id++)
        rows.push(sql`('bench', 1, ${id}, ${1_000_000 + (id % 997)})`);
      await tx.execute(
        sql`insert into bench_plain (program, period, user_id, amount) values ${sql.join(rows, sql`, `)}`,
      );
    });
  }
  return (performance.now() - started) / 1000;
}

async function settlement(store: Store) {
  const ledger = createLedger({ store, clock: systemClock });
  const log = { error: (obj: object, msg: string) => console.log(`  ${msg} ${JSON.stringify(obj)}`) };
  const rewards = createRewards({ store, clock: systemClock, ledger, log }, { batch: BATCH });
  const shared = createSharedEmission({ store, clock: systemClock, rewards });
  await store.db.transaction((tx) =>
    ledger.transfer(tx, {
      from: { system: 'system:capital:mining', asset: 'BWC' },
      to: { system: 'system:mining:output', asset: 'BWC' },
      amount: 10n ** 20n,
      cause: 'mining.fund',
      userId: null,
    }),
  );
  const rates = {
    direct: 10_000_000n,
    levels: [0n, 2_000_000n, 4_000_000n, 6_000_000n, 8_000_000n, 10_000_000n],
    share: 20_000_000n,
  };
  const output: SharedEmission = {
    key: 'mining:main',
    asset: 'BWC',
    pool: 'system:mining:output',
    cause: 'mining.output',
    emission: async () => 10_000n * 10n ** 8n,
    weights: (day) => powerWeights('main', day, rates),
    firstDay: async () => 1,
  };
  if (process.env.MINING_BENCH_ACCOUNTS) {
    const ta = performance.now();
    for (let from = 1; from <= USERS; from += 5_000) {
      const ids = Array.from({ length: Math.min(5_000, USERS - from + 1) }, (_, k) => from + k);
      await store.db.transaction((tx) => ledger.accountsOf(tx, ids, 'BWC', 'spot'));
    }
    console.log(`  accounts made beforehand in ${((performance.now() - ta) / 1000).toFixed(2)} s`);
  }
  const t0 = performance.now();
  await shared.takeShares(output, 1);
  const shares = (performance.now() - t0) / 1000;
  const r = await rewards.settle(shared.programOf(output), 1);
  const seconds = (performance.now() - t0) / 1000;
  if ((await rewards.settle(shared.programOf(output), 1)).ran) throw new Error('a day settled twice');
  const audit = await ledger.audit();
  if (audit.length > 0) throw new Error(`ledger audit: ${JSON.stringify(audit.slice(0, 3))}`);
  return { seconds, shares, positions: r.positions, paid: r.paid };
}

async function run(label: string, store: Store): Promise<string[]> {
  await seedBase(store);
  await setup(store);
  const plain = await plainInsert(store);
  const s = await settlement(store);
  return [
    label,
    s.positions.toLocaleString('en-US'),
    `${s.shares.toFixed(2)} s`,
    `${s.seconds.toFixed(2)} s`,
    `${Math.round(s.positions / s.seconds).toLocaleString('en-US')}/s`,
    `${plain.toFixed(2)} s`,
    `${(s.seconds / plain).toFixed(1)}×`,
  ];
}

export async function miningBench(): Promise<void> {
  console.log(
    `mining output: one day of ${USERS.toLocaleString('en-US')} users in a referral tree (shares fixed, then paid in batches of ${BATCH}), beside a plain multi-row insert of as many rows`,
  );
  const rows: string[][] = [];
  const lite = await openStore({ dataDir: 'memory://' });
  try {
    rows.push(await run('PGlite (memory)', lite));
  } finally {
    await lite.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const db = await scratchDatabase(url, 'nexa_bench_mining');
    try {
      const store = await openStore({ databaseUrl: db.url });
      try {
        rows.push(await run('PostgreSQL', store));
      } finally {
        await store.close();
      }
    } finally {
      await db.drop();
    }
  } else {
    console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  const head = ['store', 'shares', 'fixing', 'day settled', 'rate', 'plain insert', 'ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('  target: ≤ 10 s for 100,000 positions on PostgreSQL');
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) await miningBench();
