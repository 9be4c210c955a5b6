/**
 * Reading the series: the last bars of an instrument, and a window's figures (as a 24-hour ticker needs
 * them), with the bars before the newest summed once per bar period.
 */
import { type CandleInterval, comparePriceText } from '@nexa/contract';
import { addDec, formatDec } from '../sim/decimal';
import { type Candle, toCandle } from './bars';
import type { CandleWindow, SeriesState } from './series-state';

export function bars(s: SeriesState, instId: string, interval: CandleInterval, limit?: number): Candle[] {
  const held = s.series.get(instId)?.get(interval);
  if (!held) return [];
  const sorted = [...held.values()].sort((a, b) => a.ts - b.ts);
  return (limit === undefined ? sorted : sorted.slice(-limit)).map(toCandle);
}

export function window(
  s: SeriesState,
  instId: string,
  interval: CandleInterval,
  from: number,
): CandleWindow | null {
  const held = s.series.get(instId)?.get(interval);
  const key = `${instId} ${interval}`;
  const newestTs = s.newest.get(key);
  const top = newestTs === undefined ? undefined : held?.get(newestTs);
  if (!held || !top || newestTs === undefined) return null;
  // The bars before the newest change only by a late trade: summed once per bar period.
  const version = s.versions.get(key) ?? 0;
  let c = s.summaries.get(key);
  if (!c || c.from !== from || c.newestTs !== newestTs || c.version !== version) {
    c = { from, newestTs, version, oldest: null, high: null, low: null, vol: { units: 0n, scale: 0 } };
    for (const b of held.values()) {
      if (b.ts < from || b.ts >= newestTs) continue;
      if (!c.oldest || b.ts < c.oldest.ts) c.oldest = b;
      if (c.high === null || comparePriceText(b.high, c.high) > 0) c.high = b.high;
      if (c.low === null || comparePriceText(b.low, c.low) < 0) c.low = b.low;
      c.vol = addDec(c.vol, b.vol);
    }
    s.summaries.set(key, c);
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
}
