import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { minor, ts } from '../../store/schema/columns';

/** Statuses a user sees on deposits and withdrawals (spec: pending approval, approved, failed). */
export const RECORD_STATUSES = ['pending', 'approved', 'failed'] as const;

/**
 * Where one row per (chain, tx hash, log index) holds: every chain transfer, and credited manual claims.
 * An upsert on that key names the same predicate (`ON CONFLICT … WHERE`).
 */
export const depositKeyWhere = (t: { chain: AnyPgColumn; status: AnyPgColumn }) =>
  sql`${t.chain} <> 'manual' or ${t.status} = 'approved'`;

/**
 * Deposits: found on chain by the watcher, submitted by tx hash, or claimed for an operator to confirm.
 * A chain transfer has one row per (chain, tx hash, log index); a manual claim is one per user and hash
 * while pending, so nobody can squat another's hash, and at most one claim of a hash is ever credited.
 */
export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    /** 'evm' for chain deposits, 'manual' for operator-confirmed ones. */
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull().default(0),
    address: text('address'),
    blockNumber: integer('block_number'),
    blockHash: text('block_hash'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by'),
    /** Operators who approved a manual credit, in order; the first one made it. */
    approvals: jsonb('approvals').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    requiredApprovals: integer('required_approvals').notNull().default(1),
    ledgerTxId: integer('ledger_tx_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_deposits_tx_key').on(t.chain, t.txHash, t.logIndex).where(depositKeyWhere(t)),
    uniqueIndex('wallet_deposits_claim_key')
      .on(t.txHash, t.userId)
      .where(sql`${t.chain} = 'manual' and ${t.status} = 'pending'`),
    index('wallet_deposits_user_idx').on(t.userId, t.id),
    index('wallet_deposits_status_idx').on(t.status, t.id),
    // Credited since a moment (the dashboard), and an address's past use (the withdrawal review).
    index('wallet_deposits_status_updated_idx').on(t.status, t.updatedAt),
    index('wallet_deposits_address_idx').on(t.address),
  ],
);

/**
 * Withdrawals: amount + fee frozen at request; an operator approves (the chain adapter sends, the tx hash
 * is recorded) or rejects (hold released). Large ones need two different operators.
 * `stage`: requested → first_approved → sending (→ queued while the hot wallet is low) → sent → completed
 * (at the network's confirmations); or rejected; or send_failed (for an operator: nothing is re-sent by itself).
 */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    fee: minor('fee').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('pending'),
    stage: text('stage').notNull().default('requested'),
    approvals: jsonb('approvals').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    requiredApprovals: integer('required_approvals').notNull().default(1),
    txHash: text('tx_hash'),
    reason: text('reason'),
    ledgerTxId: integer('ledger_tx_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_withdrawals_user_idx').on(t.userId, t.id),
    index('wallet_withdrawals_status_idx').on(t.status, t.id),
    index('wallet_withdrawals_stage_updated_idx').on(t.stage, t.updatedAt),
    index('wallet_withdrawals_address_idx').on(t.address),
  ],
);

/** Transfers between users (the counterparty is what the ledger alone would not show). */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
    remark: text('remark').notNull().default(''),
    ledgerTxId: integer('ledger_tx_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transfers_from_idx').on(t.fromUserId, t.id),
    index('wallet_transfers_to_idx').on(t.toUserId, t.id),
  ],
);

/** Exchanges of one asset for another at a quoted rate. */
export const walletExchanges = pgTable(
  'wallet_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    fromAmount: minor('from_amount').notNull(),
    toAmount: minor('to_amount').notNull(),
    fee: minor('fee').notNull(),
    /** Units of `to_asset` per unit of `from_asset`, decimal text. */
    rate: text('rate').notNull(),
    quoteId: text('quote_id'),
    ledgerTxId: integer('ledger_tx_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_exchanges_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_exchanges_quote_key').on(t.quoteId),
  ],
);

/** Quotes handed out by getExchangeInfo; valid for a short time, used at most once. */
export const exchangeQuotes = pgTable('exchange_quotes', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  fromAsset: text('from_asset').notNull(),
  toAsset: text('to_asset').notNull(),
  fromAmount: minor('from_amount').notNull(),
  toAmount: minor('to_amount').notNull(),
  fee: minor('fee').notNull(),
  rate: text('rate').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Demo funds handed out: one row per user and platform day, so a day pays once whatever races. */
export const walletFaucetClaims = pgTable(
  'wallet_faucet_claims',
  {
    userId: integer('user_id').notNull(),
    /** Start of the platform day of the claim. */
    day: ts('day').notNull(),
    amount: minor('amount').notNull(),
    ledgerTxId: integer('ledger_tx_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The address book: a user's saved withdrawal addresses with labels, per chain (the withdrawal's `chain`
 * field), each usable from `usable_at` (a new one waits `withdraw.new_address_delay_h`). EVM addresses are kept
 * in lower case; the other families as written (their encodings are case-sensitive).
 */
export const walletAddressBook = pgTable(
  'wallet_address_book',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull(),
    usableAt: ts('usable_at').notNull(),
  },
  (t) => [uniqueIndex('wallet_address_book_user_address').on(t.userId, t.chain, t.address)],
);

/** A user's withdrawal settings: whitelist mode (withdrawals only to saved, usable addresses). */
export const walletWithdrawPrefs = pgTable('wallet_withdraw_prefs', {
  userId: integer('user_id').primaryKey(),
  whitelist: boolean('whitelist').notNull().default(false),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Every signed version of a withdrawal's payment, stored (committed) before it is broadcast: a restart looks
 * them up on chain by hash and only broadcasts the same raw transaction again; a fee bump is a new version
 * with the same nonce, so at most one of them is ever mined.
 */
export const walletWithdrawalSends = pgTable(
  'wallet_withdrawal_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawalId: integer('withdrawal_id').notNull(),
    chain: text('chain').notNull(),
    /** The hot wallet (lower case). */
    fromAddress: text('from_address').notNull(),
    nonce: integer('nonce').notNull(),
    /** The signed transaction (0x hex): public once broadcast, not a secret. */
    raw: text('raw').notNull(),
    txHash: text('tx_hash').notNull(),
    maxFeePerGas: minor('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: minor('max_priority_fee_per_gas').notNull(),
    /** The chain's head when it was (last) broadcast; null until then. */
    sentBlock: integer('sent_block'),
    /** Set when an operator retries a failed send: the versions of the failed attempt are no longer followed. */
    retired: boolean('retired').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_withdrawal_sends_hash_key').on(t.chain, t.txHash),
    index('wallet_withdrawal_sends_withdrawal_idx').on(t.withdrawalId, t.id),
  ],
);

/** The next nonce of each hot wallet per network, allocated under a row lock (never from process memory). */
export const walletHotNonces = pgTable(
  'wallet_hot_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    next: integer('next').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);
