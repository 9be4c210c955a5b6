/**
 * What operators read of a user's money: the ledger accounts, the journal of postings with the balance each
 * left, an address's past use across users (for the withdrawal review), and the wallet's part of the
 * dashboard. Reads only: no account is opened by looking.
 */
import { EVM_ADDRESS_PATTERN, formatAmount } from '@nexa/contract';
import { and, count, desc, eq, gte, inArray, min, type SQL, sql, sum } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { DashboardFigure, DashboardPart, DashboardQueue } from '../../kernel/module';
import type { UserAccountKind } from '../../ledger';
import { queryRows, schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { iso, type WalletDeps } from './common';
import { walletDeposits, walletWithdrawals } from './tables';

const { users, depositAddresses, ledgerAccounts, ledgerPostings, ledgerTransactions } = schema;

/** Past uses of an address shown per kind (the totals count them all). */
const ADDRESS_USES = 50;
/** Withdrawal stages that wait on an operator's approval. */
const AWAITING_APPROVAL = ['requested', 'first_approved'];

export interface JournalFilter {
  readonly asset?: string | undefined;
  readonly account?: UserAccountKind | undefined;
  readonly bucket?: 'available' | 'frozen' | undefined;
}

export function createWalletAdmin(deps: WalletDeps) {
  const { store, ledger } = deps;

  /** Minor units of an asset shown as a decimal (a disabled asset keeps its scale). */
  function show(symbol: string, minor: bigint): string {
    return formatAmount(minor, deps.assets.get(symbol).scale);
  }

  async function mustExist(userId: number): Promise<void> {
    const [u] = await store.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!u) throw new DomainError('NotFound');
  }

  /** Every account the user holds, per kind and asset (the ledger's read: it opens none). */
  async function balances(userId: number) {
    await mustExist(userId);
    const rows = await ledger.balances(userId);
    return {
      list: rows.map((b) => ({
        account: b.kind,
        asset: b.asset,
        available: show(b.asset, b.available),
        frozen: show(b.asset, b.frozen),
      })),
    };
  }

  /**
   * The user's postings, newest first. Each posting keeps the balance its bucket had right after it (written
   * with it, in the same transaction), so the running balance is exact and a page reads the same every time.
   */
  async function journal(userId: number, f: JournalFilter, page: { page: number; size: number }) {
    await mustExist(userId);
    const conds: SQL[] = [eq(ledgerAccounts.userId, userId)];
    if (f.asset) conds.push(eq(ledgerAccounts.asset, f.asset));
    if (f.account) conds.push(eq(ledgerAccounts.kind, f.account));
    if (f.bucket) conds.push(eq(ledgerPostings.bucket, f.bucket));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
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
      store.db
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
        amount: show(r.asset, r.amount),
        balance_after: show(r.asset, r.balanceAfter),
      })),
      total,
    );
  }

  /**
   * Who has used an address: withdrawals to it and deposits on it, newest first, the user whose sign-in or
   * deposit address it is, and how many different users it has seen — a shared address stands out.
   */
  async function addressUse(address: string) {
    const given = address.trim();
    const lower = given.toLowerCase();
    // Withdrawal addresses are kept lowercase; deposit addresses as the chain writes them (EVM: lowercase).
    const depositKey = EVM_ADDRESS_PATTERN.test(given) ? lower : given;
    const byWithdrawal = eq(walletWithdrawals.address, lower);
    const byDeposit = eq(walletDeposits.address, depositKey);
    const [wRows, [wTotal], dRows, [dTotal], distinct, [signIn], [deposit]] = await Promise.all([
      store.db
        .select({ w: walletWithdrawals, uid: users.uid })
        .from(walletWithdrawals)
        .innerJoin(users, eq(users.id, walletWithdrawals.userId))
        .where(byWithdrawal)
        .orderBy(desc(walletWithdrawals.id))
        .limit(ADDRESS_USES),
      store.db.select({ n: count() }).from(walletWithdrawals).where(byWithdrawal),
      store.db
        .select({ d: walletDeposits, uid: users.uid })
        .from(walletDeposits)
        .innerJoin(users, eq(users.id, walletDeposits.userId))
        .where(byDeposit)
        .orderBy(desc(walletDeposits.id))
        .limit(ADDRESS_USES),
      store.db.select({ n: count() }).from(walletDeposits).where(byDeposit),
      queryRows<{ n: number }>(
        store.db,
        sql`select count(*)::int as n from (
          select user_id from ${walletWithdrawals} where ${byWithdrawal}
          union select user_id from ${walletDeposits} where ${byDeposit}
        ) u`,
      ),
      store.db.select({ id: users.id, uid: users.uid }).from(users).where(eq(users.address, lower)),
      store.db
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
          amount: show(w.asset, w.amount),
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
          amount: show(d.asset, d.amount),
          chain: d.chain,
          status: d.status,
          stage: d.status,
          time: iso(d.createdAt),
        })),
        total: dTotal?.n ?? 0,
      },
    };
  }

  /**
   * The wallet's part of the dashboard: deposits credited and withdrawals sent since `since`, per asset;
   * deposit claims waiting on an operator and withdrawals waiting on an approval, with the oldest's time.
   */
  async function dashboard(since: Date): Promise<DashboardPart> {
    const [credited, sent, [claims], [awaiting]] = await Promise.all([
      store.db
        .select({ asset: walletDeposits.asset, n: count(), total: sum(walletDeposits.amount) })
        .from(walletDeposits)
        .where(and(eq(walletDeposits.status, 'approved'), gte(walletDeposits.updatedAt, since)))
        .groupBy(walletDeposits.asset),
      store.db
        .select({ asset: walletWithdrawals.asset, n: count(), total: sum(walletWithdrawals.amount) })
        .from(walletWithdrawals)
        .where(and(eq(walletWithdrawals.stage, 'sent'), gte(walletWithdrawals.updatedAt, since)))
        .groupBy(walletWithdrawals.asset),
      store.db
        .select({ n: count(), oldest: min(walletDeposits.createdAt) })
        .from(walletDeposits)
        .where(and(eq(walletDeposits.status, 'pending'), eq(walletDeposits.chain, 'manual'))),
      store.db
        .select({ n: count(), oldest: min(walletWithdrawals.createdAt) })
        .from(walletWithdrawals)
        .where(inArray(walletWithdrawals.stage, AWAITING_APPROVAL)),
    ]);
    const figure =
      (key: string) =>
      (r: { asset: string; n: number; total: string | null }): DashboardFigure => ({
        key,
        asset: r.asset,
        count: r.n,
        amount: BigInt(r.total ?? '0'),
      });
    const queue = (key: string, r: { n: number; oldest: Date | null } | undefined): DashboardQueue => ({
      key,
      count: r?.n ?? 0,
      oldest: r?.oldest ? new Date(r.oldest) : null,
    });
    return {
      figures: [...credited.map(figure('deposits')), ...sent.map(figure('withdrawals'))],
      queues: [queue('deposits', claims), queue('withdrawals', awaiting)],
    };
  }

  return { balances, journal, addressUse, dashboard };
}
