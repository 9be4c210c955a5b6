import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/**
 * Staking orders. Profit accrues for `days` platform days from `first_day` (the day after the stake): each
 * day's settlement adds `amount × apr ÷ 365` (the last day what is left of the maximum) to `accumulated`, and
 * to `received` once paid. The principal is held in the staking pool until the end or an early redemption.
 */
export const pledgeOrders = pgTable(
  'pledge_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    days: integer('days').notNull(),
    /** Yearly rate, units of 10^-8. */
    apr: bigint('apr', { mode: 'bigint' }).notNull(),
    maxProfit: minor('max_profit').notNull(),
    accumulated: minor('accumulated').notNull().default(sql`0`),
    received: minor('received').notNull().default(sql`0`),
    daysPaid: integer('days_paid').notNull().default(0),
    /** Platform day index of the first day of profit, and of the day the principal returns. */
    firstDay: integer('first_day').notNull(),
    endDay: integer('end_day').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(false),
    status: text('status', { enum: ['in_progress', 'redeemed', 'expired', 'renewed'] }).notNull(),
    renewedTo: bigint('renewed_to', { mode: 'number' }),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('pledge_orders_user_idx').on(t.userId, t.id),
    index('pledge_orders_open_idx').on(t.id).where(sql`${t.status} = 'in_progress'`),
  ],
);

/** Burn orders: the amount burned is released back, `daily` a day, until `max_release`. */
export const burnOrders = pgTable(
  'burn_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    /** Release multiple, units of 10^-8. */
    multiple: bigint('multiple', { mode: 'bigint' }).notNull(),
    maxRelease: minor('max_release').notNull(),
    daily: minor('daily').notNull(),
    released: minor('released').notNull().default(sql`0`),
    firstDay: integer('first_day').notNull(),
    status: text('status', { enum: ['releasing', 'complete'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('burn_orders_user_idx').on(t.userId, t.id),
    index('burn_orders_open_idx').on(t.id).where(sql`${t.status} = 'releasing'`),
  ],
);

/** Loans against staking orders: one open loan per order; interest counted on each started day. */
export const earnLoans = pgTable(
  'earn_loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    pledgeId: bigint('pledge_id', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    /** Daily interest rate, units of 10^-8. */
    dailyRate: bigint('daily_rate', { mode: 'bigint' }).notNull(),
    interest: minor('interest').notNull().default(sql`0`),
    status: text('status', { enum: ['open', 'repaid', 'settled'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('earn_loans_user_idx').on(t.userId, t.id),
    uniqueIndex('earn_loans_open_key').on(t.pledgeId).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Node performance: what each user's team (every descendant) staked on a staking line, per platform day. Kept in the
 * transaction of each stake for every ancestor, so leaderboards sum days instead of walking the tree.
 */
export const nodePerformance = pgTable(
  'node_performance',
  {
    /** The staking line (`main`, `neu`): each line has its own leaderboard. */
    line: text('line').notNull().default('main'),
    day: integer('day').notNull(),
    userId: integer('user_id').notNull(),
    amount: minor('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.line, t.day, t.userId] })],
);
