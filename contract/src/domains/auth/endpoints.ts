import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zAddress, zEmail, zHexSignature, zInviteCode, zTime } from '../../schemas';
import { CONFIRM_ACTIONS, zTotpCode } from './confirm';

/** One of the caller's signed-in sessions, as the devices screen shows it (never its token). */
export const zUserSession = z.object({
  id: z.number().int(),
  /** Browser and version as the User-Agent names them ("Chrome 131"); "" when it names none. */
  browser: z.string(),
  /** Operating system ("iOS 18.1", "Android 15"); "" when unknown. */
  os: z.string(),
  /** mobile, tablet, desktop, or "" when unknown. */
  device: z.string(),
  /** The address the server saw (the proxy's forwarded one only where TRUST_PROXY says a proxy sets it). */
  ip: z.string(),
  created_at: zTime,
  /** The last call made with it, to the minute; its sign-in time until then. */
  last_seen_at: zTime,
  /** The session this call came with. */
  current: z.boolean(),
});

/** A code `sendEmail` sent: six digits. */
const zEmailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** Sign-in with a wallet signature, email codes, sign-out, the caller's sessions. */
export const authEndpoints = {
  '/api/auth/login': live('auth', {
    summary: 'Sign in with a signed Sign-In-with-Ethereum message; creates the account on first sign-in',
    auth: false,
    request: z.object({
      /** Invitation code of the parent; needed on the first sign-in only. */
      code: z.union([zInviteCode, z.literal('')]).optional(),
      /** The wallet address that signed. */
      name: zAddress,
      /** The signature over `message`. */
      sign_message: zHexSignature,
      /** The EIP-4361 message that was signed. */
      message: z.string().min(1).max(2000),
      /** A random id the app keeps per browser, so a sign-in from a device not seen before is told. */
      device_id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,64}$/)
        .optional(),
    }),
    data: z.object({ token: z.string(), expires_at: zTime }),
    errors: [
      'BadSignature',
      'AddressMismatch',
      'StaleMessage',
      'NonceReused',
      'WrongDomain',
      'InvitationCodeRequired',
      'UnknownInvitationCode',
      'AccountFrozen',
      'RateLimited',
    ],
  }),
  '/api/auth/sendEmail': live('auth', {
    summary: 'Send a 6-digit verification code by email (valid 10 minutes)',
    auth: false,
    request: z.object({ email: zEmail, scene: z.enum(['bind', 'verify']).default('bind') }),
    data: z.object({ expires_in_s: z.number().int() }),
    errors: ['RateLimited'],
  }),
  '/api/auth/bindEmail': live('auth', {
    summary:
      'Bind an email to my account with the code `sendEmail` (scene bind) sent to it; answers the bound address',
    extension: true,
    request: z.object({ email: zEmail, code: zEmailCode }),
    data: z.object({ email: z.string() }),
    errors: ['EmailCodeInvalid', 'EmailTaken', 'EmailAlreadyBound', 'RateLimited'],
  }),
  '/api/auth/changeEmail': live('auth', {
    summary:
      'Change my bound email: `old_code` is the code `sendEmail` (scene verify) sent to the current address, `code` the one (scene bind) sent to the new one',
    extension: true,
    request: z.object({ email: zEmail, code: zEmailCode, old_code: zEmailCode }),
    data: z.object({ email: z.string() }),
    errors: [
      'EmailCodeInvalid',
      'EmailOldCodeInvalid',
      'EmailTaken',
      'EmailNotBound',
      'EmailAlreadyBound',
      'RateLimited',
    ],
  }),
  '/api/auth/logout': live('auth', {
    summary: 'End the current session; the token answers 406 afterwards',
    request: z.object({}),
    data: z.null(),
    extension: true,
  }),
  '/api/auth/sessions': liveList('auth', {
    summary: "The caller's open sessions (devices), the current one first, then by last use",
    extension: true,
    filters: {},
    item: zUserSession,
  }),
  '/api/auth/endSession': live('auth', {
    summary: 'End one of my other sessions at once (its token answers 406 from its next call)',
    extension: true,
    request: z.object({
      session_id: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    }),
    data: z.object({ ended: z.number().int() }),
    errors: ['NotFound', 'InvalidState'],
  }),
  '/api/auth/endOtherSessions': live('auth', {
    summary: 'End every session of mine but this one; answers how many ended',
    extension: true,
    request: z.object({}),
    data: z.object({ ended: z.number().int() }),
  }),
  '/api/auth/confirmNonce': live('auth', {
    summary:
      'A one-time nonce for confirming a withdrawal, a transfer or a purchase with an EIP-712 signature (valid minutes)',
    extension: true,
    request: z.object({ action: z.enum(CONFIRM_ACTIONS) }),
    data: z.object({
      nonce: z.string(),
      expires_at: zTime,
      /** The typed data's domain: its name, version and chain id. */
      domain: z.object({ name: z.string(), version: z.string(), chainId: z.number().int() }),
    }),
    errors: ['RateLimited'],
  }),
  '/api/auth/security': live('auth', {
    summary: "The caller's second factor and the withdrawal lock that follows a change of it",
    extension: true,
    request: z.object({}),
    data: z.object({
      totp_enabled: z.boolean(),
      /** Until when withdrawals and transfers wait after a change of the security settings; null when open. */
      locked_until: zTime.nullable(),
      /** Recovery codes not used yet. */
      recovery_left: z.number().int(),
      /** The verified email bound to the account; null when none is. */
      email: z.string().nullable(),
    }),
  }),
  '/api/auth/totpSetup': live('auth', {
    summary: 'Start enabling the authenticator: a new secret and its otpauth:// link (for the QR code)',
    extension: true,
    request: z.object({}),
    data: z.object({ secret: z.string(), uri: z.string() }),
    errors: ['TotpAlreadyEnabled'],
  }),
  '/api/auth/totpEnable': live('auth', {
    summary: 'Enable the authenticator with its first code; answers the recovery codes, shown this once',
    extension: true,
    request: z.object({ code: zTotpCode }),
    data: z.object({ recovery_codes: z.array(z.string()), locked_until: zTime }),
    errors: ['TotpAlreadyEnabled', 'TotpSetupMissing', 'TotpInvalid'],
  }),
  '/api/auth/totpDisable': live('auth', {
    summary: 'Disable the authenticator with a current code or a recovery code',
    extension: true,
    request: z.object({
      code: z
        .string()
        .trim()
        .regex(/^(\d{6}|[A-Za-z2-7]{5}-[A-Za-z2-7]{5})$/, { message: 'invalid_format' }),
    }),
    data: z.object({ locked_until: zTime }),
    errors: ['TotpNotEnabled', 'TotpInvalid'],
  }),
} as const;
