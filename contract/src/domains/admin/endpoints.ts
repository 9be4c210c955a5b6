import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zTime } from '../../schemas';

const zOperator = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(z.string()),
  second_factor: z.boolean(),
  created_at: zTime,
  disabled_at: zTime.nullable(),
  /** Unexpired, unrevoked sessions. */
  active_sessions: z.number().int(),
  /** `pending`: made with a money role, waiting for a second admin; `refused`: a second admin said no. */
  status: z.enum(['active', 'pending', 'refused']).optional(),
  /** The admin who made it, and who asked for its current money role (null: bootstrap, demo or before). */
  created_by: z.string().nullable().optional(),
  granted_by: z.string().nullable().optional(),
  /** When its money role took effect; it approves money from `admin.new_operator_cooldown_hours` later. */
  active_from: zTime.nullable().optional(),
  /** Locked after `admin.totp_max_failures` wrong second-factor codes in a row, until an admin unlocks it. */
  locked_at: zTime.nullable().optional(),
  failed_codes: z.number().int().optional(),
  /** Its role came through the one-time single-admin exception (no second admin existed to approve it). */
  single_admin: z.boolean().optional(),
});

/** A request for a money role (a new operator with one, or a role granted) that a second admin decides. */
const zOperatorRequest = z.object({
  id: z.number().int(),
  kind: z.enum(['create', 'grant']),
  operator_id: z.number().int(),
  operator_name: z.string(),
  roles: z.array(z.string()),
  requested_by: z.string().nullable(),
  requested_at: zTime,
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'refused']),
  decided_by: z.string().nullable(),
  decided_at: zTime.nullable(),
  /** Approved at once by the only admin, once ever (the bootstrap case); the console flags it. */
  single_admin: z.boolean(),
});

/** A declared setting: its value, its default, its type (JSON Schema) and its last change. */
const zSetting = z.object({
  key: z.string(),
  value: z.unknown(),
  default: z.unknown(),
  /** JSON Schema of the value the setting takes. */
  schema: z.unknown(),
  /** Whether the stored value differs from the default. */
  changed: z.boolean(),
  changed_at: zTime.nullable(),
  changed_by: z.string().nullable(),
});

const zReason = z.string().trim().min(3).max(200);

