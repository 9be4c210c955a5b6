import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { algoColumns } from '../../store/schema/algo-columns';
import { minor, ts } from '../../store/schema/columns';

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['limit', 'market'] as const;
export const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK', 'post_only'] as const;
/** new, partial_filled: resting on the book (open); filled, canceled: closed. */
export const ORDER_STATUSES = ['new', 'partial_filled', 'filled', 'canceled'] as const;
export const OPEN_ORDER_STATUSES = ['new', 'partial_filled'] as const;

/**
 * Spot orders. Units: `price` is quote minor units per whole base unit (USDT 10^-6 per 1 BTC), `size` base
 * minor units, `quote_size` / `filled_quote` / `fee` / `frozen_amount` minor units of their asset. An open
 * order's `frozen_amount` is exactly what it may still spend (see market/service/units.ts); a closed order's
 * is 0. `seq` is the arrival order: a restart rebuilds each book from its open orders in `seq` order.
 */
export const marketOrders = pgTable(
  'market_orders',
  {
    /** `ord_` + 24 hex characters. */
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    tif: text('tif', { enum: TIMES_IN_FORCE }).notNull(),
    /** Limit price; for a market order given by size, the price-protection bound it matched within. */
    price: minor('price'),
    /** Base size; null for a market buy given by quote amount. */
    size: minor('size'),
    /** Quote amount to spend, for a market buy given by quote amount. */
    quoteSize: minor('quote_size'),
    filledSize: minor('filled_size').notNull().default(sql`0`),
    filledQuote: minor('filled_quote').notNull().default(sql`0`),
    /** Fees paid so far, in the quote asset. */
    fee: minor('fee').notNull().default(sql`0`),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** user, self_trade, remainder, instrument_changed. */
    cancelReason: text('cancel_reason'),
    frozenAsset: text('frozen_asset').notNull(),
    frozenAmount: minor('frozen_amount').notNull(),
    /** Fee rates in force when the order was placed (decimal text); the order pays these. */
    makerFeeRate: text('maker_fee_rate').notNull(),
    takerFeeRate: text('taker_fee_rate').notNull(),
    requestId: text('request_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_orders_seq_key').on(t.seq),
    index('market_orders_user_idx').on(t.userId, t.seq),
    index('market_orders_open_idx').on(t.instId, t.seq).where(sql`${t.status} in ('new', 'partial_filled')`),
    check('market_orders_frozen_check', sql`${t.frozenAmount} >= 0`),
    check('market_orders_filled_check', sql`${t.filledSize} >= 0 and ${t.filledQuote} >= 0`),
  ],
);

/** One fill: always at the maker's price; both fees in the quote asset. */
export const marketTrades = pgTable(
  'market_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instId: text('inst_id').notNull(),
    price: minor('price').notNull(),
    size: minor('size').notNull(),
    /** price × size in quote minor units. */
    quote: minor('quote').notNull(),
    /** The taker's side (the side that printed the trade). */
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    makerOrderId: text('maker_order_id').notNull(),
    takerOrderId: text('taker_order_id').notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    makerFee: minor('maker_fee').notNull(),
    takerFee: minor('taker_fee').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('market_trades_inst_idx').on(t.instId, t.id),
    index('market_trades_maker_idx').on(t.makerOrderId),
    index('market_trades_taker_idx').on(t.takerOrderId),
    // The operators' dashboard sums the day's trades.
    index('market_trades_created_idx').on(t.createdAt),
  ],
);

/** Conditional orders (store/schema/algo-columns.ts): resting ones are rebuilt into the writer's triggers at start. */
export const spotAlgoOrders = pgTable('spot_algo_orders', algoColumns(), (t) => [
  uniqueIndex('spot_algo_orders_seq_key').on(t.seq),
  index('spot_algo_orders_user_idx').on(t.userId, t.seq),
  index('spot_algo_orders_live_idx').on(t.instId, t.seq).where(sql`${t.state} = 'live'`),
  check('spot_algo_orders_frozen_check', sql`${t.frozenAmount} >= 0`),
]);
