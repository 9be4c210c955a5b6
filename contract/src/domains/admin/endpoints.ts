import { z } from 'zod';
import { live } from '../../endpoint';
import { zTime } from '../../schemas';

/** Operator calls (extensions): sign-in, second factor, operators, solvency. */
export const adminEndpoints = {
  '/admin/auth/login': live('admin', {
    summary:
      'Operator sign-in with name, password and, once enrolled, the second factor (a TOTP code or a recovery code)',
    auth: false,
    extension: true,
    request: z.object({
      name: z.string().trim().min(1).max(64),
      password: z.string().min(1).max(200),
      /** 6-digit authenticator code, or a one-time recovery code (XXXXX-XXXXX). */
      totp: z.string().trim().max(20).optional(),
    }),
    data: z.object({
      token: z.string(),
      expires_at: zTime,
      roles: z.array(z.string()),
      second_factor: z.boolean(),
    }),
    errors: ['OperatorLoginFailed', 'RateLimited', 'SecondFactorRequired'],
  }),
  '/admin/auth/logout': live('admin', {
    extension: true,
    access: { roles: [], secondFactor: false },
    summary: 'End the operator session: its token answers 406 afterwards',
    request: z.object({}),
    data: z.null(),
  }),
  '/admin/auth/totpSetup': live('admin', {
    extension: true,
    access: { roles: [], secondFactor: false },
    summary:
      'Start enrolling a TOTP second factor: the secret and its otpauth URI, shown this once (until confirmed)',
    request: z.object({}),
    data: z.object({ secret: z.string(), otpauth_uri: z.string() }),
    errors: ['InvalidState'],
  }),
  '/admin/auth/totpConfirm': live('admin', {
    extension: true,
    access: { roles: [], secondFactor: false },
    summary: 'Confirm the enrolment with a first code; answers ten one-time recovery codes, shown this once',
    request: z.object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { message: 'invalid_format' }),
    }),
    data: z.object({ recovery_codes: z.array(z.string()) }),
    errors: ['InvalidState'],
  }),
  '/admin/operators/create': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary: 'An admin creates an operator with roles: admin, finance (moves money), support (reads queues)',
    request: z.object({
      name: z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_.-]{2,31}$/, { message: 'invalid_format' }),
      password: z.string().min(12).max(200),
      roles: z
        .array(z.enum(['admin', 'finance', 'support']))
        .min(1)
        .max(3),
    }),
    data: z.object({ id: z.number().int(), name: z.string(), roles: z.array(z.string()) }),
    errors: ['Forbidden', 'InvalidState', 'RateLimited', 'SecondFactorRequired'],
  }),
  '/admin/solvency': live('admin', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      'User liabilities per asset against the system accounts, the ledger audit, and every rewards program: pool, paid, owed',
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
      /** Every rewards program; `short` when its pool holds less than it owes. */
      programs: z.array(
        z.object({
          program: z.string(),
          pool: z.string(),
          asset: z.string(),
          pool_balance: z.string(),
          paid: z.string(),
          owed: z.string(),
          last_period_day: z.string().nullable(),
          short: z.boolean(),
        }),
      ),
    }),
    errors: ['Forbidden', 'SecondFactorRequired'],
  }),
} as const;
