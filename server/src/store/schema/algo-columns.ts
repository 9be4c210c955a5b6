/**
 * The columns of a conditional ("algo") order, the same on spot (`spot_algo_orders`) and swaps
 * (`swap_algo_orders`); each module declares its own table with them. Prices are USDT (quote) minor units per
 * whole base unit; `sz` is base minor units, quote minor units (a spot market buy) or contracts.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, text } from 'drizzle-orm/pg-core';
import { minor, ts } from './columns';

export const ALGO_ORD_TYPES = ['conditional', 'oco', 'trigger', 'move_order_stop'] as const;
export const ALGO_STATES = ['live', 'effective', 'canceled', 'order_failed'] as const;

export const algoColumns = () => ({
  /** `algo_` + 24 hex characters. */
  id: text('id').primaryKey(),
  /** Arrival order: triggers reached by one price fire in it. */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull(),
  instId: text('inst_id').notNull(),
  side: text('side', { enum: ['buy', 'sell'] }).notNull(),
  ordType: text('ord_type', { enum: ALGO_ORD_TYPES }).notNull(),
  sz: minor('sz').notNull(),
  tgtCcy: text('tgt_ccy', { enum: ['base_ccy', 'quote_ccy', 'contracts'] }).notNull(),
  triggerPx: minor('trigger_px'),
  /** Null: a market order once triggered (OKX's -1). */
  orderPx: minor('order_px'),
  tpTriggerPx: minor('tp_trigger_px'),
  tpOrdPx: minor('tp_ord_px'),
  slTriggerPx: minor('sl_trigger_px'),
  slOrdPx: minor('sl_ord_px'),
  /** Trailing stop: callback ratio (decimal text) or amount, activation price, best price since activation. */
  callbackRatio: text('callback_ratio'),
  callbackSpread: minor('callback_spread'),
  activePx: minor('active_px'),
  extremePx: minor('extreme_px'),
  /** A trigger order's direction: up fires at or above triggerPx, down at or below. */
  direction: text('direction', { enum: ['up', 'down'] }),
  triggerPxType: text('trigger_px_type', { enum: ['last', 'mark'] }).notNull(),
  reduceOnly: boolean('reduce_only').notNull().default(false),
  state: text('state', { enum: ALGO_STATES }).notNull(),
  actualSide: text('actual_side', { enum: ['tp', 'sl'] }),
  actualPx: minor('actual_px'),
  ordId: text('ord_id'),
  failCode: text('fail_code'),
  failParams: text('fail_params'),
  /** Held while it rests (spot); 0 once it left the book, and always 0 for swaps. */
  frozenAsset: text('frozen_asset').notNull(),
  frozenAmount: minor('frozen_amount').notNull().default(sql`0`),
  requestId: text('request_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  triggeredAt: ts('triggered_at'),
});
