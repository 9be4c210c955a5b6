/**
 * Calendar months and wall-clock times of a user's time zone (an IANA name), for statements and exports:
 * a month runs from the local midnight that starts it to the one that starts the next, daylight saving
 * included. A zone this runtime does not know is refused as the request's `tz`.
 */
import { ValidationError } from './errors';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of wall-clock parts in a zone; ValidationError for a zone this runtime does not know. */
function zoneFormat(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new ValidationError('tz', 'invalid_value');
    }
    if (formats.size > 500) formats.clear();
    formats.set(tz, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as numbers. */
function wallClock(ms: number, tz: string) {
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(tz).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, tz: string): number {
  const w = wallClock(ms, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of local midnight starting the 1st of a month (month 0-based, may be 12: next year's January). */
function localMonthStart(year: number, month: number, tz: string): Date {
  const utc = Date.UTC(year, month, 1);
  const first = utc - offsetAt(utc, tz);
  return new Date(utc - offsetAt(first, tz));
}

/** A month's bounds in a zone: [from, to). */
export function monthRange(month: string, tz: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: localMonthStart(y, m - 1, tz), to: localMonthStart(y, m, tz) };
}

/** An instant as the zone's wall clock, `2026-11-30 14:05:09`. */
export function localTime(at: Date, tz: string): string {
  const w = wallClock(at.getTime(), tz);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}
