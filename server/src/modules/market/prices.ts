/** Reference prices: the index every swap is marked against, and when an instrument's reference last moved. */
import type { MarketDataCtx } from './context';

/**
 * The reference price of a spot instrument — the walk's, or OKX's last — never the platform's own book, so
 * no trade on the platform moves it: the index every swap is marked against. Null before there is one.
 */
export function indexPrice(ctx: MarketDataCtx, instId: string): string | null {
  if (ctx.deps.config.marketSource === 'okx') return ctx.okxLast.get(instId) ?? null;
  const ref = ctx.state.reference;
  return (ref?.ready ? ref.sim.price(instId) : null) ?? null;
}

/** When the reference of a spot instrument last moved (ms), if known. */
export function referenceAt(ctx: MarketDataCtx, instId: string): number | undefined {
  if (ctx.deps.config.marketSource === 'okx') return ctx.okxAt.get(instId);
  const ref = ctx.state.reference;
  return ref?.ready ? ref.sim.movedAt(instId) : undefined;
}
