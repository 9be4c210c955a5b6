import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zExactAmount } from '../../money';
import { MAX_MACHINES_A_PURCHASE, zTime } from '../../schemas';
import { zConfirmation, zTotpCode } from '../auth/confirm';
import {
  INCOME_PROGRAMS,
  PLEDGE_STATUSES,
  RANKING_PERIODS,
  zNodeRank,
  zPledgeOrder,
  zPledgePlan,
  zRankingExtra,
  zStake,
  zStakingTotals,
} from '../earn/endpoints';
import { zMachine, zMachineOrder } from '../mining/endpoints';
import { zReferral } from '../users/endpoints';
import {
  DEFAULT_CHAIN,
  transferErrors,
  withdrawErrors,
  zExchangeConfirm,
  zExchangeRecord,
  zQuote,
  zRequestId,
  zTransfer,
  zWithdrawal,
} from '../wallet/endpoints';

/** The NEU line: its token, its quota, and the mining line and staking line that run it. */
export const NEU_ASSET = 'NEU';
export const SPA_ASSET = 'SPA';

/** An emission epoch of the NEU line: its days and daily output, what it paid, my part. */
export const zNeuPeriod = z.object({
  /** 1 for the first epoch. */
  index: z.number().int(),
  /** First and last platform day (YYYY-MM-DD); the last epoch runs on (null). */
  first_day: z.string(),
  last_day: z.string().nullable(),
  daily_emission: z.string(),
  status: z.enum(['done', 'current', 'upcoming']),
  /** Output paid to everyone for the epoch's settled days, and to me. */
  output: z.string(),
  mine: z.string(),
});

/** SPA quota exchanged for NEU from the line's funded fund, at the operators' rate. */
export const zSpaExchange = z.object({
  id: z.number().int(),
  spa: z.string(),
  neu: z.string(),
  /** NEU per SPA. */
  rate: z.string(),
  created_at: zTime,
});

/** One payout of the NEU line to me: staking profit (`pledge`) or machine output (`mining`) for a day. */
export const zNeuIncome = z.object({
  id: z.number().int(),
  program: z.enum(INCOME_PROGRAMS),
  order_id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  status: z.enum(['paid', 'queued']),
  day: zTime,
  created_at: zTime,
});

const withdrawal = z.object({
  chain: z.string().max(20).default(DEFAULT_CHAIN),
  address: z.string().trim().min(1).max(120),
  amount: zExactAmount,
  request_id: zRequestId.optional(),
  confirm: zConfirmation.optional(),
  totp_code: zTotpCode.optional(),
});

/**
 * The NEU line: NEU deposits and withdrawals through the wallet, NEU staking and NEU machines on the same
 * staking and mining mechanisms as the USDT line (configured for NEU), the SPA quota, and NEU exchanges at
 * the one price of the NEU/USDT book.
 */
