/**
 * Starting and closing market data: the candles read back what they kept and replay the stored trades after
 * it before anything new trades; then the price source starts (the built-in reference market, which in the
 * demo walks three days of past on a first start, or OKX's feed).
 */

import { startAlerts, stopAlerts } from './alerts-fire';
import type { MarketDataCtx } from './context';
import { createReferenceMarket } from './reference';

export async function start(ctx: MarketDataCtx): Promise<void> {
  const { deps, candles } = ctx;
  const { config } = deps;
  // Candles read back what they kept and replay stored trades after it before anything new trades.
  await candles.start();
  await startAlerts(ctx);
  if (config.marketSource === 'sim') {
    const reference = createReferenceMarket(
      { ...deps, market: deps.venue, swaps: deps.swapVenue?.() },
      {
        stepMs: config.simStepMs,
        ...(config.simSeed === undefined ? {} : { seed: config.simSeed }),
        maker: config.seedDemo,
        lastPrice: candles.lastClose,
        // A first start of the demo walks three days of past, so every chart has a history.
        history: config.seedDemo ? { ms: 3 * 24 * 3_600_000, record: candles.record } : undefined,
      },
    );
    ctx.state.reference = reference;
    await reference.start();
  }
  ctx.okx?.start();
}

export async function close(ctx: MarketDataCtx): Promise<void> {
  stopAlerts(ctx);
  ctx.state.reference?.stop();
  ctx.okx?.stop();
  await ctx.candles.close();
}
