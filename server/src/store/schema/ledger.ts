import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { minor, ts } from './columns';
import { assets } from './core';

export const LEDGER_USER_KINDS = ['spot', 'futures', 'shop', 'card'] as const;
export const LEDGER_ACCOUNT_KINDS = [...LEDGER_USER_KINDS, 'system'] as const;
export const LEDGER_BUCKETS = ['available', 'frozen'] as const;

/**
 * One account per (user, asset, kind) or per (system name, asset). `available` and
 * `frozen` are projections of the postings, written in the same transaction as them.
 * System accounts are counter-accounts and may go negative (`system:deposits` is
 * minus everything ever deposited); user accounts never do.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    systemName: text('system_name'),
    asset: text('asset')
      .notNull()
      .references(() => assets.symbol),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    available: minor('available').notNull().default(sql`0`),
    frozen: minor('frozen').notNull().default(sql`0`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key').on(t.userId, t.asset, t.kind),
    uniqueIndex('ledger_accounts_system_key').on(t.systemName, t.asset),
    // Target of the postings' (account_id, asset) key: a posting always carries its account's asset.
    uniqueIndex('ledger_accounts_id_asset_key').on(t.id, t.asset),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('spot', 'futures', 'shop', 'card', 'system')`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'system' and ${t.systemName} is not null and ${t.userId} is null) or (${t.kind} <> 'system' and ${t.userId} is not null and ${t.systemName} is null)`,
    ),
    check(
      'ledger_accounts_user_nonnegative_check',
      sql`${t.kind} = 'system' or (${t.available} >= 0 and ${t.frozen} >= 0)`,
    ),
  ],
);

/** One journal entry: why money moved. Its postings sum to zero per asset. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What moved the money: 'deposit', 'withdrawal.request', 'transfer', … */
    cause: text('cause').notNull(),
    /** Id of the business record behind it (withdrawal id, order id, …). */
    ref: text('ref').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** The user who triggered it, when a user did. */
    userId: integer('user_id'),
    requestId: text('request_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_transactions_ref_idx').on(t.cause, t.ref)],
);

/** One signed movement of one bucket of one account. Never updated, never deleted. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    bucket: text('bucket', { enum: LEDGER_BUCKETS }).notNull(),
    amount: minor('amount').notNull(),
    /** The bucket's balance right after this posting (before = after − amount). */
    balanceAfter: minor('balance_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_postings_account_fk',
      columns: [t.accountId, t.asset],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset],
    }),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    check('ledger_postings_bucket_check', sql`${t.bucket} in ('available', 'frozen')`),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
);

/** First answer to each (user, request_id): a retry gets it back instead of running again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    requestId: text('request_id').notNull(),
    /** The operation the id was used for (endpoint path or module operation). */
    scope: text('scope').notNull(),
    /** SHA-256 of the canonical JSON of the request body, hex. */
    bodyHash: text('body_hash').notNull(),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);
