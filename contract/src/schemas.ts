import { z } from 'zod';

/** An EVM account address: 0x and 40 hex digits. */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** An EVM transaction hash: 0x and 64 hex digits. */
/** A transaction hash: 64 hex digits, with 0x (EVM chains) or without (Tron, Bitcoin). */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;
/** A user's public id: digits (new accounts get eight; six to twelve are accepted). */
export const UID_PATTERN = /^\d{6,12}$/;

/** Whether a transfer may be addressed to this text: an EVM address or a UID (server and app alike). */
export function isRecipientText(text: string): boolean {
  const t = text.trim();
  return EVM_ADDRESS_PATTERN.test(t) || UID_PATTERN.test(t);
}

/** The most machines one purchase may take (the mining catalogue's and the NEU line's). */
export const MAX_MACHINES_A_PURCHASE = 1000;

/** Shared field shapes. */
export const zAddress = z
  .string()
  .regex(EVM_ADDRESS_PATTERN, { message: 'invalid_format' })
  .transform((s) => s.toLowerCase());

export const zHexSignature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, { message: 'invalid_format' });

export const zInviteCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/, { message: 'invalid_format' })
  .transform((s) => s.toUpperCase());

export const zEmail = z.string().trim().max(254).email({ message: 'invalid_format' });

/** ISO 8601 time on the wire. */
export const zTime = z.string();
