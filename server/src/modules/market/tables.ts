import { CANDLE_INTERVALS, PRICE_ALERT_CONDITIONS, PRICE_ALERT_STATUSES } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../store/schema/columns';

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

/** The instruments each user starred on Markets (one row per user and instrument), in the order starred. */
export const marketFavorites = pgTable(
  'market_favorites',
  {
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    /** Rises with every star: the list's order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instId] })],
);

/**
 * Users' price alerts on an instrument (market/alerts): waiting (`active`) until the first ticker that meets
 * the condition fires it once (`fired`, with when and the figure that did), or the user cancels it. `value` is
 * exact decimal text: a price, or a percentage for the 24-hour change conditions.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    condition: text('condition', { enum: PRICE_ALERT_CONDITIONS }).notNull(),
    value: text('value').notNull(),
    status: text('status', { enum: PRICE_ALERT_STATUSES }).notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    firedAt: ts('fired_at'),
    firedValue: text('fired_value'),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_active_idx').on(t.instId).where(sql`${t.status} = 'active'`),
  ],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
