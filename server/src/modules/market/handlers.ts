/**
 * The market-data calls: a chart's candles, every instrument's ticker, where prices come from, the operators'
 * view of the markets.
 */
import type { DomainHandlers } from '../../kernel/module';
import type { MarketDataCtx } from './context';
import { marketState } from './state';

export function marketHandlers(ctx: MarketDataCtx): DomainHandlers<'market'> {
  const { candles } = ctx;
  return {
    '/v1/market/candles': async (c) =>
      candles
        .bars(c.body.instId, c.body.bar, c.body.limit)
        .map(
          (b) =>
            [b.ts, b.open, b.high, b.low, b.close, b.vol] as [number, string, string, string, string, string],
        ),
    '/v1/market/tickers': async () => ({ list: candles.tickers() }),
    // The app marks its price screens as simulated while the built-in walk sets the prices.
    '/v1/market/source': async () => ({ source: ctx.deps.config.marketSource }),
    '/admin/market/state': () => marketState(ctx),
  };
}
