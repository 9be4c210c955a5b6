import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { minor, ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public short id shown to users. */
    uid: text('uid').notNull(),
    /** Lowercase 0x address. */
    address: text('address').notNull(),
    inviteCode: text('invite_code').notNull(),
    parentId: integer('parent_id'),
    /** Depth in the referral tree; roots are 0. */
    depth: integer('depth').notNull().default(0),
    level: smallint('level').notNull().default(0),
    email: text('email'),
    /** Total staked or bought, USDT minor units (a referral is valid at 100 USDT). */
    volumeMinor: text('volume_minor').notNull().default('0'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set while an operator holds the account: no sign-in, no session. */
    frozenAt: ts('frozen_at'),
    frozenReason: text('frozen_reason'),
  },
  (t) => [
    uniqueIndex('users_uid_key').on(t.uid),
    uniqueIndex('users_address_key').on(t.address),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_parent_idx').on(t.parentId, t.id),
    // Operator search by email, exact or by its start, whatever the case.
    index('users_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    // An address binds one account.
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt),
  ],
);

/** Operators' notes on a user: kept as written, never edited or removed. */
export const userNotes = pgTable(
  'user_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    /** The operator's name when the note was written. */
    operatorName: text('operator_name').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_notes_user_idx').on(t.userId, t.id)],
);

/** Closure of the referral tree: one row per (ancestor, descendant) pair. */
export const userAncestors = pgTable(
  'user_ancestors',
  {
    ancestorId: integer('ancestor_id').notNull(),
    descendantId: integer('descendant_id').notNull(),
    distance: integer('distance').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('user_ancestors_descendant_idx').on(t.descendantId),
  ],
);

/**
 * Kept figures of the referral tree, one row per user: the user's own (personal), the whole downline's
 * (team), and what levels need. Every change adds to the user's row and, through `user_ancestors`, to each
 * ancestor's, in the transaction of its cause. `best_below` is the highest level anywhere in the downline;
 * `legs_k` counts direct referrals whose branch (themselves or below) holds level k or higher.
 */
export const teamFigures = pgTable('team_figures', {
  userId: integer('user_id').primaryKey(),
  headcount: integer('headcount').notNull().default(0),
  direct: integer('direct').notNull().default(0),
  validDirect: integer('valid_direct').notNull().default(0),
  personalVolume: minor('personal_volume').notNull().default(sql`0`),
  teamVolume: minor('team_volume').notNull().default(sql`0`),
  personalPerformance: minor('personal_performance').notNull().default(sql`0`),
  teamPerformance: minor('team_performance').notNull().default(sql`0`),
  teamNode: minor('team_node').notNull().default(sql`0`),
  /** New node performance on platform day `node_day`. */
  nodeToday: minor('node_today').notNull().default(sql`0`),
  nodeDay: integer('node_day').notNull().default(0),
  bestBelow: smallint('best_below').notNull().default(0),
  legs1: integer('legs_1').notNull().default(0),
  legs2: integer('legs_2').notNull().default(0),
  legs3: integer('legs_3').notNull().default(0),
  legs4: integer('legs_4').notNull().default(0),
});

/** What each cause told the team (the record the kept figures can be recomputed from). */
export const teamEvents = pgTable(
  'team_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    volume: minor('volume').notNull(),
    performance: minor('performance').notNull(),
    node: minor('node').notNull(),
    ref: text('ref').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('team_events_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    /** The User-Agent the sign-in came with (cut to 400 characters): the devices screen names it. */
    userAgent: text('user_agent'),
    /** SHA-256 of the app's device id (or of the User-Agent without one): a sign-in from a new one is told. */
    deviceKey: text('device_key'),
    /** The last call made with it, kept to the minute. */
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_user_device_idx').on(t.userId, t.deviceKey),
  ],
);

/** Sign-in nonces already used; kept past the message validity window. */
export const loginNonces = pgTable('login_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  usedAt: ts('used_at').notNull().defaultNow(),
});

/** Request signs already seen inside the timestamp window (replay protection). */
export const requestSigns = pgTable(
  'request_signs',
  {
    sign: text('sign').primaryKey(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [index('request_signs_seen_idx').on(t.seenAt)],
);

/** Verification mails: delivered by SMTP when configured, otherwise kept here for the operator. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    scene: text('scene').notNull(),
    /** SHA-256 of the code; the code itself travels only in the mail. */
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    deliveredAt: ts('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('email_outbox_email_idx').on(t.email, t.createdAt)],
);

export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['news', 'banner', 'bulletin', 'question'] }).notNull(),
    /** Same key across the translations of one item. */
    groupKey: text('group_key').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    image: text('image'),
    link: text('link'),
    sort: integer('sort').notNull().default(0),
    publishAt: ts('publish_at').notNull().defaultNow(),
    expireAt: ts('expire_at'),
    /** A feature the item is about: it shows only while that feature is live (null: always). */
    feature: text('feature'),
  },
  (t) => [
    uniqueIndex('content_items_group_lang_key').on(t.kind, t.groupKey, t.lang),
    index('content_items_kind_idx').on(t.kind, t.publishAt),
  ],
);

export const assets = pgTable('assets', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  scale: smallint('scale').notNull(),
  displayPrecision: smallint('display_precision').notNull().default(2),
  kind: text('kind', { enum: ['trading', 'platform', 'quota'] }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Operator settings: typed in code, values here. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});
