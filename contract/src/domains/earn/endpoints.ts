import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zExactAmount } from '../../money';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

/** Staking: in progress, redeemed (early), expired (ended, principal back), renewed (ended into a new order). */
export const PLEDGE_STATUSES = ['in_progress', 'redeemed', 'expired', 'renewed'] as const;
/** Burn release: releasing, release complete. */
export const BURN_STATUSES = ['releasing', 'complete'] as const;

export const zPledgePlan = z.object({
  days: z.number().int(),
  /** Yearly rate ("0.05"); the daily rate is apr / 365. */
  apr: z.string(),
  daily_rate: z.string(),
});

/** A staking order with its profit figures (the spec's amount, days, daily rate, start and end, profits). */
export const zPledgeOrder = z.object({
  id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  days: z.number().int(),
  apr: z.string(),
  daily_rate: z.string(),
  /** Profit accrued so far; received = paid out of it; maximum = amount × daily rate × days. */
  accumulated: z.string(),
  max_profit: z.string(),
  received: z.string(),
  remaining: z.string(),
  /** Days of profit settled so far. */
  days_paid: z.number().int(),
  auto_renew: z.boolean(),
  status: z.enum(PLEDGE_STATUSES),
  /** What an early redemption would return now (principal less profit received beyond the flexible rate). */
  redeem_value: z.string(),
  start_at: zTime,
  end_at: zTime,
  closed_at: zTime.nullable(),
  renewed_to: z.number().int().nullable(),
});

export const zBurnOrder = z.object({
  id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  multiple: z.string(),
  max_release: z.string(),
  daily_release: z.string(),
  released: z.string(),
  remaining: z.string(),
  status: z.enum(BURN_STATUSES),
  created_at: zTime,
  completed_at: zTime.nullable(),
});

/** A stake: amount, plan days, auto-renew (the same request on every staking line). */
export const zStake = z.object({
  amount: zExactAmount,
  days: z.number().int().positive(),
  auto_renew: z.boolean().default(false),
  request_id: zRequestId.optional(),
});

export const LOAN_STATUSES = ['open', 'repaid', 'settled'] as const;

/**
 * A loan against a staking order: up to the loan-to-value of its principal; interest accrues by the day
 * (each started day counts); repaid by the user, or settled from the principal when the order ends.
 */
export const zLoan = z.object({
  id: z.number().int(),
  pledge_id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  daily_rate: z.string(),
  /** Interest due if repaid now (or what was paid), and the total. */
  interest: z.string(),
  due: z.string(),
  status: z.enum(LOAN_STATUSES),
  created_at: zTime,
  closed_at: zTime.nullable(),
});

/** Programs that pay income: staking profit, burn release, mining output, NFT pools, liquidity rewards. */
export const INCOME_PROGRAMS = ['pledge', 'burn', 'mining', 'nft', 'lp'] as const;

/** One payout of a program to me for one platform day: paid, or queued while the program's pool is short. */
export const zIncome = z.object({
  id: z.number().int(),
  program: z.enum(INCOME_PROGRAMS),
  /** The staking or burn order it was paid on (for shared programs: mining, NFT pools, liquidity, the day's share). */
  order_id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  status: z.enum(['paid', 'queued']),
  /** The platform day it was earned for (its start). */
  day: zTime,
  created_at: zTime,
});

export const RANKING_PERIODS = ['day', 'week', 'month'] as const;

/** A place of the node-performance leaderboard (the address is masked). */
export const zNodeRank = z.object({
  rank: z.number().int(),
  uid: z.string(),
  address: z.string(),
  performance: z.string(),
});

/** A leaderboard's period and my place in it. */
export const zRankingExtra = {
  asset: z.string(),
  period_start: zTime,
  period_end: zTime,
  /** The period's first and last platform days as dates of the platform's zone (YYYY-MM-DD). */
  first_day: z.string(),
  last_day: z.string(),
  mine: z.object({ rank: z.number().int().nullable(), performance: z.string() }),
};

/** My staking totals beside a list of orders. */
export const zStakingTotals = { staked: z.string(), accumulated: z.string(), received: z.string() };

