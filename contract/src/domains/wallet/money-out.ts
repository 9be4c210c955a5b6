import { z } from 'zod';
import { zExactAmount } from '../../money';
import { withConfirmation, zConfirmation, zTotpCode } from '../auth/confirm';

/*
 * Money out of an account: the fields withdrawals and transfers to another user take (with their optional
 * confirmation), and the answers they may give.
 */

/** The chain deposits and withdrawals use when a request names none. */
export const DEFAULT_CHAIN = 'evm';

export const zAsset = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,10}$/, { message: 'invalid_format' })
  .transform((s) => s.toUpperCase());

/** A client-chosen id that makes a money-moving call safe to retry. */
export const zRequestId = z.string().regex(/^[\w-]{8,64}$/, { message: 'invalid_format' });

export const withdrawRequest = z.object({
  asset: zAsset.default('USDT'),
  chain: z.string().max(20).default(DEFAULT_CHAIN),
  address: z.string().trim().min(1).max(120),
  amount: zExactAmount,
  request_id: zRequestId.optional(),
  confirm: zConfirmation.optional(),
  totp_code: zTotpCode.optional(),
});

export const transferRequest = z.object({
  /** Recipient's wallet address or UID. */
  to: z.string().trim().min(1).max(64),
  asset: zAsset.default('USDT'),
  amount: zExactAmount,
  remark: z.string().max(100).default(''),
  request_id: zRequestId.optional(),
  confirm: zConfirmation.optional(),
  totp_code: zTotpCode.optional(),
});

export const withdrawErrors = withConfirmation([
  'InsufficientBalance',
  'BelowMinimum',
  'DailyLimitExceeded',
  'IdempotencyConflict',
  'NotAvailable',
  'AddressNotWhitelisted',
  'AddressNotYetUsable',
  'WithdrawalsLocked',
  'RateLimited',
] as const);
export const transferErrors = withConfirmation([
  'InsufficientBalance',
  'BelowMinimum',
  'RecipientNotFound',
  'IdempotencyConflict',
  'WithdrawalsLocked',
  'RateLimited',
] as const);
