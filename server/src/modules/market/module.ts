import { causeNames, formatAmount, MARKET_CAUSES, type ResponseData } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import { SYSTEM } from '../../ledger';
import { schema } from '../../store';
import { createCandleService, type TradeSource } from './candles';
import { createOkxFeed } from './feed';
import { createReferenceMarket, type MakerVenue, type ReferenceMarket, type VenueBook } from './reference';

type MarketState = ResponseData<'/admin/market/state'>;

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
function buildMarketData(
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
  /** When OKX's last ticker of each instrument arrived (ms, the platform clock). */
  const okxAt = new Map<string, number>();
  if (config.marketSource === 'okx')
    bus.subscribe('ticker', (t) => {
      okxLast.set(t.instId, t.last);
      okxAt.set(t.instId, deps.clock.now().getTime());
    });
  // With OKX as the price source, OKX's tickers are the ones published.
  const candles = createCandleService(deps, { publishTickers: config.marketSource !== 'okx' });
  let reference: ReferenceMarket | null = null;
  const okx =
    config.marketSource === 'okx'
      ? createOkxFeed({ url: config.okxWsUrl, instruments: deps.trades.instIds(), bus, log: deps.log })
      : null;
  /** When the reference of a spot instrument last moved (ms), if known. */
  function referenceAt(instId: string): number | undefined {
    if (config.marketSource === 'okx') return okxAt.get(instId);
    return reference?.sim.movedAt(instId);
  }

  /**
   * What operators watch of the markets: where reference prices come from, every book (spot and swap) with
   * its reference price and age, best prices and depth, and the demo market maker's orders and balances.
   */
  async function state(): Promise<MarketState> {
    const makerId = reference?.makerId ?? null;
    const now = deps.clock.now().getTime();
    const spot: readonly VenueBook[] = (await deps.venue.books?.(makerId)) ?? [];
    const swaps: readonly VenueBook[] = (await deps.swapVenue?.().books?.(makerId)) ?? [];
    const list = [...spot, ...swaps].map((b) => {
      const ref = b.underlying ?? b.instId;
      const at = referenceAt(ref);
      return {
        instId: b.instId,
        inst_type: b.underlying ? ('SWAP' as const) : ('SPOT' as const),
        enabled: b.enabled,
        reference: { instId: ref, price: api.indexPrice(ref), age_ms: at === undefined ? null : now - at },
        best_bid: b.bestBid,
        best_ask: b.bestAsk,
        bid_levels: b.bidLevels,
        ask_levels: b.askLevels,
        bid_orders: b.bidOrders,
        ask_orders: b.askOrders,
        maker_orders: b.userOrders,
      };
    });
    let uid: string | null = null;
    let balances: MarketState['maker']['balances'] = [];
    if (makerId !== null) {
      const [u] = await deps.store.db
        .select({ uid: schema.users.uid })
        .from(schema.users)
        .where(eq(schema.users.id, makerId));
      uid = u?.uid ?? null;
      balances = (await deps.ledger.balances(makerId)).map((b) => {
        const scale = deps.assets.get(b.asset).scale;
        return {
          asset: b.asset,
          account: b.kind,
          available: formatAmount(b.available, scale),
          frozen: formatAmount(b.frozen, scale),
        };
      });
    }
    return {
      source: config.marketSource,
      maker: {
        running: makerId !== null,
        uid,
        orders: list.reduce((n, b) => n + b.maker_orders, 0),
        balances,
      },
      list,
    };
  }

  const api = {
    candles,
    state,
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
        '/admin/market/state': () => state(),
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

// Candles replay stored trades once the books are rebuilt (their snapshots reach the live feed), and the
// reference market trades on rebuilt books.
export const marketModule = defineEntry({
  name: 'market-data',
  owns: MARKET_OWNS,
  startsAfter: ['spot', 'futures'],
  build: buildMarketData,
});
