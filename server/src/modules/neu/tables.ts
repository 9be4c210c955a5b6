import { bigint, bigserial, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/** SPA quota exchanged for NEU: the SPA spent, the NEU paid from the line's fund, at the rate of the moment. */
export const neuSpaExchanges = pgTable(
  'neu_spa_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    spa: minor('spa').notNull(),
    neu: minor('neu').notNull(),
    /** NEU per SPA, units of 10^-8. */
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('neu_spa_exchanges_user_idx').on(t.userId, t.id)],
);
