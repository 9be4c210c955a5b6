import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zExactAmount, zUsdtAmount } from '../../money';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

export const ROUND_STATUSES = ['active', 'paused', 'closed'] as const;
/** Why I cannot subscribe now (null: I can). */
export const PLACEMENT_BLOCKS = ['not_started', 'ended', 'paused', 'sold_out', 'cap_reached'] as const;
export const SUBSCRIPTION_STATUSES = ['vesting', 'complete'] as const;

/** A placement round: a token sold at a fixed price up to a hard cap, with a per-user cap and vesting. */
export const zRound = z.object({
  id: z.number().int(),
  name: z.string(),
  asset: z.string(),
  pay_asset: z.string(),
  /** Price of one token in the pay asset. */
  price: z.string(),
  hard_cap: z.string(),
  per_user_cap: z.string(),
  min_amount: z.string(),
  sold: z.string(),
  left: z.string(),
  /** Months the tokens vest over: one equal part unlocks every 30 platform days after the subscription. */
  vesting_months: z.number().int(),
  starts_at: zTime,
  ends_at: zTime,
  status: z.enum(ROUND_STATUSES),
});

/** One subscription of mine: the tokens bought, locked until each monthly part unlocks. */
export const zSubscription = z.object({
  id: z.number().int(),
  round_id: z.number().int(),
  round: z.string(),
  asset: z.string(),
  amount: z.string(),
  cost: z.string(),
  pay_asset: z.string(),
  released: z.string(),
  locked: z.string(),
  parts: z.number().int(),
  parts_released: z.number().int(),
  /** When the next part unlocks (null once all have). */
  next_release_at: zTime.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  created_at: zTime,
});

const zAdminRound = zRound.extend({ buyers: z.number().int() });

/** Private placement: rounds of platform tokens sold at a set price, vesting monthly. */
export const placementEndpoints = {
  '/api/basic/checkBuy': live('placement', {
    summary:
      'The open round (or the one named) and whether I may subscribe now: what I bought, what I may still buy, my balance',
    request: z.object({ round_id: z.number().int().positive().optional() }),
    data: z.object({
      round: zRound.nullable(),
      eligible: z.boolean(),
      reason: z.enum(PLACEMENT_BLOCKS).nullable(),
      bought: z.string(),
      allowance: z.string(),
      available: z.string(),
    }),
    errors: ['RoundNotFound'],
  }),
  '/api/basic/saveBuy': live('placement', {
    summary:
      'Subscribe to a round: the cost leaves the spot account now; the tokens are locked and unlock in monthly parts',
    request: z.object({
      round_id: z.number().int().positive(),
      amount: zExactAmount,
      request_id: zRequestId.optional(),
    }),
    data: zSubscription,
    errors: [
      'RoundNotFound',
      'RoundNotOpen',
      'RoundSoldOut',
      'PlacementCapReached',
      'InsufficientBalance',
      'IdempotencyConflict',
    ],
  }),
  '/v1/placement/mine': liveList('placement', {
    summary: 'My placements, newest first, with locked and released amounts',
    extension: true,
    filters: { status: z.enum(SUBSCRIPTION_STATUSES).optional() },
    item: zSubscription,
  }),
  '/admin/placement/rounds': live('placement', {
    summary: 'Every placement round with what it sold and to how many buyers',
    extension: true,
    access: { roles: ['admin', 'finance', 'support'] },
    request: z.object({}),
    data: z.object({ list: z.array(zAdminRound) }),
  }),
  '/admin/placement/saveRound': live('placement', {
    summary:
      "Open a round: its hard cap of the token is issued from the platform's capital into the round's supply",
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({
      name: z.string().trim().min(1).max(60),
      asset: z.string().trim().min(1).max(10),
      price: zUsdtAmount,
      hard_cap: zExactAmount,
      per_user_cap: zExactAmount,
      min_amount: zExactAmount,
      vesting_months: z.number().int().min(1).max(60),
      starts_at: z.iso.datetime(),
      ends_at: z.iso.datetime(),
    }),
    data: zAdminRound,
    errors: ['NotAvailable'],
  }),
  '/admin/placement/roundStatus': live('placement', {
    summary: 'Pause or reopen a round, or close it for good: what it did not sell goes back to capital',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({ id: z.number().int().positive(), status: z.enum(ROUND_STATUSES) }),
    data: zAdminRound,
    errors: ['RoundNotFound', 'RoundNotOpen'],
  }),
} as const;
