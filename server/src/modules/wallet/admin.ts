/**
 * What operators read of a user's money: the ledger accounts, the journal of postings with the balance each
 * left, and an address's past use across users (for the withdrawal review). Reads only: no account is opened by looking.
 */
import { EVM_ADDRESS_PATTERN, formatAmount } from '@nexa/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { UserAccountKind } from '../../ledger';
import { queryRows, schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { iso } from './common';
import type { WalletCtx } from './context';
import { walletDeposits, walletWithdrawals } from './tables';

const { users, depositAddresses, ledgerAccounts, ledgerPostings, ledgerTransactions } = schema;

/** Past uses of an address shown per kind (the totals count them all). */
const ADDRESS_USES = 50;

export interface JournalFilter {
  readonly asset?: string | undefined;
  readonly account?: UserAccountKind | undefined;
  readonly bucket?: 'available' | 'frozen' | undefined;
}

/** Minor units of an asset shown as a decimal (a disabled asset keeps its scale). */
export function show(ctx: WalletCtx, symbol: string, minor: bigint): string {
  return formatAmount(minor, ctx.registry.get(symbol).scale);
}

export async function mustExist(ctx: WalletCtx, userId: number): Promise<void> {
  const [u] = await ctx.store.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!u) throw new DomainError('NotFound');
}

/** Every account the user holds, per kind and asset (the ledger's read: it opens none). */
export async function accountBalances(ctx: WalletCtx, userId: number) {
  await mustExist(ctx, userId);
  const rows = await ctx.ledger.balances(userId);
  return {
    list: rows.map((b) => ({
      account: b.kind,
      asset: b.asset,
      available: show(ctx, b.asset, b.available),
      frozen: show(ctx, b.asset, b.frozen),
    })),
  };
}

/**
 * The user's postings, newest first. Each posting keeps the balance its bucket had right after it (written
 * with it, in the same transaction), so the running balance is exact and a page reads the same every time.
 */
export async function journal(
  ctx: WalletCtx,
  userId: number,
  f: JournalFilter,
  page: { page: number; size: number },
) {
  await mustExist(ctx, userId);
  const conds: SQL[] = [eq(ledgerAccounts.userId, userId)];
  if (f.asset) conds.push(eq(ledgerAccounts.asset, f.asset));
  if (f.account) conds.push(eq(ledgerAccounts.kind, f.account));
  if (f.bucket) conds.push(eq(ledgerPostings.bucket, f.bucket));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    onPage(
      ctx.store.db
        .select({
          id: ledgerPostings.id,
          transactionId: ledgerPostings.transactionId,
          createdAt: ledgerPostings.createdAt,
          kind: ledgerAccounts.kind,
          asset: ledgerPostings.asset,
          bucket: ledgerPostings.bucket,
          cause: ledgerTransactions.cause,
          ref: ledgerTransactions.ref,
          remark: ledgerTransactions.remark,
          amount: ledgerPostings.amount,
          balanceAfter: ledgerPostings.balanceAfter,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
        .orderBy(desc(ledgerPostings.id)),
      page,
    ),
    ctx.store.db
      .select({ n: count() })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(where),
  ]);
  return pageAnswer(
    rows.map((r) => ({
      id: r.id,
      transaction_id: r.transactionId,
      time: iso(r.createdAt),
      account: r.kind,
      asset: r.asset,
      bucket: r.bucket,
      cause: r.cause,
      reference: r.ref,
      remark: r.remark,
      amount: show(ctx, r.asset, r.amount),
      balance_after: show(ctx, r.asset, r.balanceAfter),
    })),
    total,
  );
}

/**
 * Who has used an address: withdrawals to it and deposits on it, newest first, the user whose sign-in or
 * deposit address it is, and how many different users it has seen — a shared address stands out.
 */
export async function addressUse(ctx: WalletCtx, address: string) {
  const given = address.trim();
  const lower = given.toLowerCase();
  // Withdrawal addresses are kept lowercase; deposit addresses as the chain writes them (EVM: lowercase).
  const depositKey = EVM_ADDRESS_PATTERN.test(given) ? lower : given;
  const byWithdrawal = eq(walletWithdrawals.address, lower);
  const byDeposit = eq(walletDeposits.address, depositKey);
  const [wRows, [wTotal], dRows, [dTotal], distinct, [signIn], [deposit]] = await Promise.all([
    ctx.store.db
      .select({ w: walletWithdrawals, uid: users.uid })
      .from(walletWithdrawals)
      .innerJoin(users, eq(users.id, walletWithdrawals.userId))
      .where(byWithdrawal)
      .orderBy(desc(walletWithdrawals.id))
      .limit(ADDRESS_USES),
    ctx.store.db.select({ n: count() }).from(walletWithdrawals).where(byWithdrawal),
    ctx.store.db
      .select({ d: walletDeposits, uid: users.uid })
      .from(walletDeposits)
      .innerJoin(users, eq(users.id, walletDeposits.userId))
      .where(byDeposit)
      .orderBy(desc(walletDeposits.id))
      .limit(ADDRESS_USES),
    ctx.store.db.select({ n: count() }).from(walletDeposits).where(byDeposit),
    queryRows<{ n: number }>(
      ctx.store.db,
      sql`select count(*)::int as n from (
        select user_id from ${walletWithdrawals} where ${byWithdrawal}
        union select user_id from ${walletDeposits} where ${byDeposit}
      ) u`,
    ),
    ctx.store.db.select({ id: users.id, uid: users.uid }).from(users).where(eq(users.address, lower)),
    ctx.store.db
      .select({ id: users.id, uid: users.uid })
      .from(depositAddresses)
      .innerJoin(users, eq(users.id, depositAddresses.userId))
      .where(eq(depositAddresses.address, depositKey))
      .limit(1),
  ]);
  const owner = signIn
    ? { user_id: signIn.id, uid: signIn.uid, kind: 'sign_in' as const }
    : deposit
      ? { user_id: deposit.id, uid: deposit.uid, kind: 'deposit' as const }
      : null;
  return {
    address: depositKey,
    owner,
    users: Number(distinct[0]?.n ?? 0),
    withdrawals: {
      list: wRows.map(({ w, uid }) => ({
        id: w.id,
        user_id: w.userId,
        uid,
        asset: w.asset,
        amount: show(ctx, w.asset, w.amount),
        chain: w.chain,
        status: w.status,
        stage: w.stage,
        time: iso(w.createdAt),
      })),
      total: wTotal?.n ?? 0,
    },
    deposits: {
      list: dRows.map(({ d, uid }) => ({
        id: d.id,
        user_id: d.userId,
        uid,
        asset: d.asset,
        amount: show(ctx, d.asset, d.amount),
        chain: d.chain,
        status: d.status,
        stage: d.status,
        time: iso(d.createdAt),
      })),
      total: dTotal?.n ?? 0,
    },
  };
}
