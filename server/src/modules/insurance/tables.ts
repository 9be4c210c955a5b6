import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/**
 * Loss covers. `limit` and `remaining` are losses covered (USDT minor): each covered loss takes its covered
 * part off `remaining` and pays `share` of it (units of 10^-8). Terms are copied from the settings at purchase.
 */
export const insuranceCovers = pgTable(
  'insurance_covers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    limit: minor('limit').notNull(),
    remaining: minor('remaining').notNull(),
    premium: minor('premium').notNull(),
    share: bigint('share', { mode: 'bigint' }).notNull(),
    maxLever: integer('max_lever').notNull(),
    paid: minor('paid').notNull().default(sql`0`),
    activeFrom: ts('active_from').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('insurance_covers_user_idx').on(t.userId, t.id),
    check('insurance_covers_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.limit}`),
  ],
);

/** One compensation per position (its key makes a loss pay once, whatever is redelivered). */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    coverId: bigint('cover_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['liquidation', 'stop_out'] }).notNull(),
    loss: minor('loss').notNull(),
    coveredLoss: minor('covered_loss').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: ['paid', 'queued'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('insurance_claims_position_key').on(t.positionId),
    index('insurance_claims_user_idx').on(t.userId, t.id),
    index('insurance_claims_queued_idx').on(t.id).where(sql`${t.status} = 'queued'`),
  ],
);
