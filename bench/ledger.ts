import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { systemClock } from '../server/src/kernel/clock';
import { createLedger, type Ledger, type LedgerAccount, SYSTEM } from '../server/src/ledger';
import { seedBase } from '../server/src/seed';
import { type Db, openStore, type Store } from '../server/src/store';
import { scratchDatabase } from '../server/test/scratch-db';

const ACCOUNTS = 64;
/** Transfers per `postMany` call (and database transaction); LEDGER_BENCH_BATCH sets it. */
const PER_TX = Number(process.env.LEDGER_BENCH_BATCH ?? 200);
/** No mode runs longer than this; its row then shows how many it did. */
const CAP_S = 6;
const WARMUP = 50;
const FUNDING = 10n ** 15n;

interface Row {
  readonly store: string;
  readonly mode: string;
  readonly transfers: number;
  readonly seconds: number;
  /** Label of the baseline row this one is compared with (itself for a baseline). */
  readonly baseline: string;
}

/** A deterministic sequence of (from, to) account indexes, never the same account twice. */
function pairs(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
  return (): [number, number] => {
    const from = next() % ACCOUNTS;
    const to = (from + 1 + (next() % (ACCOUNTS - 1))) % ACCOUNTS;
    return [from, to];
  };
}

/**
 * Runs `step` (which moves `per` transfers) until `count` transfers are done or the cap is
 * reached, on `workers` concurrent loops. Returns transfers done and seconds taken.
 */
