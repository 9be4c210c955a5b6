import { z } from 'zod';
import { live } from '../../endpoint';
import { zAddress, zEmail, zHexSignature, zInviteCode, zTime } from '../../schemas';

/** Sign-in with a wallet signature, email codes, sign-out. */
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
  '/api/auth/logout': live('auth', {
    summary: 'End the current session; the token answers 406 afterwards',
    request: z.object({}),
    data: z.null(),
    extension: true,
  }),
} as const;
