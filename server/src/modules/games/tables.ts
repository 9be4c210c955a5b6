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
import { minor, ts } from '../../store/schema/columns';

/**
 * Race groups. The server seed is sealed at rest (`seed_sealed`) from the moment the group opens, when only
 * its sha256 (`seed_hash`) is public; `seed` is written at settlement. `ticket_price` is USDT minor units,
 * copied from the settings at open; `paid_at` marks the settlement's payouts done (exactly once).
 */
export const raceGroups = pgTable(
  'race_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status', { enum: ['open', 'formed', 'settled', 'expired'] }).notNull(),
    size: integer('size').notNull(),
    ticketPrice: minor('ticket_price').notNull(),
    /** Prize share of what the tickets were worth, in units of 10^-8. */
    prizeShare: minor('prize_share').notNull(),
    rewards: jsonb('rewards').$type<string[]>().notNull(),
    seedHash: text('seed_hash').notNull(),
    seedSealed: text('seed_sealed').notNull(),
    seed: text('seed'),
    entrants: integer('entrants').notNull().default(0),
    tickets: integer('tickets').notNull().default(0),
    openedAt: ts('opened_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    formedAt: ts('formed_at'),
    raceEndsAt: ts('race_ends_at'),
    settledAt: ts('settled_at'),
    paidAt: ts('paid_at'),
  },
  (t) => [index('race_groups_status_idx').on(t.status, t.id)],
);

/**
 * One entrant of a group. `principal` (USDT minor) stays frozen in the entrant's spot account until paid out.
 * A demo racer's entry (`demo`) has no principal: the demo pool paid its tickets' worth into the group's pool.
 */
export const raceEntries = pgTable(
  'race_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    tickets: integer('tickets').notNull(),
    principal: minor('principal').notNull(),
    pay: text('pay', { enum: ['balance', 'chain'] }).notNull(),
    payTx: text('pay_tx'),
    clientSeed: text('client_seed').notNull(),
    joinOrder: integer('join_order').notNull(),
    status: text('status', { enum: ['not_drawn', 'not_won', 'won', 'finished', 'refunded'] }).notNull(),
    rank: integer('rank'),
    reward: minor('reward').notNull().default(sql`0`),
    demo: boolean('demo').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('race_entries_group_user_idx').on(t.groupId, t.userId),
    uniqueIndex('race_entries_group_order_idx').on(t.groupId, t.joinOrder),
    // One chain transfer pays one entry.
    uniqueIndex('race_entries_pay_tx_idx').on(t.payTx),
    index('race_entries_user_idx').on(t.userId, t.id),
  ],
);

/** Tickets bought, exchanged or earned. `pay_amount` is in minor units of `pay_asset`. */
export const ticketOrders = pgTable(
  'ticket_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['buy', 'exchange', 'quiz'] }).notNull(),
    count: integer('count').notNull(),
    payAsset: text('pay_asset'),
    payAmount: minor('pay_amount').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ticket_orders_user_idx').on(t.userId, t.id)],
);

/** Every change of a user's ticket balance with the balance after it (the ledger holds the balance itself). */
export const ticketMoves = pgTable(
  'ticket_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    change: integer('change').notNull(),
    reason: text('reason', { enum: ['buy', 'exchange', 'quiz', 'join', 'refund'] }).notNull(),
    ref: text('ref').notNull(),
    balance: integer('balance').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('ticket_moves_user_idx').on(t.userId, t.id)],
);

/** Principal locked by an entry and unlocked at its end. */
export const raceLocks = pgTable(
  'race_locks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    entryId: integer('entry_id').notNull(),
    groupId: integer('group_id').notNull(),
    action: text('action', { enum: ['lock', 'unlock'] }).notNull(),
    amount: minor('amount').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('race_locks_user_idx').on(t.userId, t.id),
    uniqueIndex('race_locks_entry_action_idx').on(t.entryId, t.action),
  ],
);

/** Quiz questions: text and choices per language (English always), the right choice and the reward. */
export const quizQuestions = pgTable('quiz_questions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  texts: jsonb('texts').$type<Record<string, { question: string; choices: string[] }>>().notNull(),
  answer: integer('answer').notNull(),
  rewardTickets: integer('reward_tickets').notNull(),
  timeLimitS: integer('time_limit_s').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
  /** When the question closes for everyone (null: when an operator makes it inactive). */
  closesAt: ts('closes_at'),
  /** Set once the question closed and its rewards were paid: only then is the right answer shown. */
  settledAt: ts('settled_at'),
});

/** A user's go at a question: opened once (the server's clock starts), answered once. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    userId: integer('user_id').notNull(),
    questionId: integer('question_id').notNull(),
    openedAt: ts('opened_at').notNull(),
    answeredAt: ts('answered_at'),
    choice: integer('choice'),
    correct: boolean('correct'),
    reward: integer('reward').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);
