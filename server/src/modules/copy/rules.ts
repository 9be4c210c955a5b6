/** The copy's rules read from its settings: the price tolerances and the profit-share period. */
import type { CopyCtx } from './context';
import { parseRatio } from './math';
import type { Tolerances } from './tolerance';

export async function tolerances(ctx: CopyCtx): Promise<Tolerances> {
  const rate = (text: string) => parseRatio(text) ?? 0n;
  return {
    lead: rate(await ctx.settings.get('copy.price_tolerance')),
    mark: rate(await ctx.settings.get('copy.mark_tolerance')),
  };
}

export async function period(
  ctx: CopyCtx,
  now = ctx.clock.now(),
): Promise<{ index: number; start: Date; end: Date }> {
  const step = (await ctx.settings.get('copy.settle_interval_h')) * 3_600_000;
  const index = Math.floor(now.getTime() / step);
  return { index, start: new Date(index * step), end: new Date((index + 1) * step) };
}
