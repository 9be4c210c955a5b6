/**
 * The series and the store: stored bars put back (not changes), the changes taken to be written, and taken
 * changes reported again when they could not be.
 */
import type { CandleInterval } from '@nexa/contract';
import { parseDec } from '../sim/decimal';
import { toCandle } from './bars';
import { barsOf, bump, type CandleChanges, type SeriesState, type StoredBar, trim } from './series-state';

export function load(
  s: SeriesState,
  instId: string,
  interval: CandleInterval,
  stored: readonly StoredBar[],
): void {
  const bars = barsOf(s, instId, interval);
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
    s.newest.set(key, Math.max(s.newest.get(key) ?? b.ts, b.ts));
  }
  bump(s, `${instId} ${interval}`);
  // Stored bars come back in the store's order, after or among the bars already held.
  s.unordered.add(`${instId} ${interval}`);
  trim(s, instId, interval, bars);
}

export function takeChanges(s: SeriesState): CandleChanges {
  const out: CandleChanges = {
    bars: [...s.changed.values()].map(({ instId, interval, bar }) => ({
      instId,
      interval,
      bar: { ...toCandle(bar), firstTs: bar.firstTs, lastTs: bar.lastTs },
    })),
    pruned: [...s.pruned.values()],
  };
  s.changed = new Map();
  s.pruned = new Map();
  return out;
}

export function requeue(s: SeriesState, changes: CandleChanges): void {
  for (const { instId, interval, bar } of changes.bars) {
    const held = s.series.get(instId)?.get(interval)?.get(bar.ts);
    if (held) s.changed.set(`${instId} ${interval} ${bar.ts}`, { instId, interval, bar: held });
  }
  for (const p of changes.pruned) {
    const key = `${p.instId} ${p.interval}`;
    const newer = s.pruned.get(key);
    if (!newer || newer.before < p.before) s.pruned.set(key, p);
  }
}
