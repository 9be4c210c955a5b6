/**
 * What went into and out of each system pool since a moment (the start of the platform day), by cause, read from
 * the journal: insurance premiums and liquidation surplus in, bankruptcy cover and claims out; fees in; rewards
 * out; the faucet's claims out; and so on. Each journal entry counts once per account, by what it did to the
 * account in all (an entry that moves money in and out of the same pool counts its net).
 *
 * The day's postings are found without scanning the journal: their ids grow with time, so the first posting of
 * the day is found by a binary search over the primary key (a few point reads), and only the postings from there
 * on are read.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../store';
import { isCounterAccount } from './types';

export interface PoolFlow {
  readonly name: string;
  readonly asset: string;
  /** Now: available + frozen. */
  readonly balance: bigint;
  readonly inflow: bigint;
  readonly outflow: bigint;
  readonly causes: readonly { readonly cause: string; readonly inflow: bigint; readonly outflow: bigint }[];
}

/** The id of the first posting made at or after `since` (one past the last when none is). */
export async function firstPostingSince(db: Db | Tx, since: Date): Promise<number> {
  const [top] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from ledger_postings`,
  );
  let lo = 1;
  let hi = Number(top?.id ?? 0) + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const [row] = await queryRows<{ id: string; at: Date | string }>(
      db,
      sql`select id::text as id, created_at as at from ledger_postings where id >= ${mid} order by id limit 1`,
    );
    if (!row) {
      hi = mid;
      continue;
    }
    const at = row.at instanceof Date ? row.at : new Date(row.at);
    if (at.getTime() >= since.getTime()) hi = mid;
    else lo = Number(row.id) + 1;
  }
  return lo;
}

/** Every system pool (counter accounts aside) that money moved in or out of since `since`. */
export async function poolFlows(db: Db | Tx, since: Date): Promise<PoolFlow[]> {
  const first = await firstPostingSince(db, since);
  const rows = await queryRows<{
    name: string;
    asset: string;
    cause: string;
    inflow: string;
    outflow: string;
    balance: string;
  }>(
    db,
    sql`with net as (
          select p.transaction_id, p.account_id, sum(p.amount) as amount
          from ledger_postings p
          join ledger_accounts a on a.id = p.account_id and a.kind = 'system'
          where p.id >= ${first}
          group by p.transaction_id, p.account_id
          having sum(p.amount) <> 0
        )
        select a.system_name as name, a.asset, t.cause,
          coalesce(sum(n.amount) filter (where n.amount > 0), 0)::text as inflow,
          coalesce(-sum(n.amount) filter (where n.amount < 0), 0)::text as outflow,
          (a.available + a.frozen)::text as balance
        from net n
        join ledger_accounts a on a.id = n.account_id
        join ledger_transactions t on t.id = n.transaction_id
        group by a.system_name, a.asset, a.available, a.frozen, t.cause
        order by a.system_name, a.asset, t.cause`,
  );
  const out = new Map<string, { flow: Omit<PoolFlow, 'causes'>; causes: PoolFlow['causes'][number][] }>();
  for (const r of rows) {
    if (isCounterAccount(r.name)) continue;
    const key = `${r.name}\u0000${r.asset}`;
    const inflow = BigInt(r.inflow);
    const outflow = BigInt(r.outflow);
    const seen = out.get(key) ?? {
      flow: { name: r.name, asset: r.asset, balance: BigInt(r.balance), inflow: 0n, outflow: 0n },
      causes: [],
    };
    seen.flow = { ...seen.flow, inflow: seen.flow.inflow + inflow, outflow: seen.flow.outflow + outflow };
    seen.causes.push({ cause: r.cause, inflow, outflow });
    out.set(key, seen);
  }
  return [...out.values()].map((v) => ({ ...v.flow, causes: v.causes }));
}
