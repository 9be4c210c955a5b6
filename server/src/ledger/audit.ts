import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../store';
import { type Bucket, isCounterAccount } from './types';

/** A broken ledger invariant found by `audit()`. Any one of them is a bug to stop on. */
export type Violation =
  | {
      readonly check: 'unbalanced_transaction';
      readonly transactionId: number;
      readonly asset: string;
      readonly sum: bigint;
    }
  | { readonly check: 'empty_transaction'; readonly transactionId: number }
  | {
      readonly check: 'projection_mismatch';
      readonly accountId: number;
      readonly bucket: Bucket;
      readonly projected: bigint;
      readonly posted: bigint;
    }
  | {
      readonly check: 'negative_balance';
      readonly accountId: number;
      readonly bucket: Bucket;
      readonly balance: bigint;
    }
  | {
      readonly check: 'running_balance_mismatch';
      readonly postingId: number;
      readonly accountId: number;
      readonly bucket: Bucket;
      readonly recorded: bigint;
      readonly expected: bigint;
    };

export interface SolvencyLine {
  readonly asset: string;
  /** What the platform owes its users: available + frozen of every user account. */
  readonly liabilities: bigint;
  /** Sum of the system accounts; a healthy ledger has liabilities = −system. */
  readonly system: bigint;
  readonly balanced: boolean;
  /** Some funded system account (fees, a reward pool, a desk) holds less than zero of this asset. */
  readonly short: boolean;
  readonly systemAccounts: readonly {
    readonly name: string;
    readonly available: bigint;
    readonly frozen: bigint;
    /** A counter account (money outside the platform: deposits, operator capital) may be negative. */
    readonly counter: boolean;
    /** A funded account below zero: it paid out money it never held. */
    readonly short: boolean;
  }[];
}

type Row = Record<string, string | null>;

function text(row: Row, key: string): string {
  const v = row[key];
  if (v === null || v === undefined) throw new Error(`audit: missing ${key}`);
  return String(v);
}
const big = (row: Row, key: string) => BigInt(text(row, key));
const num = (row: Row, key: string) => Number(text(row, key));

/** Every check of the journal against itself and its projections, in one snapshot. */
export async function findViolations(db: Db | Tx): Promise<Violation[]> {
  const out: Violation[] = [];

  // (a) every transaction sums to zero per asset, and has postings at all.
  for (const r of await queryRows<Row>(
    db,
    sql`select transaction_id::text as id, asset, sum(amount)::text as sum
        from ledger_postings group by transaction_id, asset having sum(amount) <> 0
        order by transaction_id, asset`,
  )) {
    out.push({
      check: 'unbalanced_transaction',
      transactionId: num(r, 'id'),
      asset: text(r, 'asset'),
      sum: big(r, 'sum'),
    });
  }
  for (const r of await queryRows<Row>(
    db,
    sql`select t.id::text as id from ledger_transactions t
        where not exists (select 1 from ledger_postings p where p.transaction_id = t.id) order by t.id`,
  )) {
    out.push({ check: 'empty_transaction', transactionId: num(r, 'id') });
  }

  // (b) every projection equals the sum of its postings, per bucket.
  for (const r of await queryRows<Row>(
    db,
    sql`select a.id::text as id, a.available::text as available, a.frozen::text as frozen,
          coalesce(s.available, 0)::text as posted_available, coalesce(s.frozen, 0)::text as posted_frozen
        from ledger_accounts a
        left join (
          select account_id,
            sum(amount) filter (where bucket = 'available') as available,
            sum(amount) filter (where bucket = 'frozen') as frozen
          from ledger_postings group by account_id
        ) s on s.account_id = a.id
        where a.available <> coalesce(s.available, 0) or a.frozen <> coalesce(s.frozen, 0)
        order by a.id`,
  )) {
    for (const bucket of ['available', 'frozen'] as const) {
      const projected = big(r, bucket);
      const posted = big(r, `posted_${bucket}`);
      if (projected !== posted) {
        out.push({ check: 'projection_mismatch', accountId: num(r, 'id'), bucket, projected, posted });
      }
    }
  }

  // (c) no user account is negative.
  for (const r of await queryRows<Row>(
    db,
    sql`select id::text as id, available::text as available, frozen::text as frozen from ledger_accounts
        where kind <> 'system' and (available < 0 or frozen < 0) order by id`,
  )) {
    for (const bucket of ['available', 'frozen'] as const) {
      const balance = big(r, bucket);
      if (balance < 0n) out.push({ check: 'negative_balance', accountId: num(r, 'id'), bucket, balance });
    }
  }

  // (d) each posting's recorded balance-after is the running sum of its account's bucket.
  for (const r of await queryRows<Row>(
    db,
    sql`select id::text as id, account_id::text as account_id, bucket, recorded::text as recorded,
          expected::text as expected
        from (
          select id, account_id, bucket, balance_after as recorded,
            sum(amount) over (partition by account_id, bucket order by id) as expected
          from ledger_postings
        ) x
        where recorded <> expected order by id`,
  )) {
    out.push({
      check: 'running_balance_mismatch',
      postingId: num(r, 'id'),
      accountId: num(r, 'account_id'),
      bucket: text(r, 'bucket') as Bucket,
      recorded: big(r, 'recorded'),
      expected: big(r, 'expected'),
    });
  }
  return out;
}

/** Per asset: user liabilities against the system accounts that fund them. */
export async function solvencyReport(db: Db | Tx): Promise<SolvencyLine[]> {
  const totals = await queryRows<Row>(
    db,
    sql`select asset,
          coalesce(sum(available + frozen) filter (where kind <> 'system'), 0)::text as liabilities,
          coalesce(sum(available + frozen) filter (where kind = 'system'), 0)::text as system
        from ledger_accounts group by asset order by asset`,
  );
  const systems = await queryRows<Row>(
    db,
    sql`select asset, system_name, available::text as available, frozen::text as frozen
        from ledger_accounts where kind = 'system' order by asset, system_name`,
  );
  return totals.map((t) => {
    const asset = text(t, 'asset');
    const liabilities = big(t, 'liabilities');
    const system = big(t, 'system');
    const systemAccounts = systems
      .filter((s) => s.asset === asset)
      .map((s) => {
        const name = text(s, 'system_name');
        const available = big(s, 'available');
        const frozen = big(s, 'frozen');
        const counter = isCounterAccount(name);
        return { name, available, frozen, counter, short: !counter && (available < 0n || frozen < 0n) };
      });
    return {
      asset,
      liabilities,
      system,
      balanced: liabilities + system === 0n,
      short: systemAccounts.some((a) => a.short),
      systemAccounts,
    };
  });
}
