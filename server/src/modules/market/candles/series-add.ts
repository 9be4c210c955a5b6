/** One trade added to its bar in every interval (a late trade to an older bar bumps the series' version). */
import { barStart } from '@nexa/contract';
import { parseDec } from '../sim/decimal';
import { addToBar, type CandleTrade, newBar } from './bars';
import { barsOf, bump, type SeriesState, trim } from './series-state';

/** An instrument's series, one per interval, with their keys (made once: a trade touches every one). */
function lanesOf(s: SeriesState, instId: string) {
  let lanes = s.lanes.get(instId);
  if (!lanes) {
    lanes = s.intervals.map((interval) => ({
      interval,
      key: `${instId} ${interval}`,
      bars: barsOf(s, instId, interval),
    }));
    s.lanes.set(instId, lanes);
  }
  return lanes;
}

export function add(s: SeriesState, instId: string, t: CandleTrade): void {
  const price = parseDec(t.price);
  const size = parseDec(t.size);
  for (const { interval, key, bars } of lanesOf(s, instId)) {
    const start = barStart(t.ts, interval, s.offsetMin);
    const top = s.newest.get(key);
    if (top === undefined || start > top) s.newest.set(key, start);
    else if (start < top) bump(s, key);
    let bar = bars.get(start);
    if (bar) addToBar(bar, t, price, size);
    else {
      bar = newBar(start, t, price, size);
      // A bar opened before the newest one breaks the oldest-first order trimming counts on.
      if (top !== undefined && start < top) s.unordered.add(key);
      bars.set(start, bar);
    }
    s.changed.set(`${key} ${start}`, { instId, interval, bar });
    if (bars.size > s.keep) trim(s, instId, interval, bars);
  }
}
