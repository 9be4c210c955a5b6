import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zUsdtAmount } from '../../money';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

export const COVER_STATUSES = ['waiting', 'active', 'used', 'expired'] as const;
export const CLAIM_STATUSES = ['paid', 'queued'] as const;

/**
 * A loss cover: `limit` USDT of futures losses covered for `premium`; each covered loss pays `share` of it and
 * takes the loss off `remaining`. It covers positions opened from `active_from` (after the waiting period) to
 * `expires_at` at no more than `max_lever`.
 */
export const zCover = z.object({
  id: z.number().int(),
  limit: z.string(),
  remaining: z.string(),
  premium: z.string(),
  share: z.string(),
  max_lever: z.number().int(),
  /** Compensation paid on it so far. */
  paid: z.string(),
  status: z.enum(COVER_STATUSES),
  active_from: zTime,
  expires_at: zTime,
  created_at: zTime,
});

/** A compensation: the covered part of a liquidation or stop-out loss times the share; queued while the pool is short. */
export const zClaim = z.object({
  id: z.number().int(),
  cover_id: z.number().int(),
  instId: z.string(),
  position_id: z.number().int(),
  kind: z.enum(['liquidation', 'stop_out']),
  loss: z.string(),
  covered_loss: z.string(),
  amount: z.string(),
  status: z.enum(CLAIM_STATUSES),
  created_at: zTime,
  paid_at: zTime.nullable(),
});

/** Cover terms as operators set them. */
const zTerms = {
  premium_rate: z.string(),
  share: z.string(),
  min_limit: z.string(),
  max_limit: z.string(),
  valid_days: z.number().int(),
  waiting_h: z.number().int(),
  max_lever: z.number().int(),
};

/** Insurance on futures losses: buy a cover, my covers, my compensations. */
export const insuranceEndpoints = {
  '/v1/user/buyInsurance': live('insurance', {
    summary:
      'Buy a loss cover of `limit` USDT for its premium, paid from the spot account. It covers futures positions ' +
      'opened after the waiting period and before expiry at no more than the maximum leverage',
    request: z.object({ limit: zUsdtAmount, request_id: zRequestId.optional() }),
    data: zCover,
    errors: ['InsufficientBalance', 'CoverActive', 'IdempotencyConflict'],
  }),
  '/v1/user/buyInsuranceList': liveList('insurance', {
    summary: 'My covers, newest first, with the terms on offer',
    filters: {},
    item: zCover,
    extraData: zTerms,
  }),
  '/v1/user/insuranceCompensationList': liveList('insurance', {
    summary: 'My compensations (payout records), newest first',
    filters: {},
    item: zClaim,
  }),
  '/admin/insurance/claims': liveList('insurance', {
    summary: 'Compensations waiting for the insurance pool, oldest first, with what the pool holds',
    extension: true,
    access: { roles: ['finance', 'support'] },
    filters: { status: z.enum(CLAIM_STATUSES).default('queued') },
    item: zClaim.extend({ uid: z.string() }),
    extraData: { pool: z.string(), queued_total: z.string() },
  }),
} as const;
