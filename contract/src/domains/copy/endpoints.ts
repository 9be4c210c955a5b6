import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { USDT_SCALE, zMinorUnits, zRatioUnits } from '../../money';
import { zTime } from '../../schemas';
import { zClosedPosition, zPosition } from '../futures/endpoints';
import { zRequestId } from '../wallet/endpoints';

/** Copy-trader tiers (the spec's junior, intermediate and senior copy-traders). */
export const LEAD_TIERS = ['junior', 'intermediate', 'senior'] as const;
export const TRADER_SORTS = ['rate14', 'follower_profit', 'capital', 'profit_days', 'copy_count'] as const;
export const COPY_MODES = ['amount', 'ratio'] as const;
/** Where a follower's copies execute: on the platform's books or on the linked OKX account. */
export const COPY_VENUES = ['platform', 'okx'] as const;
export const FOLLOW_STATUSES = ['active', 'canceled', 'stopped'] as const;
export const COPY_TRADE_STATUSES = ['filled', 'partial', 'skipped', 'sent', 'failed'] as const;
/** Why a mirrored trade was skipped or failed. */
export const COPY_SKIP_REASONS = [
  'insufficient_margin',
  'budget',
  'too_small',
  'own_position',
  'not_copied',
  'no_liquidity',
  'rejected',
  'okx_failed',
  /** Nothing (or not all) could fill within the copy's price tolerance from the lead's price and the mark. */
  'price_tolerance',
] as const;
/**
 * Why a copy by amount opened another margin than its amount: `lot_size` the contracts were rounded down to
 * whole contracts at the trader's price and leverage; `fill_price` the follower's fill price differed from the
 * trader's (and a fill worse than the mark puts that difference into the margin); the others as the trade's
 * reason (nothing or not all filled, or the copy was skipped).
 */
export const COPY_MARGIN_REASONS = [
  'lot_size',
  'fill_price',
  'price_tolerance',
  'no_liquidity',
  'insufficient_margin',
  'budget',
  'too_small',
  'rejected',
] as const;

/**
 * A lead trader and the figures every trader is shown with, computed the same way for all:
 * `rate14` realized ROI of the last 14 days in percent (realized net PnL over equity before it),
 * `follower_profit` the followers' realized net PnL from copies, `capital` the lead's futures equity,
 * `profit_days` days of the last 30 with a positive realized net PnL, `copy_count` current followers.
 */
export const zTrader = z.object({
  id: z.number().int(),
  /** The trader's public name (masked account when none is set). */
  name: z.string(),
  /** One of the demo's own lead traders (bots that trade by themselves), not a person. */
  demo: z.boolean(),
  tier: z.enum(LEAD_TIERS),
  rate14: z.string(),
  follower_profit: z.string(),
  capital: z.string(),
  profit_days: z.number().int(),
  copy_count: z.number().int(),
  max_followers: z.number().int(),
  /** The share of followers' profit the trader earns, e.g. "0.08". */
  profit_share: z.string(),
  /** Assets under copy: the followers' budgets, USDT. */
  aum: z.string(),
  /** Average adverse slippage of followers' fills against the lead's, in percent ("0.012"). */
  avg_slippage: z.string(),
  since: zTime,
});

export const zPnlPoint = z.object({ day: z.string(), pnl: z.string(), cumulative: z.string() });

/** One copy of a lead by a follower. */
export const zFollow = z.object({
  id: z.number().int(),
  trader_id: z.number().int(),
  trader_name: z.string(),
  /** The lead is one of the demo's own lead traders (a bot), as `demo` of the trader. */
  trader_demo: z.boolean(),
  mode: z.enum(COPY_MODES),
  /** Margin per copied position opened (mode amount), USDT. */
  amount: z.string().nullable(),
  /** Follower contracts per lead contract (mode ratio). */
  ratio: z.string().nullable(),
  budget: z.string(),
  /** Stop the copy when its PnL falls to −sl_ratio × budget (or rises to tp_ratio × budget). */
  sl_ratio: z.string().nullable(),
  tp_ratio: z.string().nullable(),
  venue: z.enum(COPY_VENUES),
  status: z.enum(FOLLOW_STATUSES),
  /** Why it ended: canceled by the follower, its stop-loss or take-profit. */
  end_reason: z.enum(['user', 'sl', 'tp']).nullable(),
  /** Realized net PnL of the copied trades, USDT. */
  realized: z.string(),
  /** Unrealized PnL of the copied positions now, USDT. */
  upl: z.string(),
  /** Margin the copied positions hold, USDT. */
  margin: z.string(),
  /** Contracts the copy holds a position in now. */
  insts: z.array(z.string()),
  /** Profit share paid to the lead so far, USDT. */
  shared: z.string(),
  /** Highest realized net PnL a share was charged up to. */
  hwm: z.string(),
  created_at: zTime,
  ended_at: zTime.nullable(),
});

