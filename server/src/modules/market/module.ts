import { causeNames, MARKET_CAUSES } from '@nexa/contract';
import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import { defineModule, type ModuleOwnership } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import { SYSTEM } from '../../ledger';
import { createCandleService, type TradeSource } from './candles';
import { createOkxFeed } from './feed';
import { createReferenceMarket, type MakerVenue, type ReferenceMarket } from './reference';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const MARKET_OWNS: ModuleOwnership = {
  causes: causeNames(MARKET_CAUSES),
  systemAccounts: [SYSTEM.capital('demo_market_maker')],
  publishes: ['book.update', 'book.snapshot', 'trade', 'ticker'],
};

/**
 * Market data: candles and tickers of every instrument, and where reference prices come from (the built-in
 * walk with the demo's market maker, or OKX's public feed).
 */
export function marketModule(
  deps: AppDeps & {
    readonly ledger: Ledger;
    readonly bus: Bus;
    /** The platform's stored trades (the spot market). */
    readonly trades: TradeSource & { instIds(): string[] };
    /** The books the demo's market maker quotes on (the spot market). */
    readonly venue: MakerVenue;
    /** Where the reference walk starts (the wallet's reference prices in USDT). */
    readonly referencePrices: () => Promise<Readonly<Record<string, string>>>;
    /** The swap books the demo's market maker also quotes (around their underlying's reference price). */
    readonly swapVenue?: () => MakerVenue;
  },
) {
  const { config, bus } = deps;
  // With OKX as the source, its last ticker per instrument is the reference price.
  const okxLast = new Map<string, string>();
  if (config.marketSource === 'okx') bus.subscribe('ticker', (t) => okxLast.set(t.instId, t.last));
  // With OKX as the price source, OKX's tickers are the ones published.
  const candles = createCandleService(deps, { publishTickers: config.marketSource !== 'okx' });
  let reference: ReferenceMarket | null = null;
  const okx =
    config.marketSource === 'okx'
      ? createOkxFeed({ url: config.okxWsUrl, instruments: deps.trades.instIds(), bus, log: deps.log })
      : null;
  const api = {
    candles,
    /** The built-in reference market, when MARKET_SOURCE is sim (after start). */
    get reference(): ReferenceMarket | null {
      return reference;
    },
    /**
     * The reference price of a spot instrument — the walk's, or OKX's last — never the platform's own book, so
     * no trade on the platform moves it: the index every swap is marked against. Null before there is one.
     */
    indexPrice(instId: string): string | null {
      if (config.marketSource === 'okx') return okxLast.get(instId) ?? null;
      return reference?.sim.price(instId) ?? null;
    },
  };
  return {
    api,
    module: defineModule({
      domains: ['market'],
      owns: MARKET_OWNS,
      handlers: {
        '/v1/market/candles': async (ctx) =>
          candles
            .bars(ctx.body.instId, ctx.body.bar, ctx.body.limit)
            .map(
              (c) =>
                [c.ts, c.open, c.high, c.low, c.close, c.vol] as [
                  number,
                  string,
                  string,
                  string,
                  string,
                  string,
                ],
            ),
        '/v1/market/tickers': async () => ({ list: candles.tickers() }),
      },
      async start() {
        // Candles read back what they kept and replay stored trades after it before anything new trades.
        await candles.start();
        if (config.marketSource === 'sim') {
          reference = createReferenceMarket(
            { ...deps, market: deps.venue, swaps: deps.swapVenue?.() },
            {
              stepMs: config.simStepMs,
              maker: config.seedDemo,
              lastPrice: candles.lastClose,
              // A first start of the demo walks three days of past, so every chart has a history.
              history: config.seedDemo ? { ms: 3 * 24 * 3_600_000, record: candles.record } : undefined,
            },
          );
          await reference.start();
        }
        okx?.start();
      },
      async close() {
        reference?.stop();
        okx?.stop();
        await candles.close();
      },
    }),
  };
}
