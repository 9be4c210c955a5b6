/**
 * Rewards engine: one period's settlement of 100,000 positions (1,000 users, a funded pool), beside a plain
 * multi-row insert of the same 100,000 rows into a bare table, in the same run and store: the floor any
 * settlement that records each payout has to stand on.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { systemClock } from '../server/src/kernel/clock';
import { createLedger } from '../server/src/ledger';
import { createRewards, type RewardProgram } from '../server/src/programs/rewards';
import { seedBase } from '../server/src/seed';
import { openStore, type Store } from '../server/src/store';
import { scratchDatabase } from '../server/test/scratch-db';

const POSITIONS = Number(process.env.REWARDS_BENCH_POSITIONS ?? 100_000);
const USERS = 1_000;
const BATCH = Number(process.env.REWARDS_BENCH_BATCH ?? 2_000);

interface Position {
  id: number;
  user_id: number;
  amount: string;
}

async function setup(store: Store): Promise<void> {
  await store.db.execute(sql`drop table if exists bench_positions`);
  await store.db.execute(sql`drop table if exists bench_plain`);
  await store.db.execute(
    sql`create table bench_positions (id bigint primary key, user_id integer not null, amount numeric(38,0) not null, earned numeric(38,0) not null default 0)`,
  );
  await store.db.execute(
    sql`create table bench_plain (id bigserial primary key, program text not null, period integer not null, position_id bigint not null, user_id integer not null, amount numeric(38,0) not null)`,
  );
  for (let from = 1; from <= POSITIONS; from += 5_000) {
    const rows = [];
    for (let id = from; id < from + 5_000 && id <= POSITIONS; id++)
      rows.push(sql`(${id}, ${1 + (id % USERS)}, ${1_000_000 + (id % 997)})`);
    await store.db.execute(
      sql`insert into bench_positions (id, user_id, amount) values ${sql.join(rows, sql`, `)}`,
    );
  }
}

async function plainInsert(store: Store): Promise<number> {
  const started = performance.now();
  for (let from = 1; from <= POSITIONS; from += BATCH) {
    await store.db.transaction(async (tx) => {
      const rows = [];
      for (let id = from; id < from + BATCH && id <= POSITIONS; id++)
        rows.push(sql`('bench', 1, ${id}, ${1 + (id % USERS)}, ${1_000_000 + (id % 997)})`);
      await tx.execute(
        sql`insert into bench_plain (program, period, position_id, user_id, amount) values ${sql.join(rows, sql`, `)}`,
      );
    });
  }
  return (performance.now() - started) / 1000;
}

async function settlement(store: Store): Promise<{ seconds: number; paid: bigint; positions: number }> {
  const ledger = createLedger({ store, clock: systemClock });
  const log = { error: (obj: object, msg: string) => console.log(`  ${msg} ${JSON.stringify(obj)}`) };
  const rewards = createRewards({ store, clock: systemClock, ledger, log }, { batch: BATCH });
  await store.db.transaction((tx) =>
    ledger.transfer(tx, {
      from: { system: 'system:capital:bench', asset: 'USDT' },
      to: { system: 'system:bench:pool', asset: 'USDT' },
      amount: 10n ** 15n,
      cause: 'earn.fund',
      userId: null,
    }),
  );
  const program: RewardProgram<Position> = {
    key: 'bench',
    pool: 'system:bench:pool',
    asset: 'USDT',
    cause: 'earn.profit',
    due: async (tx, _period, after, limit) => {
      const res = await tx.execute(
        sql`select id::int as id, user_id, amount::text as amount from bench_positions where id > ${after} order by id limit ${limit}`,
      );
      return (res as unknown as { rows: Position[] }).rows;
    },
    id: (p) => Number(p.id),
    userId: (p) => Number(p.user_id),
    amount: (p) => BigInt(p.amount) / 1_000n,
    earned: async () => {},
    earnedMany: async (tx, rows) => {
      const values = sql.join(
        rows.map((r) => sql`(${r.p.id}::bigint, ${r.amount}::numeric)`),
        sql`, `,
      );
      await tx.execute(
        sql`update bench_positions as o set earned = o.earned + v.amount from (values ${values}) as v(id, amount) where o.id = v.id`,
      );
    },
  };
  // User accounts exist before the run, as they do for users who hold positions.
  await store.db.transaction(async (tx) => {
    for (let u = 1; u <= USERS; u++) await ledger.account(tx, { userId: u, asset: 'USDT', kind: 'spot' });
  });
  const started = performance.now();
  const r = await rewards.settle(program, 1);
  const seconds = (performance.now() - started) / 1000;
  const again = await rewards.settle(program, 1);
  if (again.ran) throw new Error('a period settled twice');
  const audit = await ledger.audit();
  if (audit.length > 0) throw new Error(`ledger audit: ${JSON.stringify(audit.slice(0, 3))}`);
  return { seconds, paid: r.paid, positions: r.positions };
}

async function run(label: string, store: Store): Promise<string[]> {
  await seedBase(store);
  await setup(store);
  const plain = await plainInsert(store);
  const s = await settlement(store);
  return [
    label,
    s.positions.toLocaleString('en-US'),
    `${s.seconds.toFixed(2)} s`,
    `${Math.round(s.positions / s.seconds).toLocaleString('en-US')}/s`,
    `${plain.toFixed(2)} s`,
    `${(s.seconds / plain).toFixed(1)}×`,
  ];
}

export async function rewardsBench(): Promise<void> {
  console.log(
    `rewards engine: one period settled for ${POSITIONS.toLocaleString('en-US')} positions of ${USERS} users (batches of ${BATCH}), beside a plain multi-row insert of as many rows`,
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
    const db = await scratchDatabase(url, 'nexa_bench_rewards');
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
  const head = ['store', 'positions', 'settlement', 'rate', 'plain insert', 'ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('  target: ≤ 10 s for 100,000 positions on PostgreSQL');
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) await rewardsBench();