/** Earn: staking (pledge) and burn (destroy), paid by the rewards engine from funded pools. */
export const earnEndpoints = {
  '/api/pledge/pledgeInfo': live('earn', {
    summary:
      'Staking plans (days, yearly and daily rate), the minimum, the flexible rate of early redemption',
    auth: false,
    request: z.object({}),
    data: z.object({
      asset: z.string(),
      min_amount: z.string(),
      flexible_apr: z.string(),
      plans: z.array(zPledgePlan),
    }),
  }),
  '/api/pledge/index': live('earn', {
    summary: 'Stake an amount for a plan, paid from the spot account (deposits land there first)',
    request: zStake,
    data: zPledgeOrder,
    errors: ['InsufficientBalance', 'PlanNotFound', 'IdempotencyConflict'],
  }),
  '/api/pledge/balancePledge': live('earn', {
    summary: 'Stake from the balance: the same order as index, paid from the spot account',
    request: zStake,
    data: zPledgeOrder,
    errors: ['InsufficientBalance', 'PlanNotFound', 'IdempotencyConflict'],
  }),
  '/api/pledge/pledgeList': liveList('earn', {
    summary: 'My staking orders, newest first, by status, with my totals',
    filters: { status: z.enum(PLEDGE_STATUSES).optional() },
    item: zPledgeOrder,
    extraData: zStakingTotals,
  }),
  '/api/pledge/getPledgeOrder': live('earn', {
    summary: 'One of my staking orders',
    request: z.object({ id: z.number().int().positive() }),
    data: zPledgeOrder,
    errors: ['EarnOrderNotFound'],
  }),
  '/api/pledge/operate': live('earn', {
    summary:
      'Redeem an order early (principal less profit received beyond the flexible rate), or switch its renewal: ' +
      '`renew` turns auto-renew on, `no_renew` off',
    request: z.object({
      id: z.number().int().positive(),
      action: z.enum(['redeem', 'renew', 'no_renew']),
      request_id: zRequestId.optional(),
    }),
    data: zPledgeOrder,
    errors: ['EarnOrderNotFound', 'EarnOrderClosed', 'LoanOpen', 'IdempotencyConflict'],
  }),
  '/api/destroy/index': live('earn', {
    summary: 'Burn an amount: it is released back at the daily rate until `multiple` times it',
    request: z.object({ amount: zExactAmount, request_id: zRequestId.optional() }),
    data: zBurnOrder,
    errors: ['InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/destroy/getDestroyOrder': live('earn', {
    summary: 'One of my burn orders',
    request: z.object({ id: z.number().int().positive() }),
    data: zBurnOrder,
    errors: ['EarnOrderNotFound'],
  }),
  '/api/destroy/destroyList': liveList('earn', {
    summary: 'My burn orders, newest first, with the burn terms',
    filters: { status: z.enum(BURN_STATUSES).optional() },
    item: zBurnOrder,
    extraData: {
      asset: z.string(),
      min_amount: z.string(),
      multiple: z.string(),
      daily_rate: z.string(),
    },
  }),
  '/api/borrow/borrowList': liveList('earn', {
    summary: 'My loans against staking orders, newest first, with the loan terms',
    filters: { status: z.enum(LOAN_STATUSES).optional() },
    item: zLoan,
    extraData: { ltv: z.string(), daily_rate: z.string() },
  }),
  '/v1/earn/borrow': live('earn', {
    summary: 'Borrow against a staking order in progress, up to the loan-to-value of its principal',
    extension: true,
    request: z.object({
      pledge_id: z.number().int().positive(),
      amount: zExactAmount,
      request_id: zRequestId.optional(),
    }),
    data: zLoan,
    errors: [
      'EarnOrderNotFound',
      'EarnOrderClosed',
      'LoanOpen',
      'LoanLimit',
      'LoanUnavailable',
      'IdempotencyConflict',
    ],
  }),
  '/v1/earn/repay': live('earn', {
    summary: 'Repay a loan with its interest from the spot account',
    extension: true,
    request: z.object({ id: z.number().int().positive(), request_id: zRequestId.optional() }),
    data: zLoan,
    errors: ['EarnOrderNotFound', 'EarnOrderClosed', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/admin/earn/programs': live('earn', {
    summary:
      'Every rewards program: its pool and what it holds, what it has paid, what waits in its queue, its last settled day',
    extension: true,
    access: { roles: ['finance', 'support'] },
    request: z.object({}),
    data: z.object({
      list: z.array(
        z.object({
          program: z.string(),
          pool: z.string(),
          asset: z.string(),
          pool_balance: z.string(),
          paid: z.string(),
          queued: z.string(),
          last_period_day: zTime.nullable(),
          runs_open: z.number().int(),
        }),
      ),
    }),
  }),
  '/api/user/rankingList': liveList('earn', {
    summary:
      'Node performance leaderboard: what each team staked in the platform day, week or month (UTC+8 days), with my place',
    filters: { period: z.enum(RANKING_PERIODS).default('month') },
    item: zNodeRank,
    extraData: zRankingExtra,
  }),
  '/admin/earn/plans': live('earn', {
    summary: 'Staking plans, active and paused, with the principal staked in each',
    extension: true,
    access: { roles: ['admin', 'finance', 'support'] },
    request: z.object({}),
    data: z.object({
      list: z.array(
        z.object({
          days: z.number().int(),
          apr: z.string(),
          status: z.enum(['active', 'paused']),
          orders: z.number().int(),
          staked: z.string(),
        }),
      ),
    }),
  }),
  '/admin/earn/savePlan': live('earn', {
    summary:
      'Add or change a staking plan (its rate applies to new stakes), pause it, or close it (removed; its orders run on)',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({
      days: z.number().int().min(1).max(3650),
      apr: z.string().regex(/^0(\.\d{1,8})?$/),
      status: z.enum(['active', 'paused', 'closed']).default('active'),
    }),
    data: z.object({ list: z.array(zPledgePlan.extend({ status: z.enum(['active', 'paused']) })) }),
  }),
  '/admin/earn/fund': live('earn', {
    summary:
      "Fund a staking program's pool (profit, burn release, loans; the NEU line's profit) from the platform's capital",
    extension: true,
    access: { roles: ['finance'], acts: true },
    request: z.object({
      pool: z.enum(['pledge', 'burn', 'loans']),
      amount: zExactAmount,
      /** The staking line: `neu` funds the NEU line's profit pool (in NEU). */
      line: z.enum(['main', 'neu']).default('main'),
      /** Why the operator funds it: kept in the audit log. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: z.object({ pool: z.string(), asset: z.string(), pool_balance: z.string() }),
  }),
  '/api/auth/income': liveList('earn', {
    summary:
      'My income records, newest first: what each program paid me per day (staking profit, burn release, mining output, NFT pools, liquidity)',
    filters: { program: z.enum(INCOME_PROGRAMS).optional() },
    item: zIncome,
    /** What was paid in all, per asset (staking and burn pay USDT; mining its output asset). */
    extraData: { totals: z.array(z.object({ asset: z.string(), paid: z.string() })) },
  }),
  '/admin/earn/stakes': liveList('earn', {
    summary:
      "A user's stakes, burns and loans against stakes, newest first: line, asset, amount, days, start, state " +
      'and what each has paid or owes',
    extension: true,
    access: { roles: ['support', 'finance'] },
    filters: {
      user_id: z.coerce.number().int().positive(),
      kind: z.enum(['pledge', 'burn', 'loan']).optional(),
    },
    item: z.object({
      kind: z.enum(['pledge', 'burn', 'loan']),
      id: z.number().int(),
      /** The staking line (`main`, `neu`) a stake or a loan against one runs on; null for burns. */
      line: z.string().nullable(),
      asset: z.string(),
      amount: z.string(),
      /** A stake's plan days; null for burns and loans. */
      days: z.number().int().nullable(),
      /** Stakes: yearly rate; burns: release multiple; loans: daily interest rate. */
      rate: z.string(),
      /** Stakes: profit received; burns: released; loans: interest charged. */
      paid: z.string(),
      /** The stake a loan is against. */
      pledge_id: z.number().int().nullable(),
      state: z.string(),
      start_at: zTime,
      end_at: zTime.nullable(),
    }),
  }),
} as const;
