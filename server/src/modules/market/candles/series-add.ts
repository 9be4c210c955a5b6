/** One trade added to its bar in every interval (a late trade to an older bar bumps the series' version). */
import { barStart } from '@nexa/contract';
import { parseDec } from '../sim/decimal';
import { addToBar, type CandleTrade, newBar } from './bars';
import { barsOf, bump, type SeriesState, trim } from './series-state';

export function add(s: SeriesState, instId: string, t: CandleTrade): void {
  const price = parseDec(t.price);
  const size = parseDec(t.size);
  for (const interval of s.intervals) {
    const bars = barsOf(s, instId, interval);
    const start = barStart(t.ts, interval, s.offsetMin);
    const key = `${instId} ${interval}`;
    const top = s.newest.get(key);
    if (top === undefined || start > top) s.newest.set(key, start);
    else if (start < top) bump(s, key);
    let bar = bars.get(start);
    if (bar) addToBar(bar, t, price, size);
    else {
      bar = newBar(start, t, price, size);
      bars.set(start, bar);
    }
    s.changed.set(`${instId} ${interval} ${start}`, { instId, interval, bar });
    if (bars.size > s.keep) trim(s, instId, interval, bars);
  }
}
