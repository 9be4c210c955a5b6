/** One bar's arithmetic: a bar opened by a trade, a trade added to it, its candle, and bars made from trades. */
import {
  barStart,
  type CandleInterval,
  comparePriceText,
  BAR_DAY_OFFSET_MIN as DEFAULT_OFFSET_MIN,
} from '@nexa/contract';
import { addDec, type Dec, formatDec, mulDec, parseDec } from '../sim/decimal';

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

/** A bar as the series keeps it in memory. */
export interface Bar {
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

export function newBar(start: number, t: CandleTrade, price: Dec, size: Dec): Bar {
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

export function addToBar(bar: Bar, t: CandleTrade, price: Dec, size: Dec): void {
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

export function toCandle(b: Bar): Candle {
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