/** One mirrored trade: the lead's fill and what the follower got, or why it was skipped. */
export const zCopyTrade = z.object({
  id: z.number().int(),
  follow_id: z.number().int(),
  instId: z.string(),
  side: z.enum(['buy', 'sell']),
  /** Contracts the copy asked for. */
  sz: z.string(),
  /** Contracts filled. */
  filled: z.string(),
  lead_px: z.string(),
  /** The follower's average price; null when nothing filled. */
  px: z.string().nullable(),
  /** Adverse difference of the follower's price from the lead's, in percent. */
  slippage: z.string().nullable(),
  /** The contract's mark at the lead's fill, and the follower's adverse difference from it, in percent. */
  mark_px: z.string().nullable(),
  mark_slippage: z.string().nullable(),
  /** The worst price the copy could fill at (the tolerance from the lead's price and the mark); null: market. */
  limit_px: z.string().nullable(),
  pnl: z.string(),
  fee: z.string(),
  venue: z.enum(COPY_VENUES),
  status: z.enum(COPY_TRADE_STATUSES),
  reason: z.enum(COPY_SKIP_REASONS).nullable(),
  /**
   * A copy by amount, on the trade that opens its position: the margin the amount asks for and the margin the
   * position got, USDT, and why they differ (null when equal). All three null on other trades and OKX copies.
   */
  margin_asked: z.string().nullable(),
  margin_opened: z.string().nullable(),
  margin_reason: z.enum(COPY_MARGIN_REASONS).nullable(),
  created_at: zTime,
});

/** A profit-share settlement of one copy for one period. */
export const zSettlement = z.object({
  id: z.number().int(),
  follow_id: z.number().int(),
  /** The other side: the lead (for a follower) or the follower (for a lead), masked. */
  counterparty: z.string(),
  period_start: zTime,
  period_end: zTime,
  /** Realized net PnL of the copy at the period's end, and the high-water mark before it. */
  profit: z.string(),
  hwm: z.string(),
  rate: z.string(),
  amount: z.string(),
  created_at: zTime,
});

/** An application to lead, while lead trading is reviewed: pending, then approved or rejected. */
export const LEAD_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The caller's standing as a lead trader. */
export const zLeadStatus = z.object({
  is_lead: z.boolean(),
  /**
   * The latest application while not (yet) leading: pending review, or rejected with the operator's reason;
   * `message` says so in the caller's language. Null when none is waiting or was refused.
   */
  application: z
    .object({
      id: z.number().int(),
      status: z.enum(['pending', 'rejected']),
      reason: z.string().nullable(),
      message: z.string(),
      created_at: zTime,
      reviewed_at: zTime.nullable(),
    })
    .nullable(),
  /** An operator suspended the lead: hidden from the traders' list and taking no new copies; existing copies go on. */
  suspended: z.object({ at: zTime, reason: z.string(), message: z.string() }).nullable(),
  /** My trader id (my page's address) when I lead. */
  id: z.number().int().nullable(),
  tier: z.enum(LEAD_TIERS).nullable(),
  criteria: z.object({ min_closed_positions: z.number().int(), min_equity: z.string() }),
  progress: z.object({ closed_positions: z.number().int(), equity: z.string() }),
  can_apply: z.boolean(),
  /** I copy a trader now: one cannot lead while copying (the copy must end before applying). */
  copying: z.boolean(),
  copy_count: z.number().int(),
  max_followers: z.number().int(),
  profit_share: z.string(),
  /** Minutes the trader's current positions are hidden from the trader page. */
  delay_min: z.number().int(),
  /** Profit share earned so far, USDT. */
  earned: z.string(),
  tiers: z.array(
    z.object({
      tier: z.enum(LEAD_TIERS),
      min_followers: z.number().int(),
      min_aum: z.string(),
      profit_share: z.string(),
      max_followers: z.number().int(),
    }),
  ),
});

/** The linked OKX account, as far as it may be shown. */
export const zOkxLink = z.object({
  linked: z.boolean(),
  /** The key's last four characters ("…a1b2"). */
  key_tail: z.string().nullable(),
  /** The key's permissions as OKX reported them ("read_only", "trade"). */
  perm: z.array(z.string()),
  uid: z.string().nullable(),
  verified_at: zTime.nullable(),
});

