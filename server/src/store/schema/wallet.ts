import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Deposit address of a user on a chain, derived from the operator's extended public key. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: integer('user_id').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chain] }),
    uniqueIndex('deposit_addresses_address_key').on(t.chain, t.address),
  ],
);

/** Block hashes the watcher has scanned, to notice reorganisations. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chain: text('chain').notNull(),
    height: integer('height').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.height] })],
);

/** Where each chain's watcher has got to. */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  scannedHeight: integer('scanned_height').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Operators of the platform (admin API and console). */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** scrypt: `salt:hash`, both hex. */
    passwordHash: text('password_hash').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    /** TOTP secret, AES-256-GCM under the operator key (`iv.tag.ciphertext`, base64url); null until enrolled. */
    totpSecret: text('totp_secret'),
    /** Set once the first code confirmed the enrolment: from then on sign-in needs a code. */
    totpConfirmedAt: ts('totp_confirmed_at'),
    /** Last TOTP step used, so a code is taken once. */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 of the unused one-time recovery codes. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    disabledAt: ts('disabled_at'),
    /** `pending` until a second admin approves an operator made with a money role; `refused` if not. */
    status: text('status', { enum: ['active', 'pending', 'refused'] })
      .notNull()
      .default('active'),
    /** The admin who made it (null: ADMIN_BOOTSTRAP, the demo seed, or made before this was kept). */
    createdBy: integer('created_by'),
    /** The admin who asked for its current money role. */
    grantedBy: integer('granted_by'),
    /** When its money role took effect (a second admin's approval); null: exempt from the cooldown. */
    activeFrom: ts('active_from'),
    /** Wrong second-factor codes in a row (after a right password); reset by a right one or an unlock. */
    failedCodes: integer('failed_codes').notNull().default(0),
    /** Locked after `admin.totp_max_failures` wrong codes, until an admin unlocks it. */
    lockedAt: ts('locked_at'),
  },
  (t) => [uniqueIndex('operators_name_key').on(t.name)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The session was opened (or confirmed) with the second factor: a password-only session never is. */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [uniqueIndex('operator_sessions_token_key').on(t.tokenHash)],
);

/** Who did what, when, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorKind: text('actor_kind', { enum: ['user', 'operator', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subject, t.id)],
);
