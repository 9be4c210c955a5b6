import { COPY_MARGIN_REASONS } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/** Lead traders: who leads, their tier (recomputed daily) and how long their positions stay hidden. */
export const copyLeads = pgTable('copy_leads', {
  userId: integer('user_id').primaryKey(),
  tier: text('tier', { enum: ['junior', 'intermediate', 'senior'] }).notNull(),
  delayMin: integer('delay_min').notNull().default(0),
  /** The UTC day the tier was last computed (YYYY-MM-DD). */
  tierDay: text('tier_day').notNull(),
  createdAt: ts('created_at').notNull(),
  /** An operator suspended the lead (hidden, no new copies; existing copies go on), and why. */
  suspendedAt: ts('suspended_at'),
  suspendReason: text('suspend_reason'),
});

/**
 * Applications to lead while lead trading is reviewed (`copy.lead_review`): pending until an operator approves
 * (the user leads) or rejects it with a reason the user reads. The figures that met the criteria are kept.
 */
export const copyLeadApplications = pgTable(
  'copy_lead_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    delayMin: integer('delay_min').notNull().default(0),
    closedPositions: integer('closed_positions').notNull(),
    equity: minor('equity').notNull(),
    reason: text('reason'),
    /** The operator who reviewed it; null when the demo approved it by itself. */
    reviewedBy: integer('reviewed_by'),
    createdAt: ts('created_at').notNull(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    // One pending application per user.
    uniqueIndex('copy_lead_applications_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('copy_lead_applications_user_idx').on(t.userId, t.id),
    index('copy_lead_applications_status_idx').on(t.status, t.id),
  ],
);

/**
 * A follower's copy of a lead. `realized` is the realized net PnL of its copied trades; `hwm` the highest
 * value a profit share was charged up to; `settled_period` the last period settled (index of the period since
 * the epoch).
 */
export const copyFollows = pgTable(
  'copy_follows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    followerId: integer('follower_id').notNull(),
    leadId: integer('lead_id').notNull(),
    mode: text('mode', { enum: ['amount', 'ratio'] }).notNull(),
    amount: minor('amount'),
    /** Follower contracts per lead contract, units of 10^-8. */
    ratio: bigint('ratio', { mode: 'bigint' }),
    budget: minor('budget').notNull(),
    slRatio: bigint('sl_ratio', { mode: 'bigint' }),
    tpRatio: bigint('tp_ratio', { mode: 'bigint' }),
    venue: text('venue', { enum: ['platform', 'okx'] }).notNull(),
    status: text('status', { enum: ['active', 'canceled', 'stopped'] }).notNull(),
    endReason: text('end_reason', { enum: ['user', 'sl', 'tp'] }),
    realized: minor('realized').notNull().default(sql`0`),
    shared: minor('shared').notNull().default(sql`0`),
    hwm: minor('hwm').notNull().default(sql`0`),
    settledPeriod: integer('settled_period').notNull(),
    createdAt: ts('created_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('copy_follows_follower_idx').on(t.followerId, t.id),
    index('copy_follows_lead_idx').on(t.leadId, t.status),
    // One active copy per follower.
    uniqueIndex('copy_follows_active_key').on(t.followerId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A copied position: for one copy and contract, the ratio fixed when the lead opened (`num`/`den` follower
 * contracts per lead contract), the contracts the copy holds, and whether it stopped following this lead
 * position (skipped at open, or ended on the follower's side).
 */
export const copyPositions = pgTable(
  'copy_positions',
  {
    followId: bigint('follow_id', { mode: 'number' }).notNull(),
    instId: text('inst_id').notNull(),
    num: bigint('num', { mode: 'bigint' }).notNull(),
    den: bigint('den', { mode: 'bigint' }).notNull(),
    contracts: bigint('contracts', { mode: 'bigint' }).notNull(),
    margin: minor('margin').notNull(),
    detached: boolean('detached').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.followId, t.instId] })],
);

/** Every mirrored trade, with the lead's price, the follower's and the slippage, or why it was skipped. */
export const copyTrades = pgTable(
  'copy_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    followId: bigint('follow_id', { mode: 'number' }).notNull(),
    followerId: integer('follower_id').notNull(),
    leadId: integer('lead_id').notNull(),
    instId: text('inst_id').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    size: bigint('size', { mode: 'bigint' }).notNull(),
    filled: bigint('filled', { mode: 'bigint' }).notNull(),
    leadPrice: minor('lead_price').notNull(),
    price: minor('price'),
    /** Adverse difference of the follower's price from the lead's, units of 10^-8. */
    slippage: bigint('slippage', { mode: 'bigint' }),
    /** The contract's mark at the lead's fill, and the follower's adverse difference from it (10^-8). */
    markPrice: minor('mark_price'),
    markSlippage: bigint('mark_slippage', { mode: 'bigint' }),
    /** The price the copy order could fill no worse than (null: a market order). */
    limitPrice: minor('limit_price'),
    pnl: minor('pnl').notNull(),
    fee: minor('fee').notNull(),
    lever: integer('lever').notNull(),
    venue: text('venue', { enum: ['platform', 'okx'] }).notNull(),
    status: text('status', { enum: ['filled', 'partial', 'skipped', 'sent', 'failed'] }).notNull(),
    reason: text('reason', {
      enum: [
        'insufficient_margin',
        'budget',
        'too_small',
        'own_position',
        'not_copied',
        'no_liquidity',
        'rejected',
        'okx_failed',
        'price_tolerance',
      ],
    }),
    orderId: text('order_id'),
    /**
     * A copy by amount, on the trade that opens its position: the margin the copy's amount asks for, the
     * margin the position got, and why they differ (null when they do not). Null on every other trade.
     */
    marginAsked: minor('margin_asked'),
    marginOpened: minor('margin_opened'),
    marginReason: text('margin_reason', { enum: COPY_MARGIN_REASONS }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('copy_trades_follow_idx').on(t.followId, t.id),
    index('copy_trades_follower_idx').on(t.followerId, t.id),
    index('copy_trades_lead_idx').on(t.leadId),
  ],
);

/** Profit-share settlements: one per copy and period, whatever restarts happen. */
export const copySettlements = pgTable(
  'copy_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    followId: bigint('follow_id', { mode: 'number' }).notNull(),
    followerId: integer('follower_id').notNull(),
    leadId: integer('lead_id').notNull(),
    period: integer('period').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    profit: minor('profit').notNull(),
    hwm: minor('hwm').notNull(),
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    amount: minor('amount').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('copy_settlements_period_key').on(t.followId, t.period),
    index('copy_settlements_follower_idx').on(t.followerId, t.id),
    index('copy_settlements_lead_idx').on(t.leadId, t.id),
  ],
);

/**
 * Linked OKX accounts. Key, secret and passphrase are sealed with AES-256-GCM under the link key of
 * `key_version`; only the key's last four characters are kept in clear.
 */
export const okxLinks = pgTable('okx_links', {
  userId: integer('user_id').primaryKey(),
  keyTail: text('key_tail').notNull(),
  apiKey: text('api_key').notNull(),
  secret: text('secret').notNull(),
  passphrase: text('passphrase').notNull(),
  perm: text('perm').notNull(),
  okxUid: text('okx_uid'),
  keyVersion: integer('key_version').notNull(),
  verifiedAt: ts('verified_at').notNull(),
});

/** Orders sent to OKX for copies executed there: the client order id makes a retry never place twice. */
export const okxCopyOrders = pgTable(
  'okx_copy_orders',
  {
    clOrdId: text('cl_ord_id').primaryKey(),
    copyTradeId: bigint('copy_trade_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    instId: text('inst_id').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    size: bigint('size', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'placed', 'failed'] }).notNull(),
    okxOrderId: text('okx_order_id'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('okx_copy_orders_user_idx').on(t.userId)],
);

/**
 * The demo's lead traders' past: at the demo's first start each demo lead's own strategy is run over the
 * simulated market's walked past (the days before the lead began), and every position it would have opened
 * and closed is kept here, at the simulated prices of its times, with its PnL and the taker fees of the swap
 * of the day. The net of a lead's rows is posted to its futures account in the transaction that writes
 * them (cause `copy.demo_past`), so its figures, chart and balance agree. Demo accounts only; labelled as
 * the simulated past wherever shown. One run per lead: the key refuses a second.
 */
export const copyDemoPast = pgTable(
  'copy_demo_past',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: integer('lead_id').notNull(),
    instId: text('inst_id').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    /** Whole contracts. */
    contracts: minor('contracts').notNull(),
    lever: integer('lever').notNull(),
    /** USDT minor per whole underlying unit. */
    openPrice: minor('open_price').notNull(),
    closePrice: minor('close_price').notNull(),
    realized: minor('realized').notNull(),
    fee: minor('fee').notNull(),
    openedAt: ts('opened_at').notNull(),
    closedAt: ts('closed_at').notNull(),
  },
  (t) => [uniqueIndex('copy_demo_past_key').on(t.leadId, t.instId, t.openedAt)],
);
