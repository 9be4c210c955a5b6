import { z } from 'zod';

/** Shared field shapes. */
export const zAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'invalid_format' })
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

export const zEmpty = z.object({});
export const zNull = z.null();
