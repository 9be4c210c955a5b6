import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseAmount } from '@nexa/contract';
import pg from 'pg';
import { ManualClock } from '../src/clock';
import { createLedger, type LedgerAccount, SYSTEM, type UserAccountKind } from '../src/ledger';
import { seedBase } from '../src/seed';
import { openStore, type Store, type Tx } from '../src/store';

/**
 * Like the harness's `testStore()`, but on PostgreSQL it waits for the pool's sockets to
 * close before dropping the database: `pool.end()` resolves before its clients have gone,
 * and a forced drop would then kill them mid-close (an unhandled error in the runner).
 */
async function ledgerTestStore(pglite: boolean): Promise<{ store: Store; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (pglite || !url) {
    const store = await openStore({ dataDir: 'memory://' });
    return { store, drop: () => store.close() };
  }
  const name = `nexa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(url);
  u.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: u.toString() });
  return {
    store,
    drop: async () => {
      await store.close();
      await admin(async (c) => {
        for (let i = 0; i < 50; i++) {
          const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (r.rows[0]?.n === 0) break;
          await sleep(20);
        }
        await c.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/** Minor units of a decimal text for the seeded assets (USDT scale 6, others 8). */
export function minor(text: string, asset = 'USDT'): bigint {
  const value = parseAmount(text, asset === 'USDT' ? 6 : 8);
  if (value === null) throw new Error(`bad amount ${text}`);
  return value;
}

/**
 * A seeded store with a ledger on it: the test store (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set), or PGlite whatever the environment says.
 */
export async function ledgerFixture(opts: { pglite?: boolean } = {}) {
  const { store, drop } = await ledgerTestStore(opts.pglite ?? false);
  await seedBase(store);
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const ledger = createLedger({ store, clock });
  let lastUser = 1000;

  const inTx = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => store.db.transaction(fn);

  return {
    store,
    clock,
    ledger,
    drop,
    inTx,
    /** A user id no other test touched. */
    newUser: () => ++lastUser,
    /** Credit from system:deposits in a transaction of its own. */
    deposit: (userId: number, asset: string, amount: bigint, kind: UserAccountKind = 'spot') =>
      inTx((tx) =>
        ledger.credit(tx, {
          account: { userId, asset, kind },
          system: SYSTEM.deposits,
          amount,
          cause: 'deposit',
        }),
      ),
    /** Current balance of a user account (zero when it does not exist yet). */
    async balance(userId: number, asset: string, kind: UserAccountKind = 'spot') {
      const all = await ledger.balances(userId);
      const b = all.find((x) => x.asset === asset && x.kind === kind);
      return { available: b?.available ?? 0n, frozen: b?.frozen ?? 0n };
    },
    /** Current balance of a system account. */
    async systemBalance(name: string, asset: string) {
      const acc: LedgerAccount = await ledger.systemAccount(store.db, name, asset);
      const lines = await ledger.solvency();
      const line = lines.find((l) => l.asset === acc.asset)?.systemAccounts.find((s) => s.name === name);
      return { available: line?.available ?? 0n, frozen: line?.frozen ?? 0n };
    },
  };
}

export type LedgerFixture = Awaited<ReturnType<typeof ledgerFixture>>;
