import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/**
 * Placement rounds. Amounts of the token in its minor units; `price` is pay-asset minor units for one whole
 * token. The hard cap is issued into the round's supply when the round opens; what is unsold returns at close.
 */
export const placementRounds = pgTable('placement_rounds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  asset: text('asset').notNull(),
  payAsset: text('pay_asset').notNull(),
  price: minor('price').notNull(),
  hardCap: minor('hard_cap').notNull(),
  perUserCap: minor('per_user_cap').notNull(),
  minAmount: minor('min_amount').notNull(),
  sold: minor('sold').notNull().default(sql`0`),
  vestingMonths: integer('vesting_months').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  status: text('status', { enum: ['active', 'paused', 'closed'] }).notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Subscriptions. The tokens wait in the vesting pool; part k of `parts` unlocks on platform day
 * `first_day + 30 × (k − 1)`, paid by the rewards engine (the last part is what is left).
 */
export const placementSubscriptions = pgTable(
  'placement_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: integer('round_id').notNull(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    payAsset: text('pay_asset').notNull(),
    cost: minor('cost').notNull(),
    parts: integer('parts').notNull(),
    partsReleased: integer('parts_released').notNull().default(0),
    released: minor('released').notNull().default(sql`0`),
    firstDay: integer('first_day').notNull(),
    status: text('status', { enum: ['vesting', 'complete'] }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('placement_subscriptions_user_idx').on(t.userId, t.id),
    index('placement_subscriptions_round_idx').on(t.roundId, t.userId),
    index('placement_subscriptions_vesting_idx').on(t.firstDay).where(sql`${t.status} = 'vesting'`),
  ],
);
