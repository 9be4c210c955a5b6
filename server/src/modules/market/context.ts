/**
 * What the market-data module's parts are handed: its dependencies, the candles, the OKX feed when it is the
 * price source (with the last ticker it saw per instrument), and the built-in reference market once started.
 * Built once by `buildMarketData` (module.ts).
 */
import type { ResponseData } from '@nexa/contract';
import type { Bus, BusEvents } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import type { Ledger } from '../../ledger';
import type { CandleService, TradeSource } from './candles';
import type { OkxFeed } from './feed';
import type { MakerVenue, ReferenceMarket } from './reference';
import type { PriceAlertRow as AlertRow } from './tables';

export type MarketState = ResponseData<'/admin/market/state'>;

export type MarketDataDeps = AppDeps & {
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
};

export interface MarketDataCtx {
  readonly deps: MarketDataDeps;
  readonly candles: CandleService;
  /** With OKX as the source, its last ticker per instrument is the reference price. */
  readonly okxLast: Map<string, string>;
  /** When OKX's last ticker of each instrument arrived (ms, the platform clock). */
  readonly okxAt: Map<string, number>;
  readonly state: {
    /**
     * OKX's public feed, when MARKET_SOURCE is okx (made at start, once spot has its instruments: made before,
     * it subscribed none and no index ever came).
     */
    okx: OkxFeed | null;
    /** The built-in reference market, when MARKET_SOURCE is sim (after start). */
    reference: ReferenceMarket | null;
  };
  /** Price alerts as the firing keeps them (alerts-fire.ts). */
  readonly alerts: {
    /** The waiting alerts by instrument and id. */
    readonly byInst: Map<string, Map<number, AlertRow>>;
    /** Alerts being fired now (a reload does not put them back meanwhile). */
    readonly firing: Set<number>;
    /** The last ticker seen of each instrument. */
    readonly lastTicker: Map<string, BusEvents['ticker']>;
    unsubscribe: (() => void) | null;
    timer: NodeJS.Timeout | null;
  };
}
