import { z } from 'zod';

/** Largest amount the platform accepts anywhere, in whole units: keeps every figure far from overflow and absurdity. */
export const MAX_WHOLE_UNITS = 10n ** 15n;

const DECIMAL_RE = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/** 10^n as a bigint, from a table filled on first use (amounts are parsed and shown on every call). */
const POW10: bigint[] = [];
export function pow10(n: number): bigint {
  let p = POW10[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    if (n >= 0 && n <= 64) POW10[n] = p;
  }
  return p;
}

/** Parse a non-negative decimal string into minor units of the given scale. Returns null when not representable. */
export function parseAmount(text: string, scale: number): bigint | null {
  if (!DECIMAL_RE.test(text)) return null;
  const dot = text.indexOf('.');
  const fracLength = dot < 0 ? 0 : text.length - dot - 1;
  if (fracLength > scale) return null;
  // One BigInt of the digits (the dot left out), shifted by the scale's missing places.
  const digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1);
  const minor = BigInt(digits) * pow10(scale - fracLength);
  if (minor > MAX_WHOLE_UNITS * pow10(scale)) return null;
  return minor;
}

/** Minor units to a plain decimal string without trailing zeros ("1234.5", "-0.01", "0"). */
export function formatAmount(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const sign = negative ? '-' : '';
  if (scale <= 0) return `${sign}${abs}`;
  const base = pow10(scale);
  const whole = abs / base;
  const rest = abs - whole * base;
  if (rest === 0n) return `${sign}${whole}`;
  let frac = rest.toString();
  if (frac.length < scale) frac = '0'.repeat(scale - frac.length) + frac;
  let end = frac.length;
  while (frac.charCodeAt(end - 1) === 48) end--;
  return `${sign}${whole}.${frac.slice(0, end)}`;
}

/** A decimal text on the wire: digits, optional fraction, never a JSON number, never negative. */
const zDecimalText = z
  .string()
  .regex(DECIMAL_RE, { message: 'invalid_format' })
  .refine((s) => parseAmount(s, 18) !== null, { message: 'too_big' });

/** A strictly positive decimal text. */
const zPositiveText = zDecimalText.refine((s) => /[1-9]/.test(s), { message: 'too_small' });

declare const exactBrand: unique symbol;

/**
 * A decimal a caller sent, held exactly: `units` × 10^-`decimals`, with no trailing zero in its fraction
 * ("1.50" and "1.5" are both 15 × 10^-1). Carried by the fields whose scale is the asset's that another field
 * (or the server's own terms) names; the server turns it into that asset's minor units.
 */
export type ExactDecimal = { readonly units: bigint; readonly decimals: number } & {
  readonly [exactBrand]: true;
};

/** A non-negative decimal text as an exact value; null when it is not one or exceeds MAX_WHOLE_UNITS. */
export function parseExact(text: string): ExactDecimal | null {
  const units = parseAmount(text, 18);
  return units === null ? null : exactOf(units, 18);
}

/** A decimal text the platform wrote itself (a view's figure, a computed quote) as an exact value; else a bug. */
export function exactText(text: string): ExactDecimal {
  const value = parseExact(text);
  if (value === null) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}

/** The exact value of `minor` minor units of a scale (normalized: trailing zeros of the fraction dropped). */
export function exactOf(minor: bigint, scale: number): ExactDecimal {
  let units = minor;
  let decimals = scale;
  while (decimals > 0 && units % 10n === 0n) {
    units /= 10n;
    decimals -= 1;
  }
  return { units, decimals } as ExactDecimal;
}

/** An exact value in minor units of a scale; null when it has more decimals than the scale holds. */
export function minorOf(value: ExactDecimal, scale: number): bigint | null {
  return value.decimals > scale ? null : value.units * pow10(scale - value.decimals);
}

/**
 * A strictly positive amount whose scale is an asset's the call names elsewhere (a `ccy`, an `instId`, a line):
 * parsed exactly, scaled by the server once it knows the asset.
 */
export const zExactAmount = zPositiveText.transform((s) => parseExact(s) as ExactDecimal);

/** The reasons a fixed-scale field gives for more decimals than its scale (what each call has always answered). */
export type ScaleReason = 'invalid_value' | 'invalid_format' | 'too_small';

/** Turns a checked decimal text into minor units of `scale`; more decimals than that fail with `reason`. */
export function toMinorUnits(scale: number, reason: ScaleReason = 'invalid_value') {
  return (text: string, ctx: z.RefinementCtx): bigint => {
    const minor = parseAmount(text, scale);
    if (minor !== null) return minor;
    ctx.addIssue({ code: 'custom', message: reason, input: text });
    return z.NEVER;
  };
}

/** A strictly positive amount of a fixed scale, as minor units (a bigint) once parsed. */
export function zMinorUnits(scale: number, reason: ScaleReason = 'invalid_value') {
  return zPositiveText.transform(toMinorUnits(scale, reason));
}

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

/** A strictly positive USDT amount or price, as USDT minor units. */
export const zUsdtAmount = zMinorUnits(USDT_SCALE);

/** A strictly positive ratio with RATE_SCALE decimals (not bounded by 1), as units of 10^-RATE_SCALE. */
export const zRatioUnits = zMinorUnits(RATE_SCALE);
