import { causeNames, MARKET_CAUSES } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { SYSTEM } from '../../ledger';
import { createCandleService } from './candles';
import type { MarketDataCtx, MarketDataDeps } from './context';
import { marketHandlers } from './handlers';
import { indexPrice } from './prices';
import type { ReferenceMarket } from './reference';
import { close, start } from './start';
import { marketState } from './state';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const MARKET_OWNS: ModuleOwnership = {
  causes: causeNames(MARKET_CAUSES),
  systemAccounts: [SYSTEM.capital('demo_market_maker')],
  publishes: ['book.update', 'book.snapshot', 'trade', 'ticker'],
};

/**
 * Market data: candles and tickers of every instrument, and where reference prices come from (the built-in
 * walk with the demo's market maker, or OKX's public feed).
 *
 * This function assembles the module's context once (context.ts) and hands it to its parts: `handlers.ts`
 * (the calls), `state.ts` (what operators watch of the markets), `prices.ts` (the index and its age) and
 * `start.ts`. The candles (`candles/`), OKX's feed (`feed/`) and the reference market (`reference/`) are
 * services of their own.
 */
function buildMarketData(deps: MarketDataDeps) {
  const { config, bus } = deps;
  const ctx: MarketDataCtx = {
    deps,
    // With OKX as the price source, OKX's tickers are the ones published.
    candles: createCandleService(deps, { publishTickers: config.marketSource !== 'okx' }),
    okxLast: new Map(),
    okxAt: new Map(),
    state: { okx: null, reference: null },
    alerts: { byInst: new Map(), firing: new Set(), lastTicker: new Map(), unsubscribe: null, timer: null },
  };
  if (config.marketSource === 'okx')
    bus.subscribe('ticker', (t) => {
      ctx.okxLast.set(t.instId, t.last);
      ctx.okxAt.set(t.instId, deps.clock.now().getTime());
    });

  const api = {
    candles: ctx.candles,
    state: () => marketState(ctx),
    /** The built-in reference market, when MARKET_SOURCE is sim (after start). */
    get reference(): ReferenceMarket | null {
      return ctx.state.reference;
    },
    /**
     * The reference price of a spot instrument — the walk's, or OKX's last — never the platform's own book, so
     * no trade on the platform moves it: the index every swap is marked against. Null before there is one.
     */
    indexPrice: (instId: string): string | null => indexPrice(ctx, instId),
  };
  return {
    api,
    module: defineModule({
      domains: ['market'],
      handlers: marketHandlers(ctx),
      start: () => start(ctx),
      close: () => close(ctx),
    }),
  };
}

// Candles replay stored trades once the books are rebuilt (their snapshots reach the live feed), and the
// reference market trades on rebuilt books.
export const marketModule = defineEntry({
  name: 'market-data',
  owns: MARKET_OWNS,
  startsAfter: ['spot', 'futures'],
  build: buildMarketData,
});
