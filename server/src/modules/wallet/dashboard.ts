/** The wallet's part of the console's dashboard. */
import { and, count, eq, gte, inArray, min, sum } from 'drizzle-orm';
import type { DashboardFigure, DashboardPart, DashboardQueue } from '../../kernel/module';
import type { WalletCtx } from './context';
import { walletDeposits, walletWithdrawals } from './tables';

/** Withdrawal stages that wait on an operator's approval. */
const AWAITING_APPROVAL = ['requested', 'first_approved'];

/**
 * The wallet's part of the dashboard: deposits credited and withdrawals sent since `since`, per asset;
 * deposit claims waiting on an operator and withdrawals waiting on an approval, with the oldest's time.
 */
export async function dashboard(ctx: WalletCtx, since: Date): Promise<DashboardPart> {
  const [credited, sent, [claims], [awaiting]] = await Promise.all([
    ctx.store.db
      .select({ asset: walletDeposits.asset, n: count(), total: sum(walletDeposits.amount) })
      .from(walletDeposits)
      .where(and(eq(walletDeposits.status, 'approved'), gte(walletDeposits.updatedAt, since)))
      .groupBy(walletDeposits.asset),
    ctx.store.db
      .select({ asset: walletWithdrawals.asset, n: count(), total: sum(walletWithdrawals.amount) })
      .from(walletWithdrawals)
      .where(and(eq(walletWithdrawals.stage, 'sent'), gte(walletWithdrawals.updatedAt, since)))
      .groupBy(walletWithdrawals.asset),
    ctx.store.db
      .select({ n: count(), oldest: min(walletDeposits.createdAt) })
      .from(walletDeposits)
      .where(and(eq(walletDeposits.status, 'pending'), eq(walletDeposits.chain, 'manual'))),
    ctx.store.db
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
