import {
  barStart,
  CANDLE_INTERVALS,
  type CandleInterval,
  comparePriceText,
  BAR_DAY_OFFSET_MIN as DEFAULT_OFFSET_MIN,
} from '@nexa/contract';
import type { Bus } from '../../../kernel/bus';
import { addDec, type Dec, formatDec, isDecimalText, mulDec, parseDec } from '../sim/decimal';

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

interface Summary {
  readonly from: number;
  readonly newestTs: number;
  readonly version: number;
  oldest: Bar | null;
  high: string | null;
  low: string | null;
  vol: Dec;
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

/** The candles of every instrument and interval, kept in memory from trades; the store persists them. */
export function createCandleSeries(opts: CandleOptions = {}): CandleSeries {
  const intervals = opts.intervals ?? CANDLE_INTERVALS;
  const offsetMin = opts.offsetMin ?? DEFAULT_OFFSET_MIN;
  const keep = opts.keep ?? 1000;
  /** instId → interval → bars by start. */
  const series = new Map<string, Map<CandleInterval, Map<number, Bar>>>();
  /** Changed bars by `instId interval start`; evictions by `instId interval`. */
  let changed = new Map<string, { instId: string; interval: CandleInterval; bar: Bar }>();
  let pruned = new Map<string, { instId: string; interval: CandleInterval; before: number }>();
  /** Per `instId interval`: the newest bar's start, and a count of changes to older bars. */
  const newest = new Map<string, number>();
  const versions = new Map<string, number>();
  const bump = (key: string) => versions.set(key, (versions.get(key) ?? 0) + 1);
  /** Per `instId interval`: the sums of the bars from `from` up to (not with) the newest bar. */
  const summaries = new Map<string, Summary>();

  const barsOf = (instId: string, interval: CandleInterval): Map<number, Bar> => {
    let byInterval = series.get(instId);
    if (!byInterval) {
      byInterval = new Map();
      series.set(instId, byInterval);
    }
    let bars = byInterval.get(interval);
    if (!bars) {
      bars = new Map();
      byInterval.set(interval, bars);
    }
    return bars;
  };

  const trim = (instId: string, interval: CandleInterval, bars: Map<number, Bar>) => {
    if (bars.size <= keep) return;
    const starts = [...bars.keys()].sort((a, b) => a - b);
    const drop = starts.slice(0, starts.length - keep);
    for (const k of drop) {
      bars.delete(k);
      changed.delete(`${instId} ${interval} ${k}`);
    }
    pruned.set(`${instId} ${interval}`, { instId, interval, before: starts[drop.length] ?? 0 });
    bump(`${instId} ${interval}`);
  };

  return {
    add(instId, t) {
      const price = parseDec(t.price);
      const size = parseDec(t.size);
      for (const interval of intervals) {
        const bars = barsOf(instId, interval);
        const start = barStart(t.ts, interval, offsetMin);
        const key = `${instId} ${interval}`;
        const top = newest.get(key);
        if (top === undefined || start > top) newest.set(key, start);
        else if (start < top) bump(key);
        let bar = bars.get(start);
        if (bar) addToBar(bar, t, price, size);
        else {
          bar = newBar(start, t, price, size);
          bars.set(start, bar);
        }
        changed.set(`${instId} ${interval} ${start}`, { instId, interval, bar });
        if (bars.size > keep) trim(instId, interval, bars);
      }
    },
    bars(instId, interval, limit) {
      const bars = series.get(instId)?.get(interval);
      if (!bars) return [];
      const sorted = [...bars.values()].sort((a, b) => a.ts - b.ts);
      return (limit === undefined ? sorted : sorted.slice(-limit)).map(toCandle);
    },
    window(instId, interval, from) {
      const bars = series.get(instId)?.get(interval);
      const key = `${instId} ${interval}`;
      const newestTs = newest.get(key);
      const top = newestTs === undefined ? undefined : bars?.get(newestTs);
      if (!bars || !top || newestTs === undefined) return null;
      // The bars before the newest change only by a late trade: summed once per bar period.
      const version = versions.get(key) ?? 0;
      let c = summaries.get(key);
      if (!c || c.from !== from || c.newestTs !== newestTs || c.version !== version) {
        c = { from, newestTs, version, oldest: null, high: null, low: null, vol: { units: 0n, scale: 0 } };
        for (const b of bars.values()) {
          if (b.ts < from || b.ts >= newestTs) continue;
          if (!c.oldest || b.ts < c.oldest.ts) c.oldest = b;
          if (c.high === null || comparePriceText(b.high, c.high) > 0) c.high = b.high;
          if (c.low === null || comparePriceText(b.low, c.low) < 0) c.low = b.low;
          c.vol = addDec(c.vol, b.vol);
        }
        summaries.set(key, c);
      }
      if (top.ts < from) {
        return {
          last: top.close,
          open: c.oldest?.open ?? null,
          high: c.high,
          low: c.low,
          vol: formatDec(c.vol),
        };
      }
      return {
        last: top.close,
        open: (c.oldest ?? top).open,
        high: c.high === null || comparePriceText(top.high, c.high) > 0 ? top.high : c.high,
        low: c.low === null || comparePriceText(top.low, c.low) < 0 ? top.low : c.low,
        vol: formatDec(addDec(c.vol, top.vol)),
      };
    },
    load(instId, interval, stored) {
      const bars = barsOf(instId, interval);
      for (const b of stored) {
        bars.set(b.ts, {
          ts: b.ts,
          open: b.open,
          high: b.high,
          low: b.low,
          close: b.close,
          vol: parseDec(b.vol),
          volQuote: parseDec(b.volQuote),
          trades: b.trades,
          firstTs: b.firstTs,
          lastTs: b.lastTs,
        });
        const key = `${instId} ${interval}`;
        newest.set(key, Math.max(newest.get(key) ?? b.ts, b.ts));
      }
      bump(`${instId} ${interval}`);
      trim(instId, interval, bars);
    },
    takeChanges() {
      const out: CandleChanges = {
        bars: [...changed.values()].map(({ instId, interval, bar }) => ({
          instId,
          interval,
          bar: { ...toCandle(bar), firstTs: bar.firstTs, lastTs: bar.lastTs },
        })),
        pruned: [...pruned.values()],
      };
      changed = new Map();
      pruned = new Map();
      return out;
    },
    requeue(changes) {
      for (const { instId, interval, bar } of changes.bars) {
        const held = series.get(instId)?.get(interval)?.get(bar.ts);
        if (held) changed.set(`${instId} ${interval} ${bar.ts}`, { instId, interval, bar: held });
      }
      for (const p of changes.pruned) {
        const key = `${p.instId} ${p.interval}`;
        const newer = pruned.get(key);
        if (!newer || newer.before < p.before) pruned.set(key, p);
      }
    },
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
