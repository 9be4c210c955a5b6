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

/** How a division that does not come out even is rounded: down (what the platform pays) or up (what it charges). */
export type Rounding = 'floor' | 'ceil';

/** a × b ÷ c for non-negative a, b and positive c, rounded as asked. The one division of money. */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  if (a < 0n || b < 0n || c <= 0n) throw new RangeError(`mulDiv(${a}, ${b}, ${c}) outside its domain`);
  const n = a * b;
  return rounding === 'floor' ? n / c : (n + c - 1n) / c;
}

/** Rates (fees, price bands, slippage) are fractions below 1 with this many decimals: 0.0008 → 80,000. */
export const RATE_SCALE = 8;
export const RATE_ONE = 10n ** BigInt(RATE_SCALE);

/** A rate text as units of 10^-RATE_SCALE; null when it is not a fraction below 1 with at most RATE_SCALE decimals. */
export function parseRate(text: string): bigint | null {
  const r = parseAmount(text, RATE_SCALE);
  return r !== null && r < RATE_ONE ? r : null;
}

/** amount × rate, rounded as asked (a fee the platform charges rounds up, so no non-zero trade is free). */
export function applyRate(amount: bigint, rate: bigint, rounding: Rounding): bigint {
  return mulDiv(amount, rate, RATE_ONE, rounding);
}

/** USDT, the platform's quote currency, counts in millionths. */
export const USDT_SCALE = 6;
