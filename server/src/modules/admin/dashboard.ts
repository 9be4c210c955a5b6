/** The console's dashboard: every running module's figures and queues since the platform day's start. */
import { formatAmount } from '@nexa/contract';
import type { AdminCtx } from './context';

export async function dashboard(ctx: AdminCtx) {
  const { days, assets } = ctx;
  const since = await days.dayStart(await days.today());
  const parts = await ctx.dashboardParts(since);
  const figures = parts.flatMap((p) => p.figures ?? []);
  const queues = parts.flatMap((p) => p.queues ?? []);
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
  };
}
