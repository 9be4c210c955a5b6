/**
 * The console's dashboard: every running module's figures and queues since the platform day's start, and the
 * hot wallets' balances.
 */
import { formatAmount } from '@nexa/contract';
import type { AdminCtx } from './context';

export async function dashboard(ctx: AdminCtx) {
  const { days, assets } = ctx;
  const since = await days.dayStart(await days.today());
  const parts = await ctx.dashboardParts(since);
  const figures = parts.flatMap((p) => p.figures ?? []);
  const queues = parts.flatMap((p) => p.queues ?? []);
  const hot = parts.flatMap((p) => p.hotWallets ?? []);
  const show = (asset: string, m: bigint) => formatAmount(m, assets.get(asset).scale);
  return {
    day_start: since.toISOString(),
    figures: figures.map((f) => ({
      key: f.key,
      asset: f.asset,
      count: f.count,
      amount:
        f.amount === null || f.asset === null ? null : formatAmount(f.amount, assets.get(f.asset).scale),
    })),
    queues: queues.map((q) => ({ key: q.key, count: q.count, oldest: q.oldest?.toISOString() ?? null })),
    hot_wallets: hot.map((h) => ({
      chain: h.chain,
      asset: h.asset,
      address: h.address,
      amount: h.amount === null ? null : show(h.asset, h.amount),
      native: h.native,
      min: show(h.asset, h.min),
      low: h.low,
      queued: h.queued,
    })),
  };
}
