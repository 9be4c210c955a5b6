import { z } from 'zod';
import { live, liveList } from '../endpoint';
import { zPositiveDecimal } from '../money';
import { zTime } from '../schemas';
import { zAsset, zDeposit, zRecordStatus, zWithdrawal } from './wallet';

const zAdminDeposit = zDeposit.extend({ user: z.object({ uid: z.string(), address: z.string() }) });
const zAdminWithdrawal = zWithdrawal.extend({
  user: z.object({ uid: z.string(), address: z.string() }),
  approvals: z.array(z.string()),
  required_approvals: z.number().int(),
});

const op = { operator: true, extension: true } as const;

/** Operator calls (extensions): confirm deposits, approve or reject withdrawals, watch solvency. */
export const adminEndpoints = {
  '/admin/auth/login': live('admin', {
    summary: 'Operator sign-in with name and password',
    auth: false,
    extension: true,
    request: z.object({ name: z.string().trim().min(1).max(64), password: z.string().min(1).max(200) }),
    data: z.object({ token: z.string(), expires_at: zTime, roles: z.array(z.string()) }),
    errors: ['OperatorLoginFailed', 'RateLimited'],
  }),
  '/admin/deposits/list': liveList('admin', {
    ...op,
    summary: 'Deposits, newest first, by status',
    filters: { status: zRecordStatus.optional() },
    item: zAdminDeposit,
  }),
  '/admin/deposits/confirm': live('admin', {
    ...op,
    summary: 'Confirm a pending deposit claim (by id), or record and credit an operator-confirmed deposit',
    request: z.object({
      deposit_id: z.coerce.number().int().positive().optional(),
      /** With no deposit_id: the user (address or UID), asset, amount and tx hash of the deposit. */
      user: z.string().trim().max(64).optional(),
      asset: zAsset.optional(),
      amount: zPositiveDecimal.optional(),
      tx_hash: z.string().trim().max(80).optional(),
    }),
    data: zAdminDeposit,
    errors: ['NotFound', 'InvalidState', 'Forbidden'],
  }),
  '/admin/deposits/reject': live('admin', {
    ...op,
    summary: 'Reject a pending deposit claim with a reason the user sees',
    request: z.object({
      deposit_id: z.coerce.number().int().positive(),
      reason: z.string().trim().min(1).max(200),
    }),
    data: zAdminDeposit,
    errors: ['NotFound', 'InvalidState', 'Forbidden'],
  }),
  '/admin/withdrawals/list': liveList('admin', {
    ...op,
    summary: 'Withdrawals, newest first, by status',
    filters: { status: zRecordStatus.optional() },
    item: zAdminWithdrawal,
  }),
  '/admin/withdrawals/approve': live('admin', {
    ...op,
    summary: 'Approve a withdrawal; the last required approval sends it on chain',
    request: z.object({
      withdrawal_id: z.coerce.number().int().positive(),
      /** Without a chain adapter: the hash of the payment the operator made. */
      tx_hash: z.string().trim().max(80).optional(),
    }),
    data: zAdminWithdrawal,
    errors: ['NotFound', 'InvalidState', 'Forbidden'],
  }),
  '/admin/withdrawals/reject': live('admin', {
    ...op,
    summary: 'Reject a withdrawal: the hold is released and the reason shown to the user',
    request: z.object({
      withdrawal_id: z.coerce.number().int().positive(),
      reason: z.string().trim().min(1).max(200),
    }),
    data: zAdminWithdrawal,
    errors: ['NotFound', 'InvalidState', 'Forbidden'],
  }),
  '/admin/solvency': live('admin', {
    ...op,
    summary: 'User liabilities per asset against the system accounts, and the ledger audit',
    request: z.object({}),
    data: z.object({
      healthy: z.boolean(),
      violations: z.array(z.string()),
      assets: z.array(
        z.object({
          asset: z.string(),
          liabilities: z.string(),
          system: z.string(),
          balanced: z.boolean(),
          /** A funded system account (fees, a pool, a desk) of this asset is below zero. */
          short: z.boolean(),
          accounts: z.array(
            z.object({
              name: z.string(),
              available: z.string(),
              frozen: z.string(),
              /** Counter accounts (deposits, operator capital) stand for money outside and may be negative. */
              counter: z.boolean(),
              short: z.boolean(),
            }),
          ),
        }),
      ),
    }),
    errors: ['Forbidden'],
  }),
} as const;
