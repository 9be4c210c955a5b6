import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/**
 * The machine catalogue of each mining line. Power is in units of 10^-4 T; price in minor units of the pay
 * asset. `stock` null: unlimited.
 */
export const miningMachines = pgTable(
  'mining_machines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    line: text('line').notNull(),
    name: text('name').notNull(),
    payAsset: text('pay_asset').notNull(),
    price: minor('price').notNull(),
    power: minor('power').notNull(),
    bonusPower: minor('bonus_power').notNull().default(sql`0`),
    termDays: integer('term_days').notNull(),
    stock: integer('stock'),
    sold: integer('sold').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['active', 'paused', 'closed'] }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('mining_machines_line_idx').on(t.line, t.sort, t.id)],
);

/**
 * Machine orders. An order's power (and bonus) counts for the days `first_day` ≤ d < `end_day` (platform day
 * indexes): from the day after the purchase, for the machine's term.
 */
export const miningOrders = pgTable(
  'mining_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    line: text('line').notNull(),
    userId: integer('user_id').notNull(),
    machineId: integer('machine_id').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    payAsset: text('pay_asset').notNull(),
    amount: minor('amount').notNull(),
    power: minor('power').notNull(),
    bonusPower: minor('bonus_power').notNull(),
    termDays: integer('term_days').notNull(),
    firstDay: integer('first_day').notNull(),
    endDay: integer('end_day').notNull(),
    /** Output paid on the order: its part (by power) of each day's payout to its owner. */
    output: minor('output').notNull().default(sql`0`),
    status: text('status', { enum: ['running', 'expired'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('mining_orders_user_idx').on(t.userId, t.id),
    index('mining_orders_running_idx').on(t.line, t.endDay).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Kept hash-power aggregates per line and user, updated in the transaction of every purchase and every
 * ended order: own power (base, bonus), all ever bought (cumulative), direct referrals' personal power
 * (direct_sum) and the whole downline's (team). Figures are read from here, never by walking the tree.
 */
export const miningPower = pgTable(
  'mining_power',
  {
    line: text('line').notNull(),
    userId: integer('user_id').notNull(),
    base: minor('base').notNull().default(sql`0`),
    bonus: minor('bonus').notNull().default(sql`0`),
    cumulative: minor('cumulative').notNull().default(sql`0`),
    directSum: minor('direct_sum').notNull().default(sql`0`),
    team: minor('team').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.line, t.userId] })],
);

/** Hash-power records: what a purchase or an ended order changed, per kind. */
export const miningPowerLog = pgTable(
  'mining_power_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    line: text('line').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['base', 'bonus', 'direct'] }).notNull(),
    change: minor('change').notNull(),
    reason: text('reason', { enum: ['buy', 'expire'] }).notNull(),
    orderId: integer('order_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('mining_power_log_user_idx').on(t.userId, t.id)],
);
