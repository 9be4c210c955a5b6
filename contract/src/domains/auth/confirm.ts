import { z } from 'zod';
import { zHexSignature } from '../../schemas';

/**
 * Confirming what moves money: the EIP-712 typed message the wallet that owns the account signs before a
 * withdrawal, a transfer to another user or a large purchase. It names the action, the asset, the amount,
 * where the money goes and a one-time nonce the server issued (`/api/auth/confirmNonce`). The app and the
 * server build it from this one definition, so both sign and check the same bytes.
 */
export const CONFIRM_ACTIONS = ['withdraw', 'transfer', 'purchase'] as const;
export type ConfirmAction = (typeof CONFIRM_ACTIONS)[number];

/** The typed data's domain name and version (the chain id is the server's `CHAIN_ID`). */
export const CONFIRM_DOMAIN = { name: 'Nexa', version: '1' } as const;

export const CONFIRM_TYPES = {
  Confirm: [
    { name: 'action', type: 'string' },
    { name: 'asset', type: 'string' },
    { name: 'amount', type: 'string' },
    { name: 'destination', type: 'string' },
    { name: 'nonce', type: 'string' },
  ],
} as const;

/** What the wallet signs: the fields of the call it confirms, as the user saw them. */
export interface ConfirmMessage {
  readonly action: ConfirmAction;
  readonly asset: string;
  /** The amount as a decimal text ("50", "12.5"); compared by value, not by spelling. */
  readonly amount: string;
  /** A withdrawal's address, a transfer's recipient (address or UID), a purchase's product. */
  readonly destination: string;
  readonly nonce: string;
}

/** The typed data for `signTypedData` / `verifyTypedData` (viem's shape, EIP-712). */
export function confirmTypedData(chainId: number, message: ConfirmMessage) {
  return {
    domain: { ...CONFIRM_DOMAIN, chainId },
    types: CONFIRM_TYPES,
    primaryType: 'Confirm' as const,
    message: { ...message },
  };
}

export const CONFIRM_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A signed confirmation as a call carries it. */
export const zConfirmation = z.object({
  action: z.enum(CONFIRM_ACTIONS),
  asset: z.string().max(20),
  amount: z.string().max(60),
  destination: z.string().max(120),
  nonce: z.string().regex(CONFIRM_NONCE_PATTERN, { message: 'invalid_format' }),
  signature: zHexSignature,
});
export type Confirmation = z.infer<typeof zConfirmation>;

/** A six-digit authenticator code. */
export const zTotpCode = z.string().regex(/^\d{6}$/, { message: 'invalid_format' });

/** What a call that takes a wallet confirmation (and the authenticator's code where one is on) may answer. */
export const CONFIRMATION_ERRORS = [
  'ConfirmationRequired',
  'ConfirmationUnknown',
  'ConfirmationReplayed',
  'ConfirmationExpired',
  'ConfirmationWrongSigner',
  'SignedActionMismatch',
  'SignedAssetMismatch',
  'SignedAmountMismatch',
  'SignedDestinationMismatch',
  'TotpRequired',
  'TotpInvalid',
] as const;

/**
 * A confirmed call's answers: its own, then the confirmation's. A call (not a spread at the top of a module)
 * so the app's build, which marks the contract's calls pure, drops the lists with every schema.
 */
export function withConfirmation<const T extends readonly string[]>(
  own: T,
): readonly [...T, ...typeof CONFIRMATION_ERRORS] {
  return [...own, ...CONFIRMATION_ERRORS];
}
