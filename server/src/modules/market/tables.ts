import { CANDLE_INTERVALS } from '@nexa/contract';
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Candles of every instrument and interval, written from memory about once a second (market/candles).
 * Times are ms since the epoch: `ts` the bar's start, `first_ts` / `last_ts` the trades that set its open
 * and close. Prices and volumes are exact decimal text (reference trades can be finer than an asset's scale).
 */
export const marketCandles = pgTable(
  'market_candles',
  {
    instId: text('inst_id').notNull(),
    bar: text('bar', { enum: CANDLE_INTERVALS }).notNull(),
    ts: bigint('ts', { mode: 'number' }).notNull(),
    open: text('open').notNull(),
    high: text('high').notNull(),
    low: text('low').notNull(),
    close: text('close').notNull(),
    vol: text('vol').notNull(),
    volQuote: text('vol_quote').notNull(),
    trades: integer('trades').notNull(),
    firstTs: bigint('first_ts', { mode: 'number' }).notNull(),
    lastTs: bigint('last_ts', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instId, t.bar, t.ts] })],
);

/**
 * Per instrument, the last stored trade (`market_trades.id`) the written candles hold: at start, trades
 * after it are replayed into the candles, so a crash between a fill and the next write loses nothing.
 */
export const marketCandleMarks = pgTable('market_candle_marks', {
  instId: text('inst_id').primaryKey(),
  lastTradeId: bigint('last_trade_id', { mode: 'number' }).notNull(),
});
