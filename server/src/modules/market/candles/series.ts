/**
 * The candle series: the public shapes of bars, changes and windows, the series of every instrument and
 * interval kept in memory from trades, and the bus follower that feeds it.
 */
import {
  CANDLE_INTERVALS,
  type CandleInterval,
  BAR_DAY_OFFSET_MIN as DEFAULT_OFFSET_MIN,
} from '@nexa/contract';
import type { Bus } from '../../../kernel/bus';
import { isDecimalText } from '../sim/decimal';
import type { Candle, CandleTrade } from './bars';
import { add } from './series-add';
import { load, requeue, takeChanges } from './series-changes';
import { bars, window } from './series-reads';
import type { CandleChanges, CandleWindow, SeriesState, StoredBar } from './series-state';

export type { CandleInterval } from '@nexa/contract';
export {
  BAR_DAY_OFFSET_MIN as DEFAULT_OFFSET_MIN,
  barStart,
  CANDLE_INTERVALS,
  INTERVAL_MS,
} from '@nexa/contract';
export { aggregateCandles, type Candle, type CandleTrade } from './bars';
export type { CandleChanges, CandleWindow, StoredBar } from './series-state';

export interface CandleSeries {
  /** Adds one trade to every interval's bar. */
  add(instId: string, trade: CandleTrade): void;
  /** The last `limit` bars of an instrument (default all kept), oldest first. */
  bars(instId: string, interval: CandleInterval, limit?: number): Candle[];
  /**
   * Figures of the bars of `interval` starting at `from` or later (the newest bar's close even when it is
   * older): null when the series has no bar at all.
   */
  window(instId: string, interval: CandleInterval, from: number): CandleWindow | null;
  /** Puts stored bars back (at start); they are not reported as changes. */
  load(instId: string, interval: CandleInterval, bars: readonly StoredBar[]): void;
  /** The bars changed since the previous call, as they are now, and what was dropped. */
  takeChanges(): CandleChanges;
  /** Reports taken changes again (they could not be written); bars dropped since stay dropped. */
  requeue(changes: CandleChanges): void;
}

export interface CandleOptions {
  readonly intervals?: readonly CandleInterval[];
  readonly offsetMin?: number;
  /** Bars kept per instrument and interval (oldest dropped first). */
  readonly keep?: number;
}

/**
 * The candles of every instrument and interval, kept in memory from trades; the store persists them.
 *
 * This function builds the series' state once (series-state.ts) and hands it to its steps: `series-add.ts`
 * (a trade added), `series-reads.ts` (bars, a window's figures) and `series-changes.ts` (load, changes taken
 * and requeued); `bars.ts` holds one bar's arithmetic.
 */
export function createCandleSeries(opts: CandleOptions = {}): CandleSeries {
  const s: SeriesState = {
    intervals: opts.intervals ?? CANDLE_INTERVALS,
    offsetMin: opts.offsetMin ?? DEFAULT_OFFSET_MIN,
    keep: opts.keep ?? 1000,
    series: new Map(),
    changed: new Map(),
    pruned: new Map(),
    newest: new Map(),
    versions: new Map(),
    summaries: new Map(),
    unordered: new Set(),
    lanes: new Map(),
  };
  return {
    add: (instId, t) => add(s, instId, t),
    bars: (instId, interval, limit) => bars(s, instId, interval, limit),
    window: (instId, interval, from) => window(s, instId, interval, from),
    load: (instId, interval, stored) => load(s, instId, interval, stored),
    takeChanges: () => takeChanges(s),
    requeue: (changes) => requeue(s, changes),
  };
}

/** Follows `trade` events of a bus into a series, skipping malformed ones; returns the unsubscribe. */
export function followTrades(
  bus: Bus,
  onTrade: (instId: string, trade: CandleTrade, tradeId: string) => void,
): () => void {
  return bus.subscribe('trade', (t) => {
    if (isDecimalText(t.price) && isDecimalText(t.size)) onTrade(t.instId, t, t.tradeId);
  });
}
