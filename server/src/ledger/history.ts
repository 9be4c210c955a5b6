/** What the ledger answers of a user: the accounts' balances, and the records (journal lines), newest first. */
import assert from 'node:assert/strict';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { type Db, schema, type Tx } from '../store';
import { onPage, pageAnswer } from '../store/paging';
import type { LedgerCtx } from './context';
import type { Balance, HistoryQuery, HistoryRow, UserAccountKind } from './types';

const { ledgerAccounts, ledgerTransactions, ledgerPostings } = schema;

/** The user's accounts, per asset and kind. */
export async function balances(
  ctx: LedgerCtx,
  userId: number,
  db: Db | Tx = ctx.store.db,
): Promise<Balance[]> {
  const rows = await db
    .select({
      asset: ledgerAccounts.asset,
      kind: ledgerAccounts.kind,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.kind));
  return rows.map((r) => {
    assert(r.kind !== 'system', 'a user owns a system account');
    return { asset: r.asset, kind: r.kind, available: r.available, frozen: r.frozen };
  });
}

/**
 * The user's records, newest first: one line per journal entry, account and bucket — what the entry did to
 * it in all (an order's hold, fills and returned rest are one line), with what came back in it; entries
 * that net to nothing drop. The lines of the page are found on postings and accounts alone (the journal
 * is joined only to filter by cause), then the page's causes and balances are read for its rows only.
 */
export async function history(
  ctx: LedgerCtx,
  userId: number,
  q: HistoryQuery,
  db: Db | Tx = ctx.store.db,
): Promise<{ list: HistoryRow[]; total: number }> {
  assert(Number.isSafeInteger(q.page) && q.page >= 1, 'page starts at 1');
  assert(Number.isSafeInteger(q.size) && q.size >= 1, 'size is positive');
  const conds: SQL[] = [eq(ledgerAccounts.userId, userId)];
  if (q.asset !== undefined) conds.push(eq(ledgerAccounts.asset, q.asset));
  if (q.kind !== undefined) conds.push(eq(ledgerAccounts.kind, q.kind));
  if (q.bucket !== undefined) conds.push(eq(ledgerPostings.bucket, q.bucket));
  if (q.transactionId !== undefined) conds.push(eq(ledgerPostings.transactionId, q.transactionId));
  const byCause = q.cause !== undefined || q.causePrefix !== undefined;
  if (q.cause !== undefined) conds.push(eq(ledgerTransactions.cause, q.cause));
  if (q.causePrefix !== undefined) conds.push(like(ledgerTransactions.cause, `${q.causePrefix}%`));
  const net = sql`sum(${ledgerPostings.amount})`;
  const having =
    q.direction === 'in' ? sql`${net} > 0` : q.direction === 'out' ? sql`${net} < 0` : sql`${net} <> 0`;
  const base = db
    .select({
      lastId: sql<number>`max(${ledgerPostings.id})`.mapWith(Number).as('last_id'),
      netAmount: sql<string>`${net}::text`.as('net_amount'),
      returnedAmount:
        sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} > 0), 0)::text`.as(
          'returned_amount',
        ),
      moveCount: sql<number>`count(*)`.mapWith(Number).as('move_count'),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId));
  const grouped = (
    byCause
      ? base.innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      : base
  )
    .where(and(...conds))
    .groupBy(ledgerPostings.transactionId, ledgerPostings.accountId, ledgerPostings.bucket)
    .having(having)
    .as('g');
  const [lines, [total]] = await Promise.all([
    onPage(db.select().from(grouped).orderBy(desc(grouped.lastId)), q),
    db.select({ n: count() }).from(grouped),
  ]);
  if (lines.length === 0) return { list: [], total: total?.n ?? 0 };
  // The page's last postings: their entry, account and the balance they left.
  const rows = await db
    .select({
      id: ledgerPostings.id,
      transactionId: ledgerPostings.transactionId,
      asset: ledgerPostings.asset,
      kind: ledgerAccounts.kind,
      bucket: ledgerPostings.bucket,
      balanceAfter: ledgerPostings.balanceAfter,
      cause: ledgerTransactions.cause,
      ref: ledgerTransactions.ref,
      remark: ledgerTransactions.remark,
      createdAt: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      inArray(
        ledgerPostings.id,
        lines.map((l) => l.lastId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return pageAnswer(
    lines.map((l) => {
      const r = byId.get(l.lastId);
      assert(r, 'a record line without its posting');
      assert(r.kind !== 'system', 'a user owns a system account');
      const amount = BigInt(l.netAmount);
      return {
        ...r,
        kind: r.kind as UserAccountKind,
        amount,
        // Only a line that went out and partly came back has something returned.
        returned: amount < 0n && l.moveCount > 1 ? BigInt(l.returnedAmount) : 0n,
      };
    }),
    total,
  );
}
