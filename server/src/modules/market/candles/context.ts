/**
 * What the candle service's steps are handed: its dependencies and options, the series in memory, the
 * trade marks (held and written), the tickers published and due, and what it holds while running (the
 * instruments it charts, the bus subscriptions, the write timer and the write in flight). Built once by
 * `createCandleService`.
 */
import type { ResponseData } from '@nexa/contract';
import type { Bus, BusEvents } from '../../../kernel/bus';
import type { AppDeps } from '../../../kernel/context';
import type { CandleInterval, CandleSeries } from './series';

/** Where the candles read the platform's stored trades from (the market service). */
export interface TradeSource {
  instIds(): string[];
  tradesAfter(instId: string, afterId: number, limit: number): Promise<BusEvents['trade'][]>;
}

export type TickerView = ResponseData<'/v1/market/tickers'>['list'][number];

export type CandleDeps = Pick<AppDeps, 'store' | 'log' | 'clock'> & { bus: Bus; trades: TradeSource };

export interface CandleCtx {
  readonly store: CandleDeps['store'];
  readonly log: CandleDeps['log'];
  readonly clock: CandleDeps['clock'];
  readonly bus: Bus;
  readonly trades: TradeSource;
  /** Bars kept per instrument and interval. */
  readonly keep: number;
  readonly intervals: readonly CandleInterval[];
  /** False when another price source (OKX) publishes the tickers. */
  readonly publishTickers: boolean;
  /** How often changed bars are written (ms); 0: only on flush. */
  readonly flushMs: number | undefined;
  readonly series: CandleSeries;
  /** instId → last platform trade id held by the bars in memory. */
  readonly marks: Map<string, number>;
  /** instId → last platform trade id held by the bars written. */
  readonly written: Map<string, number>;
  /** The newest ticker published per instrument (by this service or another price source). */
  readonly published: Map<string, BusEvents['ticker']>;
  /** Instruments whose ticker is due once the trades of the current turn are in. */
  readonly due: Set<string>;
  readonly state: {
    /** The market's instruments: trades of anything else on the bus are not ours to chart. */
    known: Set<string>;
    detach: (() => void) | null;
    timer: NodeJS.Timeout | null;
    /** The write in flight: writes are serial. */
    writing: Promise<void>;
    /** Writes wait while the demo's past is walked (its early bars fall out of memory before the end). */
    held: boolean;
  };
}
