/** The wallet's part of the console's dashboard. */
import { and, count, eq, gte, inArray, min, sum } from 'drizzle-orm';
import { formatUnits } from 'viem';
import type { DashboardFigure, DashboardHotWallet, DashboardPart, DashboardQueue } from '../../kernel/module';
import type { WalletCtx } from './context';
import { senderFor } from './funding';
import { walletDeposits, walletWithdrawals } from './tables';
import { hotFloor } from './withdrawal-send';

/** Withdrawal stages that wait on an operator's approval. */
const AWAITING_APPROVAL = ['requested', 'first_approved'];
/** Withdrawal stages of a payment on its way or done. */
const SENT = ['sent', 'completed'];

/** Each paying network's hot wallet: its balance (unknown when its node or signer fails), floor and queue. */
async function hotWallets(ctx: WalletCtx): Promise<DashboardHotWallet[]> {
  const out: DashboardHotWallet[] = [];
  for (const c of ctx.chains) {
    const asset = c.assets[0];
    if (!asset || !c.hotWalletBalance || !senderFor(ctx, c.chain, asset)) continue;
    const b = await c.hotWalletBalance().catch(() => null);
    const min = await hotFloor(ctx, c.chain, asset);
    const [q] = await ctx.store.db
      .select({ n: count() })
      .from(walletWithdrawals)
      .where(and(eq(walletWithdrawals.chain, c.chain), eq(walletWithdrawals.stage, 'queued')));
    const queued = q?.n ?? 0;
    out.push({
      chain: c.chain,
      asset,
      address: b?.address ?? null,
      amount: b?.amount ?? null,
      native: b ? `${formatUnits(b.native, b.nativeDecimals)} ${b.nativeSymbol}` : null,
      min,
      low: queued > 0 || (b !== null && b.amount < min),
      queued,
    });
  }
  return out;
}

/**
 * The wallet's part of the dashboard: deposits credited and withdrawals sent since `since`, per asset;
 * deposit claims waiting on an operator and withdrawals waiting on an approval, with the oldest's time; the
 * hot wallets' balances, low ones (below their floor, or with withdrawals queued) marked.
 */
export async function dashboard(ctx: WalletCtx, since: Date): Promise<DashboardPart> {
  const [credited, sent, [claims], [awaiting], hot] = await Promise.all([
    ctx.store.db
      .select({ asset: walletDeposits.asset, n: count(), total: sum(walletDeposits.amount) })
      .from(walletDeposits)
      .where(and(eq(walletDeposits.status, 'approved'), gte(walletDeposits.updatedAt, since)))
      .groupBy(walletDeposits.asset),
    ctx.store.db
      .select({ asset: walletWithdrawals.asset, n: count(), total: sum(walletWithdrawals.amount) })
      .from(walletWithdrawals)
      .where(and(inArray(walletWithdrawals.stage, SENT), gte(walletWithdrawals.updatedAt, since)))
      .groupBy(walletWithdrawals.asset),
    ctx.store.db
      .select({ n: count(), oldest: min(walletDeposits.createdAt) })
      .from(walletDeposits)
      .where(and(eq(walletDeposits.status, 'pending'), eq(walletDeposits.chain, 'manual'))),
    ctx.store.db
      .select({ n: count(), oldest: min(walletWithdrawals.createdAt) })
      .from(walletWithdrawals)
      .where(inArray(walletWithdrawals.stage, AWAITING_APPROVAL)),
    hotWallets(ctx),
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
    hotWallets: hot,
  };
}
