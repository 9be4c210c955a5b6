import { type Cause, formatAmount } from '@nexa/contract';
import type { Db, Tx } from '../store';
import { schema } from '../store';

/** JSON of rows holding bigint amounts (audit trail). */
export function bigintJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

const asJson = (v: unknown) =>
  v === null || v === undefined ? null : JSON.parse(JSON.stringify(v, bigintJson));

/** Writes what an operator did to a subject, with the subject before and after. */
export async function auditOperator(
  db: Db | Tx,
  at: Date,
  a: { operatorId: number; action: string; subject: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorKind: 'operator',
    actorId: a.operatorId,
    action: a.action,
    subject: a.subject,
    before: asJson(a.before),
    after: asJson(a.after),
    createdAt: at,
  });
}

/** What the funding helper needs of the ledger: a system account and its balances. */
interface PoolLedger {
  systemAccount(db: Tx, name: string, asset: string): Promise<{ id: number }>;
  accountBalances(db: Tx, ids: number[]): Promise<Map<number, { available: bigint }>>;
  transfer(
    db: Tx,
    m: {
      from: { system: string; asset: string };
      to: { system: string; asset: string };
      amount: bigint;
      cause: Cause;
      remark: string;
      userId: null;
    },
  ): Promise<unknown>;
}

/**
 * Moves money into a pool and writes the audit entry in one unit for every pool: decimal strings in the
 * asset (`"1"` for 1 USDT, never minor units), with the pool's balance before and after; the ledger transfer
 * from the program's capital is made here, in the same transaction.
 */
export async function fundPoolAudited(
  tx: Tx,
  ledger: PoolLedger,
  at: Date,
  a: {
    operatorId: number | null;
    /** The audit entry's action, and the journal's cause. */
    action: Cause;
    subject: string;
    /** The system account the money comes from (the program's capital), and the pool it goes to. */
    from: string;
    pool: string;
    remark: string;
    asset: string;
    scale: number;
    amount: bigint;
    reason?: string | undefined;
  },
): Promise<bigint> {
  const account = await ledger.systemAccount(tx, a.pool, a.asset);
  const read = async () => (await ledger.accountBalances(tx, [account.id])).get(account.id)?.available ?? 0n;
  const before = await read();
  await ledger.transfer(tx, {
    from: { system: a.from, asset: a.asset },
    to: { system: a.pool, asset: a.asset },
    amount: a.amount,
    cause: a.action,
    remark: a.remark,
    userId: null,
  });
  const after = await read();
  if (a.operatorId !== null) {
    const show = (v: bigint) => formatAmount(v, a.scale);
    await auditOperator(tx, at, {
      operatorId: a.operatorId,
      action: a.action,
      subject: a.subject,
      before: { asset: a.asset, balance: show(before) },
      after: {
        asset: a.asset,
        balance: show(after),
        amount: show(a.amount),
        ...(a.reason ? { reason: a.reason } : {}),
      },
    });
  }
  return after;
}
