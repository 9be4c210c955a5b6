import {
  barStart,
  CANDLE_INTERVALS,
  type CandleInterval,
  comparePriceText,
  BAR_DAY_OFFSET_MIN as DEFAULT_OFFSET_MIN,
} from '@nexa/contract';
import type { Bus } from '../../bus';
import { addDec, type Dec, formatDec, isDecimalText, mulDec, parseDec } from './decimal';

export type { CandleInterval } from '@nexa/contract';
export {
  BAR_DAY_OFFSET_MIN as DEFAULT_OFFSET_MIN,
  barStart,
  CANDLE_INTERVALS,
  INTERVAL_MS,
} from '@nexa/contract';

/** One bar. Prices and volumes are decimal strings, exact. */
export interface Candle {
  /** Bar start, ms since the epoch. */
  readonly ts: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** Base volume (sum of sizes). */
  readonly vol: string;
  /** Quote volume (sum of price × size). */
  readonly volQuote: string;
  readonly trades: number;
}

export interface CandleTrade {
  readonly price: string;
  readonly size: string;
  readonly ts: number;
}

interface Bar {
  ts: number;
  open: string;
  high: string;
  low: string;
  close: string;
  vol: Dec;
  volQuote: Dec;
  trades: number;
  /** Time of the trades that set open and close (late trades may arrive out of order). */
  firstTs: number;
  lastTs: number;
}

function newBar(start: number, t: CandleTrade, price: Dec, size: Dec): Bar {
  return {
    ts: start,
    open: t.price,
    high: t.price,
    low: t.price,
    close: t.price,
    vol: size,
    volQuote: mulDec(price, size),
    trades: 1,
    firstTs: t.ts,
    lastTs: t.ts,
  };
}

function addToBar(bar: Bar, t: CandleTrade, price: Dec, size: Dec): void {
  if (comparePriceText(t.price, bar.high) > 0) bar.high = t.price;
  if (comparePriceText(t.price, bar.low) < 0) bar.low = t.price;
  // Equal times keep arrival order: the later arrival closes, the earlier one opened.
  if (t.ts < bar.firstTs) {
    bar.open = t.price;
    bar.firstTs = t.ts;
  }
  if (t.ts >= bar.lastTs) {
    bar.close = t.price;
    bar.lastTs = t.ts;
  }
  bar.vol = addDec(bar.vol, size);
  bar.volQuote = addDec(bar.volQuote, mulDec(price, size));
  bar.trades++;
}

function toCandle(b: Bar): Candle {
  return {
    ts: b.ts,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    vol: formatDec(b.vol),
    volQuote: formatDec(b.volQuote),
    trades: b.trades,
  };
}

/** Pure: the bars of `interval` the trades make, oldest first (intervals without trades have none). */
export function aggregateCandles(
  trades: readonly CandleTrade[],
  interval: CandleInterval,
  offsetMin = DEFAULT_OFFSET_MIN,
): Candle[] {
  const bars = new Map<number, Bar>();
  for (const t of trades) {
    const price = parseDec(t.price);
    const size = parseDec(t.size);
    const start = barStart(t.ts, interval, offsetMin);
    const bar = bars.get(start);
    if (bar) addToBar(bar, t, price, size);
    else bars.set(start, newBar(start, t, price, size));
  }
  return [...bars.values()].sort((a, b) => a.ts - b.ts).map(toCandle);
}

export interface CandleStore {
  /** Adds one trade to every interval's bar. */
  add(instId: string, trade: CandleTrade): void;
  /** The last `limit` bars of an instrument (default all kept), oldest first. */
  bars(instId: string, interval: CandleInterval, limit?: number): Candle[];
  /** Follows `trade` events of a bus; returns the unsubscribe. */
  attach(bus: Bus): () => void;
}

export interface CandleOptions {
  readonly intervals?: readonly CandleInterval[];
  readonly offsetMin?: number;
  /** Bars kept per instrument and interval (oldest dropped first). */
  readonly keep?: number;
}

/**
 * Candles kept in memory from trades, for every interval at once. Not persisted yet: a restart
 * starts them empty (persistence, and backfill from stored trades, come with the market's store).
 */
export function createCandles(opts: CandleOptions = {}): CandleStore {
  const intervals = opts.intervals ?? CANDLE_INTERVALS;
  const offsetMin = opts.offsetMin ?? DEFAULT_OFFSET_MIN;
  const keep = opts.keep ?? 1000;
  /** instId → interval → bars by start, in insertion order (mostly time order). */
  const series = new Map<string, Map<CandleInterval, Map<number, Bar>>>();

  const add = (instId: string, t: CandleTrade) => {
    const price = parseDec(t.price);
    const size = parseDec(t.size);
    let byInterval = series.get(instId);
    if (!byInterval) {
      byInterval = new Map();
      series.set(instId, byInterval);
    }
    for (const interval of intervals) {
      let bars = byInterval.get(interval);
      if (!bars) {
        bars = new Map();
        byInterval.set(interval, bars);
      }
      const start = barStart(t.ts, interval, offsetMin);
      const bar = bars.get(start);
      if (bar) {
        addToBar(bar, t, price, size);
        continue;
      }
      bars.set(start, newBar(start, t, price, size));
      if (bars.size > keep) {
        let oldest = Number.POSITIVE_INFINITY;
        for (const k of bars.keys()) oldest = Math.min(oldest, k);
        bars.delete(oldest);
      }
    }
  };

  return {
    add,
    bars(instId, interval, limit) {
      const bars = series.get(instId)?.get(interval);
      if (!bars) return [];
      const sorted = [...bars.values()].sort((a, b) => a.ts - b.ts);
      return (limit === undefined ? sorted : sorted.slice(-limit)).map(toCandle);
    },
    attach(bus) {
      // A malformed trade is skipped here rather than thrown back at the publisher.
      return bus.subscribe('trade', (t) => {
        if (isDecimalText(t.price) && isDecimalText(t.size)) add(t.instId, t);
      });
    },
  };
}
