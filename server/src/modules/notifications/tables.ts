import { LANGS, NOTICE_CHANNELS, NOTICE_KINDS } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from '../../store/schema/columns';

/**
 * A user's notices: what happened (its kind, the key of its title and body in the app's dictionaries, and the
 * params that fill them, so each reads in its reader's language), when, and when it was read. `ref` names the
 * event it tells of; one notice per user and ref, however often the event is delivered.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    /** JSON object of short texts. */
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    ref: text('ref').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('notices_user_ref_key').on(t.userId, t.ref),
    index('notices_user_idx').on(t.userId, t.id),
    index('notices_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * How a user's notices reach them: the anti-phishing code their notices and emails carry, the language of their
 * emails, and the channels they turned off per kind (a kind not named has every channel). One row per user.
 */
export const noticePrefs = pgTable('notice_prefs', {
  userId: integer('user_id').primaryKey(),
  antiPhishing: text('anti_phishing'),
  lang: text('lang', { enum: LANGS }),
  /** JSON object: kind → { in_app, email, push } for the kinds the user changed. */
  channels: jsonb('channels').notNull().default(sql`'{}'::jsonb`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A device's Web Push subscription: its push service's address and the keys a message is encrypted to
 * (sealed, `kernel/seal.ts`), the language its notices are written in, for one user. One row per address.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    deviceId: text('device_id'),
    endpoint: text('endpoint').notNull(),
    /** `{p256dh, auth}` as JSON, sealed. */
    keysSealed: text('keys_sealed').notNull(),
    lang: text('lang').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One row per notice and subscription it was pushed to, written before the push is sent: a notice is pushed
 * to a device at most once, however often its delivery runs (a restart, a second instance).
 */
export const pushReceipts = pgTable(
  'push_receipts',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    /** sending (claimed), sent, gone (the service said the subscription is no more), failed. */
    status: text('status', { enum: ['sending', 'sent', 'gone', 'failed'] }).notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.subscriptionId] })],
);

/** The server's VAPID keys when no setting names them: made once, the private key sealed. One row. */
export const pushVapid = pgTable('push_vapid', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateSealed: text('private_sealed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A notice's delivery on a channel beyond the app (email; push): one row per user, event and channel, written in
 * the transaction that writes the notice, so an event replayed after a crash adds none. A sender claims a row,
 * hands it to the channel under an id derived from the row (the email's Message-ID), and marks it sent; a claim
 * left by a crash is taken again after a while, under the same id.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    channel: text('channel', { enum: NOTICE_CHANNELS }).notNull(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    ref: text('ref').notNull(),
    /** pending, sent, kept (no mail server: the log and this row keep it), failed (tries used up). */
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: ts('claimed_at'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notice_deliveries_key').on(t.userId, t.ref, t.channel),
    index('notice_deliveries_pending_idx').on(t.channel, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
