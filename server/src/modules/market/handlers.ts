/**
 * The market-data calls: a chart's candles, every instrument's ticker, where prices come from, the user's
 * favourites, the operators' view of the markets.
 */
import type { DomainHandlers } from '../../kernel/module';
import { alerts, cancelAlert, setAlert } from './alerts';
import type { MarketDataCtx } from './context';
import { favorites, setFavorite } from './favorites';
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
    '/v1/market/favorites': (c) => favorites(ctx, c.me().id),
    '/v1/market/setFavorite': (c) => setFavorite(ctx, c.me().id, c.body.instId, c.body.on),
    '/v1/market/alerts': (c) => alerts(ctx, c.me().id),
    '/v1/market/setAlert': (c) => setAlert(ctx, c.me().id, c.body),
    '/v1/market/cancelAlert': (c) => cancelAlert(ctx, c.me().id, c.body.id),
    '/admin/market/state': () => marketState(ctx),
  };
}
