/** The candle intervals of spec section 9, named as OKX names its bars. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1H', '4H', '1D', '1W', '3W'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1H': HOUR_MS,
  '4H': 4 * HOUR_MS,
  '1D': DAY_MS,
  '1W': 7 * DAY_MS,
  '3W': 21 * DAY_MS,
};

/** 1970-01-05, the first Monday after the epoch: weeks (and 3-week bars) start on Mondays. */
const MONDAY_MS = 4 * DAY_MS;

/** Bars of a day and longer begin at midnight UTC+8, the platform's day boundary (and OKX's). */
export const BAR_DAY_OFFSET_MIN = 480;

/**
 * Start (ms since the epoch) of the bar of `interval` that holds `ts`. Bars of a day and longer
 * begin at local midnight of the offset given (minutes east of UTC); weeks begin on Monday.
 */
export function barStart(ts: number, interval: CandleInterval, offsetMin = BAR_DAY_OFFSET_MIN): number {
  const len = INTERVAL_MS[interval];
  const anchor = len >= DAY_MS ? (len >= INTERVAL_MS['1W'] ? MONDAY_MS : 0) - offsetMin * MINUTE_MS : 0;
  return Math.floor((ts - anchor) / len) * len + anchor;
}