export const neuEndpoints = {
  '/api/neu/index': live('neu', {
    summary:
      "The NEU line's figures: NEU price, the current emission epoch and today's output, network power, NEU staked, output paid",
    auth: false,
    request: z.object({}),
    data: z.object({
      asset: z.string(),
      quota_asset: z.string(),
      /** USDT per NEU, from the NEU/USDT book (the wallet's one price source); null without a price. */
      price_usdt: z.string().nullable(),
      period: z.number().int(),
      daily_emission: z.string(),
      network_power: z.string(),
      total_staked: z.string(),
      /** Everything the line's staking and machines have paid. */
      total_output: z.string(),
      /** NEU per SPA in a quota exchange, and what the fund behind it holds. */
      spa_rate: z.string(),
      spa_fund: z.string(),
    }),
  }),
  '/api/neu/uinfo': live('neu', {
    summary:
      'My NEU line: NEU, SPA and USDT balances, NEU value, NEU staked and its profit, my hash power, yesterday and total income',
    request: z.object({}),
    data: z.object({
      neu: z.string(),
      spa: z.string(),
      usdt: z.string(),
      /** My NEU at the NEU price, USDT; null without a price. */
      neu_value_usdt: z.string().nullable(),
      staked: z.string(),
      staking_received: z.string(),
      power: z.string(),
      /** Machines running (the quantities of my running orders). */
      machines: z.number().int(),
      yesterday_income: z.string(),
      total_income: z.string(),
      level: z.number().int(),
    }),
  }),
  '/api/neu/withdrawal': live('neu', {
    summary:
      'Withdraw USDT (what NEU was exchanged into) from the spot account: the wallet’s withdrawal with its minimum, fee, limit and operator approval',
    request: withdrawal,
    data: zWithdrawal,
    errors: withdrawErrors,
  }),
  '/api/neu/withdrawalNeu': live('neu', {
    summary: 'Withdraw NEU itself to an address: the wallet’s withdrawal rules for NEU',
    request: withdrawal,
    data: zWithdrawal,
    errors: withdrawErrors,
  }),
  '/api/neu/spaQuotaTransfer': live('neu', {
    summary: 'Give SPA quota to another user by address or UID (the wallet’s transfer: minimum 1, no fee)',
    request: z.object({
      to: z.string().trim().min(1).max(64),
      amount: zExactAmount,
      remark: z.string().max(100).default(''),
      request_id: zRequestId.optional(),
      confirm: zConfirmation.optional(),
      totp_code: zTotpCode.optional(),
    }),
    data: zTransfer,
    errors: transferErrors,
  }),
  '/api/neu/spaQuotaTransferList': liveList('neu', {
    summary: 'My SPA quota transfers, in and out',
    filters: { direction: z.enum(['in', 'out']).optional() },
    item: zTransfer,
  }),
  '/api/neu/spaExchange': live('neu', {
    summary:
      "Exchange SPA quota for NEU at the operators' rate, paid from the line's funded fund (refused, nothing moved, when it is short)",
    request: z.object({ amount: zExactAmount, request_id: zRequestId.optional() }),
    data: zSpaExchange,
    errors: ['InsufficientBalance', 'SystemFundsShort', 'IdempotencyConflict'],
  }),
  '/api/neu/spaExchangeList': liveList('neu', {
    summary: 'My SPA quota exchanges, newest first, with the rate and the minimum',
    filters: {},
    item: zSpaExchange,
    extraData: { rate: z.string(), min: z.string() },
  }),
  '/api/neu/exchangeList': liveList('neu', {
    summary:
      'My NEU exchanges, newest first; with `from` and `amount`, a quote from the NEU/USDT book valid 30 s',
    filters: { from: z.enum(['USDT', 'NEU']).optional(), amount: zExactAmount.optional() },
    item: zExchangeRecord,
    extraData: {
      price_usdt: z.string().nullable(),
      fee_rate: z.string(),
      quote_ttl_s: z.number().int(),
      quote: zQuote.nullable(),
    },
    errors: ['ExchangeUnavailable', 'InsufficientLiquidity', 'BelowMinimum', 'RateLimited'],
  }),
  '/api/neu/getNeuExchangeOrder': live('neu', {
    summary: 'Exchange USDT and NEU at a quote of exchangeList: a market order on the NEU/USDT book',
    request: zExchangeConfirm,
    data: zExchangeRecord,
    errors: [
      'QuoteExpired',
      'InsufficientBalance',
      'IdempotencyConflict',
      'NotFound',
      'ExchangeUnavailable',
      'InsufficientLiquidity',
      'BelowMinimum',
      'OrderRejected',
      'PriceMoved',
    ],
  }),
  '/api/neu/incomeLog': liveList('neu', {
    summary: 'My NEU income, newest first: staking profit and machine output per platform day',
    filters: { program: z.enum(['pledge', 'mining']).optional() },
    item: zNeuIncome,
    /** NEU paid in all. */
    extraData: { total_paid: z.string() },
  }),
  '/api/neu/teamList': liveList('neu', {
    summary: 'My referral team, nearest first (the team’s kept figures), with my team summary',
    filters: {},
    item: zReferral.extend({ distance: z.number().int(), level: z.number().int() }),
    extraData: {
      headcount: z.number().int(),
      direct: z.number().int(),
      level: z.number().int(),
      team_performance: z.string(),
    },
  }),
  '/api/neu/rankingList': liveList('neu', {
    summary: 'NEU ranking: what each team staked in NEU in the platform day, week or month, with my place',
    filters: { period: z.enum(RANKING_PERIODS).default('month') },
    item: zNodeRank,
    extraData: zRankingExtra,
  }),
  '/api/neu/buyMachine': live('neu', {
    summary:
      'Buy NEU machines from the spot account: they mine NEU from the next platform day, and each USDT paid grants SPA quota',
    request: z.object({
      machine_id: z.number().int().positive(),
      quantity: z.number().int().min(1).max(MAX_MACHINES_A_PURCHASE).default(1),
      request_id: zRequestId.optional(),
    }),
    data: zMachineOrder,
    errors: ['MachineNotFound', 'MachineSoldOut', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/neu/machineList': liveList('neu', {
    summary: 'NEU machines on sale, with my running machines and my hash power',
    filters: {},
    item: zMachine,
    extraData: {
      output_asset: z.string(),
      daily_emission: z.string(),
      network: z.string(),
      /** SPA quota granted per unit of the pay asset. */
      quota_per_pay: z.string(),
      mine: z.array(zMachineOrder),
      power: z.string(),
    },
  }),
  '/api/neu/periodList': liveList('neu', {
    summary: 'Emission epochs of the NEU line: days, daily output, what each paid, my part',
    filters: {},
    item: zNeuPeriod,
    extraData: { asset: z.string(), current: z.number().int() },
  }),
  '/api/neuPledge/pledgeInfo': live('neu', {
    summary: 'NEU staking plans (days, yearly and daily rate), the minimum, the flexible rate',
    auth: false,
    request: z.object({}),
    data: z.object({
      asset: z.string(),
      min_amount: z.string(),
      flexible_apr: z.string(),
      plans: z.array(zPledgePlan),
    }),
  }),
  '/api/neuPledge/balanceGetOrder': live('neu', {
    summary: 'Stake NEU from the spot balance for a plan',
    request: zStake,
    data: zPledgeOrder,
    errors: ['InsufficientBalance', 'PlanNotFound', 'IdempotencyConflict'],
  }),
  '/api/neuPledge/redemption': live('neu', {
    summary: 'Redeem a NEU staking order early: principal less profit received beyond the flexible rate',
    request: z.object({ id: z.number().int().positive(), request_id: zRequestId.optional() }),
    data: zPledgeOrder,
    errors: ['EarnOrderNotFound', 'EarnOrderClosed', 'LoanOpen', 'IdempotencyConflict'],
  }),
  '/api/neuPledge/renewal': live('neu', {
    summary: 'Switch auto-renew of a NEU staking order on or off',
    request: z.object({
      id: z.number().int().positive(),
      auto_renew: z.boolean(),
      request_id: zRequestId.optional(),
    }),
    data: zPledgeOrder,
    errors: ['EarnOrderNotFound', 'EarnOrderClosed', 'IdempotencyConflict'],
  }),
  '/api/neuPledge/pledgeList': liveList('neu', {
    summary: 'My NEU staking orders, newest first, by status, with my totals',
    filters: { status: z.enum(PLEDGE_STATUSES).optional() },
    item: zPledgeOrder,
    extraData: zStakingTotals,
  }),
  '/api/neuPledge/getOrder': live('neu', {
    summary: 'One of my NEU staking orders',
    request: z.object({ id: z.number().int().positive() }),
    data: zPledgeOrder,
    errors: ['EarnOrderNotFound'],
  }),
  '/admin/neu/fund': live('neu', {
    summary: "Fund the NEU line's SPA exchange fund from the platform's capital",
    extension: true,
    access: { roles: ['finance'], acts: true },
    request: z.object({
      amount: zExactAmount,
      /** Why the operator funds it: kept in the audit log. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: z.object({ asset: z.string(), fund: z.string() }),
  }),
} as const;