/** Operator calls (extensions): sign-in, second factor, operators, solvency, dashboard, settings, audit log. */
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
    errors: [
      'OperatorLoginFailed',
      'RateLimited',
      'SecondFactorRequired',
      'OperatorLocked',
      'OperatorPending',
    ],
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
  '/admin/auth/me': live('admin', {
    extension: true,
    access: { roles: [], secondFactor: false },
    summary:
      'The signed-in operator: name, roles, whether a second factor is enrolled, when the session ends',
    request: z.object({}),
    data: z.object({
      id: z.number().int(),
      name: z.string(),
      roles: z.array(z.string()),
      second_factor: z.boolean(),
      expires_at: zTime,
    }),
  }),
  '/admin/operators/list': live('admin', {
    extension: true,
    access: { roles: ['admin'] },
    summary: 'Every operator with roles, second factor, disabled state and active sessions',
    request: z.object({}),
    data: z.array(zOperator),
  }),
  '/admin/operators/revokeSessions': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary: 'End every session of an operator at once (their tokens answer 406 on the next call)',
    request: z.object({ operator_id: z.coerce.number().int().positive(), reason: zReason }),
    data: z.object({ revoked: z.number().int() }),
    errors: ['NotFound'],
  }),
  '/admin/operators/setDisabled': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary: 'Disable an operator (their sessions end, sign-in is refused) or enable them again; not oneself',
    request: z.object({
      operator_id: z.coerce.number().int().positive(),
      disabled: z.boolean(),
      reason: zReason,
    }),
    data: zOperator,
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/dashboard': live('admin', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      "Today's figures since the platform day began (deposits, withdrawals, sign-ups, volume, fees) and the open queues",
    request: z.object({}),
    data: z.object({
      day_start: zTime,
      figures: z.array(
        z.object({
          key: z.string(),
          asset: z.string().nullable(),
          count: z.number().int(),
          amount: z.string().nullable(),
        }),
      ),
      queues: z.array(z.object({ key: z.string(), count: z.number().int(), oldest: zTime.nullable() })),
      /** Per network paying withdrawals: its hot wallet's balance, floor, and withdrawals queued for it. */
      hot_wallets: z.array(
        z.object({
          chain: z.string(),
          asset: z.string(),
          address: z.string().nullable(),
          amount: z.string().nullable(),
          native: z.string().nullable(),
          min: z.string(),
          low: z.boolean(),
          queued: z.number().int(),
        }),
      ),
    }),
  }),
  '/admin/settings/list': live('admin', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary: 'Every declared setting with its value, default, type and last change',
    request: z.object({}),
    data: z.array(zSetting),
  }),
  '/admin/settings/set': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary:
      'Change a setting: validated against its type, written to the audit log with before, after and reason',
    request: z.object({ key: z.string().trim().min(1).max(100), value: z.unknown(), reason: zReason }),
    data: zSetting,
    errors: ['NotFound', 'ValidationFailed', 'SettingRefused'],
  }),
  '/admin/audit/list': liveList('admin', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      'Operator actions, newest first, with the subject before and after; filtered by action, operator, subject, time',
    filters: {
      /** An action, or a prefix of one ending in '.' (withdrawal.). */
      action: z.string().trim().max(64).optional(),
      operator_id: z.coerce.number().int().positive().optional(),
      /** A subject (user:12), or a prefix of one ending in ':' (setting:). */
      subject: z.string().trim().max(120).optional(),
      from: zTime.optional(),
      to: zTime.optional(),
    },
    item: z.object({
      id: z.number().int(),
      created_at: zTime,
      actor_kind: z.string(),
      actor_id: z.number().int().nullable(),
      actor_name: z.string().nullable(),
      action: z.string(),
      subject: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
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
    data: z.object({
      id: z.number().int(),
      name: z.string(),
      roles: z.array(z.string()),
      /** With a money role (finance, admin): waits for a second admin (`/admin/operators/decide`). */
      pending: z.boolean().optional(),
      request_id: z.number().int().nullable().optional(),
    }),
    errors: ['Forbidden', 'InvalidState', 'RateLimited', 'SecondFactorRequired'],
  }),
  '/admin/operators/setRoles': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary:
      "Change an operator's roles: taking roles away or giving support applies at once; giving a money role " +
      '(finance, admin) waits for a second admin',
    request: z.object({
      operator_id: z.coerce.number().int().positive(),
      roles: z.array(z.enum(['admin', 'finance', 'support'])).max(3),
      reason: zReason,
    }),
    data: z.object({ operator: zOperator, pending: z.boolean(), request_id: z.number().int().nullable() }),
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/operators/requests': live('admin', {
    extension: true,
    access: { roles: ['admin'] },
    summary: 'Requests for money roles, pending first, then the latest decided',
    request: z.object({}),
    data: z.array(zOperatorRequest),
  }),
  '/admin/operators/decide': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary:
      'A second admin approves or refuses a request for a money role; not the admin who asked, nor one still ' +
      'in their own cooldown',
    request: z.object({
      request_id: z.coerce.number().int().positive(),
      approve: z.boolean(),
      reason: zReason,
    }),
    data: zOperatorRequest,
    errors: ['NotFound', 'InvalidState', 'OwnRequest', 'OperatorCooling'],
  }),
  '/admin/operators/unlock': live('admin', {
    extension: true,
    access: { roles: ['admin'], acts: true },
    summary: 'Unlock an operator locked after too many wrong second-factor codes',
    request: z.object({ operator_id: z.coerce.number().int().positive(), reason: zReason }),
    data: zOperator,
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/operators/sponsors': live('admin', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      'Who made each operator or granted its money role, and since when it acts: the console flags approvals ' +
      'of money that came from operators of the same admin',
    request: z.object({}),
    data: z.array(
      z.object({
        name: z.string(),
        created_by: z.string().nullable(),
        granted_by: z.string().nullable(),
        active_from: zTime.nullable(),
        single_admin: z.boolean(),
      }),
    ),
  }),
  '/admin/auth/changePassword': live('admin', {
    extension: true,
    access: { roles: [], acts: true },
    summary: "Change one's own password: every other session of the operator ends",
    request: z.object({ password: z.string().min(1).max(200), new_password: z.string().min(12).max(200) }),
    data: z.null(),
    errors: ['OperatorLoginFailed'],
  }),
  '/admin/solvency': live('admin', {
    extension: true,
    access: { roles: ['finance', 'support'] },
    summary:
      'User liabilities per asset against the system accounts, the ledger audit, every rewards program (pool, paid, owed), holds against what justifies them, loans against their collateral, and each pool’s flows of the day',
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
      /** Holds that differ from the open orders, positions and requests that justify them (empty: all match). */
      holds: z.array(
        z.object({
          owner: z.string(),
          kind: z.string(),
          asset: z.string(),
          held: z.string(),
          justified: z.string(),
        }),
      ),
      /** Loans outstanding against the collateral that secures them; `secured` false (red) when none does. */
      loans: z.array(
        z.object({
          id: z.number().int(),
          user_id: z.number().int(),
          asset: z.string(),
          amount: z.string(),
          due: z.string(),
          collateral_id: z.number().int(),
          collateral: z.string().nullable(),
          secured: z.boolean(),
        }),
      ),
      /**
       * Each system pool's money in and out since the platform day began, by cause; `over` (red) when it paid out
       * more than its daily limit (`admin.pool_daily_outflow_limits`) or lost more than the set share of what it
       * held at the day's start (`admin.pool_daily_drain_share`).
       */
      pools: z.array(
        z.object({
          name: z.string(),
          asset: z.string(),
          balance: z.string(),
          inflow: z.string(),
          outflow: z.string(),
          limit: z.string().nullable(),
          over: z.boolean(),
          causes: z.array(z.object({ cause: z.string(), inflow: z.string(), outflow: z.string() })),
        }),
      ),
      day_start: z.string(),
    }),
    errors: ['Forbidden', 'SecondFactorRequired'],
  }),
} as const;
