/**
 * Starting and closing market data: the candles read back what they kept and replay the stored trades after
 * it before anything new trades; then the price source starts (the built-in reference market, which in the
 * demo walks three days of past on a first start, or OKX's feed).
 */

import { isSwapInstId } from '@nexa/contract';
import { startAlerts, stopAlerts } from './alerts-fire';
import type { MarketDataCtx } from './context';
import { createOkxFeed } from './feed';
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
        history: config.seedDemo
          ? { ms: 3 * 24 * 3_600_000, record: candles.record, hold: candles.hold }
          : undefined,
      },
    );
    ctx.state.reference = reference;
    await reference.start();
  }
  if (config.marketSource === 'okx') {
    // The spot instruments are known once spot has started (its books are built before market data starts).
    ctx.state.okx = createOkxFeed({
      url: config.okxWsUrl,
      instruments: deps.trades.instIds().filter((id) => !isSwapInstId(id)),
      bus: deps.bus,
      log: deps.log,
    });
    ctx.state.okx.start();
  }
}

export async function close(ctx: MarketDataCtx): Promise<void> {
  stopAlerts(ctx);
  ctx.state.reference?.stop();
  ctx.state.okx?.stop();
  await ctx.candles.close();
}