/** A USDT figure of a copy: more decimals than USDT has answer too_small, as an amount below the minimum. */
const zCopyUsdt = zMinorUnits(USDT_SCALE, 'too_small');

const zUserId = z.coerce.number().int().positive();
const zReason = z.string().trim().min(1).max(200);

/** An application to lead, as operators review it, with the figures that met the criteria when it was made. */
export const zLeadApplication = z.object({
  id: z.number().int(),
  user: z.object({ user_id: z.number().int(), uid: z.string(), address: z.string() }),
  status: z.enum(LEAD_APPLICATION_STATUSES),
  delay_min: z.number().int(),
  closed_positions: z.number().int(),
  equity: z.string(),
  reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  created_at: zTime,
  reviewed_at: zTime.nullable(),
});

/** A lead's standing as operators see it. */
export const zAdminLead = z.object({
  user_id: z.number().int(),
  tier: z.enum(LEAD_TIERS),
  delay_min: z.number().int(),
  copy_count: z.number().int(),
  /** Assets under copy: the active followers' budgets, USDT. */
  aum: z.string(),
  /** Profit share earned so far, USDT. */
  earned: z.string(),
  suspended: z.object({ at: zTime, reason: z.string() }).nullable(),
  since: zTime,
  /**
   * Set when one account was on the other side of at least `copy.counterparty_flag.share` of the contracts
   * the lead's followers filled over the window: a possible second account of the lead. A warning only.
   */
  counterparty_flag: z
    .object({
      counterparty_id: z.number().int(),
      share: z.string(),
      fills: z.number().int(),
      contracts: z.string(),
      followers: z.number().int(),
      since: zTime,
    })
    .nullable(),
});

