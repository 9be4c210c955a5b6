import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../store/schema/columns';

/**
 * A user's second factor (an authenticator's TOTP): the secret sealed with a key derived from OPERATOR_KEY,
 * the one being set up until its first code confirms it, the last step a code was taken at (a code counts
 * once), the recovery codes as SHA-256 only, and when the security settings last changed (withdrawals wait
 * `auth.security_lock_h` from then).
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id').primaryKey(),
  secretSealed: text('secret_sealed'),
  pendingSealed: text('pending_sealed'),
  enabledAt: ts('enabled_at'),
  lastStep: integer('last_step'),
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
  changedAt: ts('changed_at'),
});

/**
 * One-time nonces for confirming what moves money with an EIP-712 signature: issued to one user for one
 * kind of action, valid until `expires_at`, used once (the use is written in the transaction of the move).
 */
export const confirmNonces = pgTable(
  'confirm_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: integer('user_id').notNull(),
    action: text('action').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('confirm_nonces_expires').on(t.expiresAt)],
);