async function timed(
  count: number,
  workers: number,
  per: number,
  step: (i: number) => Promise<void>,
): Promise<{ transfers: number; seconds: number }> {
  for (let i = 0; i < WARMUP; i += per) await step(-1 - i);
  const started = performance.now();
  const deadline = started + CAP_S * 1000;
  let issued = 0;
  let done = 0;
  const loop = async () => {
    while (issued < count && performance.now() < deadline) {
      const i = issued;
      issued += per;
      await step(i);
      done += per;
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
  return { transfers: done, seconds: (performance.now() - started) / 1000 };
}

/** Tables for the baseline: one balance per account, one journal row per transfer. */
async function createBaselineTables(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists bench_journal`);
  await db.execute(sql`drop table if exists bench_accounts`);
  await db.execute(sql`
    create table bench_accounts (
      id bigint primary key,
      available numeric(38, 0) not null,
      constraint bench_accounts_nonnegative check (available >= 0)
    )`);
  await db.execute(sql`
    create table bench_journal (
      id bigserial primary key,
      from_id bigint not null references bench_accounts (id),
      to_id bigint not null references bench_accounts (id),
      amount numeric(38, 0) not null check (amount > 0),
      created_at timestamptz not null default now()
    )`);
  await db.execute(
    sql`insert into bench_accounts (id, available) select g, ${FUNDING.toString()}::numeric from generate_series(1, ${ACCOUNTS}) g`,
  );
}

/** One plain transfer: both balances updated (lower id first, as the ledger locks) and a journal row. */
async function baselineTransfer(db: Db, from: number, to: number, amount: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    const a = amount.toString();
    const steps: Array<[number, string]> = [
      [from + 1, `-${a}`],
      [to + 1, a],
    ];
    steps.sort((x, y) => x[0] - y[0]);
    for (const [id, delta] of steps) {
      await tx.execute(
        sql`update bench_accounts set available = available + ${delta}::numeric where id = ${id}`,
      );
    }
    await tx.execute(
      sql`insert into bench_journal (from_id, to_id, amount) values (${from + 1}, ${to + 1}, ${a}::numeric)`,
    );
  });
}

async function ledgerAccounts(store: Store, ledger: Ledger): Promise<LedgerAccount[]> {
  const accounts: LedgerAccount[] = [];
  for (let u = 1; u <= ACCOUNTS; u++) {
    const key = { userId: 1_000_000 + u, asset: 'USDT', kind: 'spot' as const };
    await store.db.transaction((tx) =>
      ledger.credit(tx, { account: key, system: SYSTEM.deposits, amount: FUNDING, cause: 'deposit' }),
    );
    accounts.push(await ledger.account(store.db, key));
  }
  return accounts;
}

async function benchStore(label: string, store: Store, count: number, concurrency: number[]): Promise<Row[]> {
  const ledger = createLedger({ store, clock: systemClock });
  const accounts = await ledgerAccounts(store, ledger);
  await createBaselineTables(store.db);
  const amount = (i: number) => BigInt(1 + (Math.abs(i) % 997));
  const rows: Row[] = [];
  for (const workers of concurrency) {
    const suffix = workers === 1 ? 'sequential' : `${workers} workers`;
    const base = `plain tx: 2 UPDATE + 1 INSERT, ${suffix}`;
    const next = pairs(workers);
    rows.push({
      store: label,
      mode: base,
      baseline: base,
      ...(await timed(count, workers, 1, (i) => {
        const [from, to] = next();
        return baselineTransfer(store.db, from, to, amount(i));
      })),
    });
    const nextL = pairs(workers);
    rows.push({
      store: label,
      mode: `ledger.transfer, 1 per db tx, ${suffix}`,
      baseline: base,
      ...(await timed(count, workers, 1, async (i) => {
        const [from, to] = nextL();
        await store.db.transaction((tx) =>
          ledger.transfer(tx, {
            from: accounts[from] as LedgerAccount,
            to: accounts[to] as LedgerAccount,
            amount: amount(i),
            cause: 'transfer',
          }),
        );
      })),
    });
    // The batch call: PER_TX transfers per database transaction, one lock round in ascending order (so
    // concurrent batches never deadlock), one projection update per account, multi-row journal writes.
    const nextB = pairs(workers + 7);
    rows.push({
      store: label,
      mode: `ledger.postMany ×${PER_TX} per db tx, ${suffix}`,
      baseline: base,
      ...(await timed(count, workers, PER_TX, async (i) => {
        const inputs = Array.from({ length: PER_TX }, (_, k) => {
          const [from, to] = nextB();
          const a = amount(i + k);
          return {
            cause: 'transfer' as const,
            postings: [
              { account: accounts[from] as LedgerAccount, bucket: 'available' as const, amount: -a },
              { account: accounts[to] as LedgerAccount, bucket: 'available' as const, amount: a },
            ],
          };
        });
        const out = await store.db.transaction((tx) => ledger.postMany(tx, inputs));
        if (out.some((o) => !o.ok)) throw new Error('a funded transfer was refused');
      })),
    });
  }
  const violations = await ledger.audit();
  console.log(
    `  ${label}: ledger audit after the run: ${violations.length === 0 ? 'clean' : `${violations.length} violations`}`,
  );
  return rows;
}

function printTable(rows: readonly Row[]): void {
  const rate = (r: Row) => (r.seconds > 0 ? r.transfers / r.seconds : 0);
  const head = ['store', 'mode', 'transfers', 'seconds', 'transfers/s', 'vs baseline'];
  const body = rows.map((r) => {
    const base = rows.find((b) => b.store === r.store && b.mode === r.baseline);
    const rel = base && rate(base) > 0 ? `${(rate(r) / rate(base)).toFixed(2)}×` : '—';
    return [
      r.store,
      r.mode,
      String(r.transfers),
      r.seconds.toFixed(2),
      rate(r).toFixed(0),
      r.mode === r.baseline ? '1.00× (baseline)' : rel,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

async function onPostgres(url: string, count: number): Promise<Row[]> {
  const db = await scratchDatabase(url, 'nexa_bench');
  try {
    const store = await openStore({ databaseUrl: db.url });
    try {
      await seedBase(store);
      return await benchStore('PostgreSQL', store, count, [1, 8]);
    } finally {
      await store.close();
    }
  } finally {
    await db.drop();
  }
}

export async function ledgerBench(): Promise<void> {
  console.log('ledger throughput: transfers per second, ledger against a plain transaction');
  console.log(
    `  ${ACCOUNTS} accounts, random pairs, accounts resolved once up front; each mode stops at its count or after ${CAP_S} s`,
  );
  const rows: Row[] = [];
  const lite = await openStore({ dataDir: 'memory://' });
  try {
    await seedBase(lite);
    // PGlite is one connection: concurrent callers queue, so only the sequential modes mean anything.
    rows.push(...(await benchStore('PGlite (memory)', lite, 2_000, [1])));
  } finally {
    await lite.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) rows.push(...(await onPostgres(url, 5_000)));
  else console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  console.log(
    `  postMany: ${PER_TX} transfers per call and database transaction, each its own journal entry`,
  );
  printTable(rows);
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) await ledgerBench();