/** Copy trading: lead traders, copies, mirrored trades, profit share, and the OKX account link. */
export const copyEndpoints = {
  '/v1/copy/traders': liveList('copy', {
    summary: 'Lead traders with their tier and the five figures, best first by the chosen figure',
    extension: true,
    filters: {
      sort: z.enum(TRADER_SORTS).default('rate14'),
      tier: z.enum(LEAD_TIERS).optional(),
    },
    item: zTrader,
  }),
  '/v1/copy/trader': live('copy', {
    summary:
      'One lead trader: figures, daily PnL of the last `days` days, current positions (delayed), and my copy of them',
    extension: true,
    request: z.object({
      id: z.number().int().positive(),
      days: z.union([z.literal(7), z.literal(30), z.literal(90)]).default(30),
    }),
    data: zTrader.extend({
      pnl: z.array(zPnlPoint),
      delay_min: z.number().int(),
      positions: z.array(zPosition),
      /** My active copy of this trader, if any. */
      my_follow: zFollow.nullable(),
      /** Trades counted in `avg_slippage`. */
      copied_trades: z.number().int(),
    }),
    errors: ['TraderNotFound'],
  }),
  '/v1/copy/traderHistory': liveList('copy', {
    summary:
      "A lead trader's closed positions, newest first; a demo lead's include its strategy's run over the " +
      "simulated market's past (`simulated_past`), after its live ones",
    extension: true,
    filters: { id: z.number().int().positive() },
    item: zClosedPosition.extend({
      /** A demo lead's position of its strategy run over the simulated market's past (not a live order). */
      simulated_past: z.boolean(),
    }),
    errors: ['TraderNotFound'],
  }),
  '/v1/copy/follow': live('copy', {
    summary:
      'Copy a lead trader: a fixed margin per copied position (`amount`, at least the minimum) or a fixed ratio of ' +
      'contracts, within a total budget, with an optional stop-loss and take-profit on the copy as a whole',
    extension: true,
    request: z.object({
      trader_id: z.number().int().positive(),
      mode: z.enum(COPY_MODES),
      amount: zCopyUsdt.optional(),
      ratio: zRatioUnits.optional(),
      budget: zCopyUsdt,
      sl_ratio: zRatioUnits.optional(),
      tp_ratio: zRatioUnits.optional(),
      venue: z.enum(COPY_VENUES).default('platform'),
      request_id: zRequestId.optional(),
    }),
    data: zFollow,
    errors: [
      'TraderNotFound',
      'CannotFollowSelf',
      'AlreadyCopying',
      'FollowersFull',
      'CopyRoleConflict',
      'OkxNotLinked',
      'InsufficientBalance',
      'IdempotencyConflict',
    ],
  }),
  '/v1/copy/cancel': live('copy', {
    summary:
      'Cancel a copy: its positions close at market (default) or stay as my own; a profit share due is settled',
    extension: true,
    request: z.object({ follow_id: z.number().int().positive(), close: z.boolean().default(true) }),
    data: zFollow,
    errors: ['CopyNotFound'],
  }),
  '/v1/copy/myFollows': liveList('copy', {
    summary: 'My copies, newest first: active ones with their live PnL, then ended ones',
    extension: true,
    filters: { status: z.enum(['active', 'ended']).optional() },
    item: zFollow,
  }),
  '/v1/copy/copyTrades': liveList('copy', {
    summary: 'Mirrored trades of my copies (or of one), newest first, with slippage and skips',
    extension: true,
    filters: { follow_id: z.number().int().positive().optional() },
    item: zCopyTrade,
  }),
  '/v1/copy/settlements': liveList('copy', {
    summary: 'Profit-share settlements I paid (as a copier) or earned (as a lead), newest first',
    extension: true,
    filters: { role: z.enum(['follower', 'lead']).default('follower') },
    item: zSettlement,
  }),
  '/v1/copy/lead': live('copy', {
    summary: 'My standing as a lead trader: criteria and progress, tier, followers, earnings',
    extension: true,
    request: z.object({}),
    data: zLeadStatus,
  }),
  '/v1/copy/applyLead': live('copy', {
    summary: 'Become a lead trader once the criteria are met; optionally set the delay of my shown positions',
    extension: true,
    request: z.object({ delay_min: z.number().int().min(0).max(1440).optional() }),
    data: zLeadStatus,
    errors: ['LeadCriteriaNotMet', 'CopyRoleConflict', 'LeadApplicationPending'],
  }),
  '/v1/copy/myFollowers': liveList('copy', {
    summary: 'My followers as a lead trader: budget, realized PnL from copies and the share paid',
    extension: true,
    filters: {},
    item: z.object({
      follow_id: z.number().int(),
      follower: z.string(),
      budget: z.string(),
      realized: z.string(),
      shared: z.string(),
      since: zTime,
    }),
  }),
  '/v1/user/bindOkxApiKey': live('copy', {
    summary:
      'Link an OKX account: the key is verified with a signed read call, refused if it can withdraw, and its ' +
      'secret and passphrase are stored encrypted; only the last four characters of the key are shown',
    request: z.object({
      apiKey: z.string().trim().min(8).max(128),
      secretKey: z.string().trim().min(8).max(256),
      passphrase: z.string().min(1).max(64),
    }),
    data: zOkxLink,
    errors: ['OkxKeyRejected', 'OkxKeyCanWithdraw', 'OkxUnavailable'],
  }),
  '/v1/user/okxLink': live('copy', {
    summary: 'My linked OKX account: masked key and permissions',
    extension: true,
    request: z.object({}),
    data: zOkxLink,
  }),
  '/v1/user/unbindOkxApiKey': live('copy', {
    summary: 'Unlink the OKX account: the stored secret and passphrase are deleted',
    extension: true,
    request: z.object({}),
    data: zOkxLink,
  }),
  '/admin/copy/follows': liveList('copy', {
    summary:
      "A user's copies, newest first (lead, budget, status, realized and unrealized PnL), and their standing " +
      'as a lead, if they lead or applied to',
    extension: true,
    access: { roles: ['support', 'finance'] },
    filters: { user_id: zUserId, status: z.enum(['active', 'ended']).optional() },
    item: zFollow,
    extraData: { lead: zAdminLead.nullable(), application: zLeadApplication.nullable() },
  }),
  '/admin/copy/leadApplications': liveList('copy', {
    summary: 'Applications to lead copy trading: pending ones oldest first, or by status newest first',
    extension: true,
    access: { roles: ['support', 'finance'] },
    filters: { status: z.enum(LEAD_APPLICATION_STATUSES).optional() },
    item: zLeadApplication,
  }),
  '/admin/copy/reviewLead': live('copy', {
    summary:
      "Approve (the user leads at once) or reject (with the reason the user reads) a user's pending application",
    extension: true,
    access: { roles: ['support'], acts: true },
    request: z.object({ user_id: zUserId, approve: z.boolean(), reason: zReason }),
    data: zLeadApplication,
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/copy/suspendLead': live('copy', {
    summary:
      'Suspend a lead (hidden from the traders list, taking no new copies; existing copies go on) or restore ' +
      'one, with a reason',
    extension: true,
    access: { roles: ['support'], acts: true },
    request: z.object({ user_id: zUserId, suspend: z.boolean(), reason: zReason }),
    data: zAdminLead,
    errors: ['NotFound', 'InvalidState'],
  }),
} as const;
