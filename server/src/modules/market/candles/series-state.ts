/**
 * What the candle series' steps are handed: its options and the bars in memory with their bookkeeping (bars
 * changed and pruned since they were last taken, each series' newest bar and version, the ticker window's
 * cached sums). Built once by `createCandleSeries`; also the shapes the series hands out (a stored bar, the
 * changes, a window) and the steps they share (a series' bars, a version bumped, a series trimmed to what it
 * keeps).
 */
import type { CandleInterval } from '@nexa/contract';
import type { Dec } from '../sim/decimal';
import type { Bar, Candle } from './bars';

/** A bar as kept in the store: the candle plus the times of the trades that set its open and close. */
export interface StoredBar extends Candle {
  readonly firstTs: number;
  readonly lastTs: number;
}

/** What changed since the last `takeChanges`: bars to write and, per series, where kept history now begins. */
export interface CandleChanges {
  readonly bars: readonly { instId: string; interval: CandleInterval; bar: StoredBar }[];
  /** Bars older than `before` fell out of memory; the store may drop them too. */
  readonly pruned: readonly { instId: string; interval: CandleInterval; before: number }[];
}

/** A summary of consecutive bars, as a 24-hour ticker needs it. */
export interface CandleWindow {
  /** Close of the newest bar. */
  readonly last: string;
  /** Open of the oldest bar in the window, and the window's extremes; null when no bar is in it. */
  readonly open: string | null;
  readonly high: string | null;
  readonly low: string | null;
  /** Base volume of the window. */
  readonly vol: string;
}

/** The sums of a series' bars from `from` up to (not with) the newest bar. */
export interface Summary {
  readonly from: number;
  readonly newestTs: number;
  readonly version: number;
  oldest: Bar | null;
  high: string | null;
  low: string | null;
  vol: Dec;
}

export interface SeriesState {
  readonly intervals: readonly CandleInterval[];
  readonly offsetMin: number;
  /** Bars kept per instrument and interval. */
  readonly keep: number;
  /** instId → interval → bars by start. */
  readonly series: Map<string, Map<CandleInterval, Map<number, Bar>>>;
  /** Changed bars by `instId interval start`; evictions by `instId interval` (both replaced when taken). */
  changed: Map<string, { instId: string; interval: CandleInterval; bar: Bar }>;
  pruned: Map<string, { instId: string; interval: CandleInterval; before: number }>;
  /** Per `instId interval`: the newest bar's start, and a count of changes to older bars. */
  readonly newest: Map<string, number>;
  readonly versions: Map<string, number>;
  /** Per `instId interval`: the sums of the bars from `from` up to (not with) the newest bar. */
  readonly summaries: Map<string, Summary>;
  /**
   * Series whose bars are not held oldest first (a bar opened before the newest, or stored bars put back):
   * the others are, since a new bar is otherwise always the newest, so trimming drops their first bars.
   */
  readonly unordered: Set<string>;
  /** Per instrument: its series of every interval with their keys, as a trade adds to them. */
  readonly lanes: Map<string, readonly { interval: CandleInterval; key: string; bars: Map<number, Bar> }[]>;
}

export const bump = (s: SeriesState, key: string) => s.versions.set(key, (s.versions.get(key) ?? 0) + 1);

/** The bars of one instrument and interval (an empty series made on first use). */
export function barsOf(s: SeriesState, instId: string, interval: CandleInterval): Map<number, Bar> {
  let byInterval = s.series.get(instId);
  if (!byInterval) {
    byInterval = new Map();
    s.series.set(instId, byInterval);
  }
  let bars = byInterval.get(interval);
  if (!bars) {
    bars = new Map();
    byInterval.set(interval, bars);
  }
  return bars;
}

/**
 * Drops the oldest bars beyond what the series keeps, and notes where kept history now begins. A series held
 * oldest first drops its first bars (a new bar each period costs no sort); one that is not is put in order
 * first, once.
 */
export function trim(s: SeriesState, instId: string, interval: CandleInterval, bars: Map<number, Bar>): void {
  if (bars.size <= s.keep) return;
  const key = `${instId} ${interval}`;
  if (s.unordered.has(key)) {
    const sorted = [...bars.values()].sort((a, b) => a.ts - b.ts);
    bars.clear();
    for (const b of sorted) bars.set(b.ts, b);
    s.unordered.delete(key);
  }
  let excess = bars.size - s.keep;
  for (const k of bars.keys()) {
    if (excess-- <= 0) break;
    bars.delete(k);
    s.changed.delete(`${key} ${k}`);
  }
  const [first] = bars.keys();
  s.pruned.set(key, { instId, interval, before: first ?? 0 });
  bump(s, key);
}
