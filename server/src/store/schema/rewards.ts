import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { minor, ts } from './columns';

/**
 * One settlement of a rewards program for one period (a platform day). The row is the lease: a runner takes
 * it while it is not done and its lease has lapsed, and moves `cursor` (the last position id paid) forward in
 * each batch's transaction, so a run cut short by a crash resumes where its last batch committed.
 */
export const rewardRuns = pgTable(
  'reward_runs',
  {
    program: text('program').notNull(),
    period: integer('period').notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    leasedUntil: ts('leased_until').notNull(),
    paid: minor('paid').notNull().default(sql`0`),
    queued: minor('queued').notNull().default(sql`0`),
    positions: integer('positions').notNull().default(0),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('reward_runs_key').on(t.program, t.period)],
);

/** What one position earned in one period: paid, or queued while the program's pool is short. Once each. */
export const rewardPayouts = pgTable(
  'reward_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program: text('program').notNull(),
    period: integer('period').notNull(),
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: ['paid', 'queued'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('reward_payouts_key').on(t.program, t.positionId, t.period),
    index('reward_payouts_user_idx').on(t.userId, t.id),
    index('reward_payouts_queued_idx').on(t.program, t.id).where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * A settled day of a shared-emission program (mining output, NFT pool budgets, liquidity rewards): the day's
 * budget and the sum of every share's weight, fixed once with the shares (so a resumed run pays from the same
 * figures).
 */
export const emissionDays = pgTable(
  'emission_days',
  {
    program: text('program').notNull(),
    day: integer('day').notNull(),
    asset: text('asset').notNull(),
    emission: minor('emission').notNull(),
    total: minor('total').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('emission_days_key').on(t.program, t.day)],
);

/** Each user's weight in a shared-emission program on a settled day: the positions the engine pays. */
export const emissionShares = pgTable(
  'emission_shares',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program: text('program').notNull(),
    day: integer('day').notNull(),
    userId: integer('user_id').notNull(),
    weight: minor('weight').notNull(),
  },
  (t) => [
    uniqueIndex('emission_shares_key').on(t.program, t.day, t.userId),
    // The engine pays a day's shares in id order, a batch at a time.
    index('emission_shares_day_idx').on(t.program, t.day, t.id),
    index('emission_shares_user_idx').on(t.userId, t.id),
  ],
);
