import type { Cause } from '@nexa/contract';
import { parseAmount } from '@nexa/contract';
import { ManualClock } from '../src/kernel/clock';
import { createLedger, type LedgerAccount, SYSTEM, type UserAccountKind } from '../src/ledger';
import { seedBase } from '../src/seed';
import type { Tx } from '../src/store';
import { testStore } from './harness';

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
  const { store, drop } = await testStore({ pglite: opts.pglite ?? false });
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

/** The ledger's mechanics are tested with causes of their own, outside the product's closed list. */
export const testCause = (name: string): Cause => name as Cause;
