/**
 * A user's statement over a time range: each account's available balance before and at the end of it, and
 * every change of an available balance inside it, oldest first — one line per journal entry and account (what
 * the entry did to it in all, with the balance it left), as the records list shows them.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { queryRows, schema } from '../store';
import type { LedgerCtx } from './context';
import type { UserAccountKind } from './types';

const { ledgerAccounts, ledgerTransactions, ledgerPostings } = schema;

export interface StatementLine {
  readonly transactionId: number;
  readonly asset: string;
  readonly kind: UserAccountKind;
  readonly amount: bigint;
  readonly balanceAfter: bigint;
  readonly cause: string;
  readonly ref: string;
  readonly createdAt: Date;
}

export interface StatementAccount {
  readonly asset: string;
  readonly kind: UserAccountKind;
  /** Available balance just before the range, and at its end. */
  readonly opening: bigint;
  readonly closing: bigint;
  /** What came in and went out (both ≥ 0) inside the range. */
  readonly credits: bigint;
  readonly debits: bigint;
}

/** The available balance each of the user's accounts had just before `at` (0 before its first posting). */
async function balancesBefore(ctx: LedgerCtx, userId: number, at: Date): Promise<Map<number, bigint>> {
  const rows = await queryRows<{ account_id: number; balance: string }>(
    ctx.store.db,
    sql`select distinct on (p.account_id) p.account_id, p.balance_after::text as balance
        from ${ledgerPostings} p join ${ledgerAccounts} a on a.id = p.account_id
        where a.user_id = ${userId} and p.bucket = 'available' and p.created_at < ${at}
        order by p.account_id, p.id desc`,
  );
  return new Map(rows.map((r) => [Number(r.account_id), BigInt(r.balance)]));
}

/** The range's lines, at most `limit`, oldest first. */
export async function statement(
  ctx: LedgerCtx,
  userId: number,
  range: { readonly from: Date; readonly to: Date },
  limit: number,
): Promise<{ lines: StatementLine[]; truncated: boolean }> {
  const db = ctx.store.db;
  const net = sql<string>`sum(${ledgerPostings.amount})::text`;
  const grouped = await db
    .select({
      transactionId: ledgerPostings.transactionId,
      accountId: ledgerPostings.accountId,
      lastId: sql<number>`max(${ledgerPostings.id})`.mapWith(Number),
      amount: net,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerPostings.bucket, 'available'),
        gte(ledgerPostings.createdAt, range.from),
        lt(ledgerPostings.createdAt, range.to),
      ),
    )
    .groupBy(ledgerPostings.transactionId, ledgerPostings.accountId)
    .having(sql`sum(${ledgerPostings.amount}) <> 0`)
    .orderBy(asc(sql`max(${ledgerPostings.id})`))
    .limit(limit + 1);
  const truncated = grouped.length > limit;
  const page = grouped.slice(0, limit);
  const details = page.length
    ? await db
        .select({
          id: ledgerPostings.id,
          asset: ledgerPostings.asset,
          kind: ledgerAccounts.kind,
          balanceAfter: ledgerPostings.balanceAfter,
          cause: ledgerTransactions.cause,
          ref: ledgerTransactions.ref,
          createdAt: ledgerPostings.createdAt,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(
            eq(ledgerAccounts.userId, userId),
            sql`${ledgerPostings.id} in (${sql.join(
              page.map((g) => sql`${g.lastId}`),
              sql`, `,
            )})`,
          ),
        )
    : [];
  const byId = new Map(details.map((d) => [d.id, d]));
  const lines: StatementLine[] = [];
  for (const g of page) {
    const d = byId.get(g.lastId);
    if (!d || d.kind === 'system') continue;
    lines.push({
      transactionId: g.transactionId,
      asset: d.asset,
      kind: d.kind,
      amount: BigInt(g.amount),
      balanceAfter: d.balanceAfter,
      cause: d.cause,
      ref: d.ref,
      createdAt: d.createdAt,
    });
  }
  return { lines, truncated };
}

/** Each account's opening, closing, credits and debits over the range, and how many lines the range has. */
export async function statementFigures(
  ctx: LedgerCtx,
  userId: number,
  range: { readonly from: Date; readonly to: Date },
): Promise<{ accounts: StatementAccount[]; lines: number }> {
  const [opening, closing, accounts, moves] = await Promise.all([
    balancesBefore(ctx, userId, range.from),
    balancesBefore(ctx, userId, range.to),
    ctx.store.db
      .select({ id: ledgerAccounts.id, asset: ledgerAccounts.asset, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.kind)),
    queryRows<{ account_id: number; credits: string; debits: string; lines: number }>(
      ctx.store.db,
      sql`select n.account_id, count(*) filter (where n.amount <> 0)::int as lines,
            coalesce(sum(n.amount) filter (where n.amount > 0), 0)::text as credits,
            coalesce(-sum(n.amount) filter (where n.amount < 0), 0)::text as debits
          from (select p.account_id, sum(p.amount) as amount
                from ${ledgerPostings} p join ${ledgerAccounts} a on a.id = p.account_id
                where a.user_id = ${userId} and p.bucket = 'available'
                  and p.created_at >= ${range.from} and p.created_at < ${range.to}
                group by p.transaction_id, p.account_id) n
          group by n.account_id`,
    ),
  ]);
  const moved = new Map(moves.map((m) => [Number(m.account_id), m]));
  const lines = moves.reduce((sum, m) => sum + Number(m.lines), 0);
  const out: StatementAccount[] = [];
  for (const a of accounts) {
    if (a.kind === 'system') continue;
    const m = moved.get(a.id);
    const open = opening.get(a.id) ?? 0n;
    const close = closing.get(a.id) ?? 0n;
    // An account untouched before the end and in the range is not shown.
    if (!m && open === 0n && close === 0n) continue;
    out.push({
      asset: a.asset,
      kind: a.kind,
      opening: open,
      closing: close,
      credits: BigInt(m?.credits ?? '0'),
      debits: BigInt(m?.debits ?? '0'),
    });
  }
  return { accounts: out, lines };
}
