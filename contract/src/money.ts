import { z } from 'zod';

/** Largest amount the platform accepts anywhere, in whole units: keeps every figure far from overflow and absurdity. */
export const MAX_WHOLE_UNITS = 10n ** 15n;

const DECIMAL_RE = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/** Parse a non-negative decimal string into minor units of the given scale. Returns null when not representable. */
export function parseAmount(text: string, scale: number): bigint | null {
  if (!DECIMAL_RE.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  if (frac.length > scale) return null;
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0');
  if (minor > MAX_WHOLE_UNITS * 10n ** BigInt(scale)) return null;
  return minor;
}

/** Minor units to a plain decimal string without trailing zeros ("1234.5", "-0.01", "0"). */
export function formatAmount(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  const frac = scale > 0 ? (abs % base).toString().padStart(scale, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A decimal string on the wire: digits, optional fraction, never a JSON number, never negative. */
export const zDecimal = z
  .string()
  .regex(DECIMAL_RE, { message: 'invalid_format' })
  .refine((s) => parseAmount(s, 18) !== null, { message: 'too_big' });

/** A strictly positive decimal string. */
export const zPositiveDecimal = zDecimal.refine((s) => /[1-9]/.test(s), { message: 'too_small' });
