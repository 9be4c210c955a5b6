import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Events that move money in reaction to other events (a reward on a fill, a copy of a lead's order, a
 * payout on a liquidation), written in the same transaction as the posting that caused them, so a crash
 * between commit and delivery loses none.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    /** JSON text, so no driver reads a string that looks like a number as one. */
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    /** Set once every consumer of the topic has handled it. */
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('outbox_events_pending_idx').on(t.id).where(sql`${t.deliveredAt} is null`)],
);

/** A consumer's receipt for an event, written in the transaction of its effects: each event acts once. */
export const outboxReceipts = pgTable(
  'outbox_receipts',
  {
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    handledAt: ts('handled_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
);
