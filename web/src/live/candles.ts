import { barStart, type CandleInterval } from '@nexa/contract';
import type { Tick } from './market-store';

export {
  BAR_DAY_OFFSET_MIN,
  barStart,
  CANDLE_INTERVALS,
  type CandleInterval,
  INTERVAL_MS,
} from '@nexa/contract';

/** A bar for the chart. Prices become numbers only here, for drawing. */
export interface Bar {
  /** Bar start in ms since the epoch. */
  readonly start: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Base volume traded in the bar (rises of the 24 h volume between ticks). */
  readonly volume: number;
}

/**
 * Bars of `interval` from the prices seen on the ticker stream, oldest first: what carries the
 * server's candles (`/v1/market/candles`) forward between two fetches.
 */
export function buildBars(ticks: readonly Tick[], interval: CandleInterval): Bar[] {
  const bars: Bar[] = [];
  let prevVol: number | null = null;
  for (const t of ticks) {
    const px = Number(t.px);
    if (!Number.isFinite(px)) continue;
    const vol = Number(t.vol24h);
    const traded = prevVol !== null && Number.isFinite(vol) && vol > prevVol ? vol - prevVol : 0;
    if (Number.isFinite(vol)) prevVol = vol;
    const start = barStart(t.ts, interval);
    const last = bars[bars.length - 1];
    if (last && last.start === start) {
      bars[bars.length - 1] = {
        start,
        open: last.open,
        high: Math.max(last.high, px),
        low: Math.min(last.low, px),
        close: px,
        volume: last.volume + traded,
      };
    } else {
      // A bar opens at its first price, as the exchanges' bars do.
      bars.push({ start, open: px, high: px, low: px, close: px, volume: traded });
    }
  }
  return bars;
}

/** A candle of `/v1/market/candles`: [open time ms, open, high, low, close, volume]. */
export type CandleRow = readonly [number, string, string, string, string, string];

/** The call's candles as chart bars (oldest first); rows that are not numbers are skipped. */
export function barsFromCandles(rows: readonly CandleRow[]): Bar[] {
  const bars: Bar[] = [];
  for (const [start, o, h, l, c, v] of rows) {
    const bar = {
      start,
      open: Number(o),
      high: Number(h),
      low: Number(l),
      close: Number(c),
      volume: Number(v),
    };
    if ([bar.open, bar.high, bar.low, bar.close].every(Number.isFinite)) {
      bars.push({ ...bar, volume: Number.isFinite(bar.volume) ? bar.volume : 0 });
    }
  }
  return bars;
}

/**
 * The server's bars, carried forward by the prices seen live since: the server's last bar takes the
 * live high, low and close of the same period (its volume stays the server's), and later live bars
 * follow it. Live bars older than the server's last are ignored: the server's history is the truth.
 */
export function mergeBars(history: readonly Bar[], live: readonly Bar[]): Bar[] {
  const out = [...history];
  const lastStart = history[history.length - 1]?.start ?? Number.NEGATIVE_INFINITY;
  for (const bar of live) {
    if (bar.start < lastStart) continue;
    if (bar.start > lastStart) {
      out.push(bar);
      continue;
    }
    const last = out[out.length - 1];
    if (!last) continue;
    out[out.length - 1] = {
      start: last.start,
      open: last.open,
      high: Math.max(last.high, bar.high),
      low: Math.min(last.low, bar.low),
      close: bar.close,
      volume: last.volume,
    };
  }
  return out;
}
