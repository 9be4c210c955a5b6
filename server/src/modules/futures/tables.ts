import { MARGIN_MODES } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { algoColumns } from '../../store/schema/algo-columns';
import { minor, ts } from '../../store/schema/columns';

export const SWAP_SIDES = ['buy', 'sell'] as const;
export const SWAP_ORDER_TYPES = ['limit', 'market'] as const;
export const SWAP_ORDER_STATUSES = ['new', 'partial_filled', 'filled', 'canceled'] as const;
export const SWAP_ORDER_SOURCES = ['user', 'tp', 'sl', 'liquidation', 'adl', 'copy', 'algo'] as const;
export const POSITION_STATUSES = ['open', 'closed'] as const;
export const POSITION_CLOSE_TYPES = ['close', 'liquidation', 'adl'] as const;

/**
 * Swap orders. `price` is USDT minor per whole underlying unit (a market order's is the bound it matched
 * within), sizes are contracts, amounts USDT minor. An open order's `hold` is what it keeps frozen in the
 * futures account (margin and fee of its open contracts); a closed order's is 0. `seq` is arrival order.
 */
export const swapOrders = pgTable(
  'swap_orders',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    side: text('side', { enum: SWAP_SIDES }).notNull(),
    type: text('type', { enum: SWAP_ORDER_TYPES }).notNull(),
    tif: text('tif').notNull(),
    price: minor('price').notNull(),
    size: minor('size').notNull(),
    filledSize: minor('filled_size').notNull().default(sql`0`),
    filledValue: minor('filled_value').notNull().default(sql`0`),
    fee: minor('fee').notNull().default(sql`0`),
    pnl: minor('pnl').notNull().default(sql`0`),
    hold: minor('hold').notNull().default(sql`0`),
    lever: integer('lever').notNull(),
    reduceOnly: boolean('reduce_only').notNull().default(false),
    source: text('source', { enum: SWAP_ORDER_SOURCES }).notNull().default('user'),
    status: text('status', { enum: SWAP_ORDER_STATUSES }).notNull(),
    cancelReason: text('cancel_reason'),
    makerFeeRate: text('maker_fee_rate').notNull(),
    takerFeeRate: text('taker_fee_rate').notNull(),
    requestId: text('request_id'),
    /** Take-profit and stop-loss (mark, USDT minor) the order sets on its position when it fills. */
    tpPrice: minor('tp_price'),
    slPrice: minor('sl_price'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('swap_orders_seq_key').on(t.seq),
    index('swap_orders_user_idx').on(t.userId, t.seq),
    index('swap_orders_open_idx').on(t.instId, t.seq).where(sql`${t.status} in ('new', 'partial_filled')`),
    check('swap_orders_hold_check', sql`${t.hold} >= 0`),
  ],
);

/** One fill between two orders, at the maker's price (or, for auto-deleveraging, the bankruptcy price). */
export const swapTrades = pgTable(
  'swap_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instId: text('inst_id').notNull(),
    price: minor('price').notNull(),
    size: minor('size').notNull(),
    value: minor('value').notNull(),
    side: text('side', { enum: SWAP_SIDES }).notNull(),
    makerOrderId: text('maker_order_id').notNull(),
    takerOrderId: text('taker_order_id').notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    makerFee: minor('maker_fee').notNull(),
    takerFee: minor('taker_fee').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('swap_trades_inst_idx').on(t.instId, t.id),
    // The operators' dashboard sums the day's trades.
    index('swap_trades_created_idx').on(t.createdAt),
  ],
);

/**
 * Positions, net mode: at most one open per (user, contract). `size` is signed contracts (long > 0), `entry`
 * the exact entry value of the open contracts, `margin` the isolated margin (USDT minor). A position that
 * reaches zero is closed and kept as history with what it made.
 */
export const swapPositions = pgTable(
  'swap_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    status: text('status', { enum: POSITION_STATUSES }).notNull(),
    /** The side it was opened on; kept when it closes. */
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    size: minor('size').notNull(),
    entry: minor('entry').notNull(),
    margin: minor('margin').notNull(),
    lever: integer('lever').notNull(),
    mgnMode: text('mgn_mode', { enum: MARGIN_MODES }).notNull().default('isolated'),
    maxSize: minor('max_size').notNull(),
    /** Σ value of every open fill and of every close fill: the open and close averages. */
    openValue: minor('open_value').notNull(),
    openSize: minor('open_size').notNull(),
    closeValue: minor('close_value').notNull(),
    closeSize: minor('close_size').notNull(),
    realized: minor('realized').notNull(),
    fee: minor('fee').notNull(),
    /** Funding received (positive) or paid (negative). */
    funding: minor('funding').notNull(),
    /** Equity a liquidation left that went to the insurance fund (the owner's loss beyond realized PnL). */
    forfeit: minor('forfeit').notNull().default(sql`0`),
    tpPrice: minor('tp_price'),
    slPrice: minor('sl_price'),
    closeType: text('close_type', { enum: POSITION_CLOSE_TYPES }),
    openedAt: ts('opened_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('swap_positions_open_key').on(t.userId, t.instId).where(sql`${t.status} = 'open'`),
    index('swap_positions_inst_idx').on(t.instId).where(sql`${t.status} = 'open'`),
    index('swap_positions_user_idx').on(t.userId, t.id),
    check('swap_positions_margin_check', sql`${t.margin} >= 0`),
  ],
);

/** The leverage and margin mode a user chose per contract (the next position opens at them). */
export const swapLevers = pgTable(
  'swap_levers',
  {
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    lever: integer('lever').notNull(),
    mgnMode: text('mgn_mode', { enum: MARGIN_MODES }).notNull().default('isolated'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instId] })],
);

/** One funding settlement per (contract, time): its key makes a settlement happen exactly once. */
export const swapFundings = pgTable(
  'swap_fundings',
  {
    instId: text('inst_id').notNull(),
    /** Milliseconds since the epoch of the settlement. */
    fundingTime: bigint('funding_time', { mode: 'number' }).notNull(),
    /** Units of 10^-8. */
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    markPrice: minor('mark_price').notNull(),
    settledAt: ts('settled_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instId, t.fundingTime] })],
);

/** What each position paid (negative) or received at a settlement. */
export const swapFundingPayments = pgTable(
  'swap_funding_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    fundingTime: bigint('funding_time', { mode: 'number' }).notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    size: minor('size').notNull(),
    amount: minor('amount').notNull(),
  },
  (t) => [
    index('swap_funding_payments_user_idx').on(t.userId, t.id),
    uniqueIndex('swap_funding_payments_key').on(t.positionId, t.fundingTime),
  ],
);

/** Conditional orders (store/schema/algo-columns.ts): resting ones are rebuilt into the writer's triggers at start. */
export const swapAlgoOrders = pgTable('swap_algo_orders', algoColumns(), (t) => [
  uniqueIndex('swap_algo_orders_seq_key').on(t.seq),
  index('swap_algo_orders_user_idx').on(t.userId, t.seq),
  index('swap_algo_orders_live_idx').on(t.instId, t.seq).where(sql`${t.state} = 'live'`),
  check('swap_algo_orders_frozen_check', sql`${t.frozenAmount} >= 0`),
]);
