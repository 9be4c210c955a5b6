import { formatAmount, parseAmount, RATE_ONE, RATE_SCALE, USDT_SCALE } from '@nexa/contract';

/**
 * Money of the token market, as the server counts it (server/src/market/service/p2p.ts): bigint minor
 * units, decimal strings in and out, no float. A price is USDT per whole token; a purchase of `amount`
 * tokens costs price × amount rounded up to the USDT minor unit; the seller pays the fee on that total,
 * rounded up (rates carry 8 decimals). A purchase of part of a listing is worth the minimum trade value
 * and leaves at least that much; buying all that is left is always allowed. A token's `scale` is the
 * registry's (`useAssets`).
 */
export const QUOTE = 'USDT';
const QUOTE_SCALE = USDT_SCALE;

/** A decimal string in minor units of `scale`; null when it is not one (too many decimals, not a number). */
export function toMinor(text: string, scale: number): bigint | null {
  return parseAmount(text.trim(), scale);
}

export const usdtMinor = (text: string): bigint | null => toMinor(text, QUOTE_SCALE);
export const usdtText = (minor: bigint): string => formatAmount(minor, QUOTE_SCALE);

/** USDT minor units of price × amount, rounded up: what a buyer pays. */
export function costMinor(priceMinor: bigint, amountMinor: bigint, tokenScale: number): bigint {
  const unit = 10n ** BigInt(tokenScale);
  return (priceMinor * amountMinor + unit - 1n) / unit;
}

/** The seller's fee on a USDT total, rounded up; a rate the app cannot read counts as none. */
export function feeMinor(totalMinor: bigint, rate: string): bigint {
  const r = toMinor(rate, RATE_SCALE);
  if (r === null || r <= 0n || r >= RATE_ONE) return 0n;
  return (totalMinor * r + RATE_ONE - 1n) / RATE_ONE;
}

/** One trade's figures as USDT decimal strings. */
export interface TradeFigures {
  /** What the buyer pays. */
  readonly total: string;
  /** What the seller pays out of the total. */
  readonly fee: string;
  /** What the seller receives. */
  readonly net: string;
  readonly totalMinor: bigint;
}

/** The figures of buying (or listing) `amount` of a token of `scale` at `price`; null while either is not a number. */
export function tradeFigures(
  scale: number,
  price: string,
  amount: string,
  feeRate: string,
): TradeFigures | null {
  const p = usdtMinor(price);
  const a = toMinor(amount, scale);
  if (p === null || a === null) return null;
  const total = costMinor(p, a, scale);
  const fee = feeMinor(total, feeRate);
  return { total: usdtText(total), fee: usdtText(fee), net: usdtText(total - fee), totalMinor: total };
}

/** `share` percent of a token amount, cut down to the token's decimals ("All" is 100). */
export function shareOf(scale: number, amount: string, share: number): string {
  const a = toMinor(amount, scale) ?? 0n;
  return formatAmount((a * BigInt(share)) / 100n, scale);
}

/** The most of a listing one can pay for: ⌊available × 10^scale / price⌋, never above what is left. */
export function affordable(
  scale: number,
  price: string,
  remaining: string,
  available: string | null,
): string {
  const left = toMinor(remaining, scale) ?? 0n;
  const p = usdtMinor(price);
  const cash = available === null ? null : usdtMinor(available);
  if (p === null || p <= 0n || cash === null) return formatAmount(left, scale);
  const most = (cash * 10n ** BigInt(scale)) / p;
  return formatAmount(most < left ? most : left, scale);
}

export type BuyProblem =
  | 'required'
  | 'invalid'
  | 'aboveRemaining'
  | 'belowMinimum'
  | 'leavesTooLittle'
  | 'insufficient';

/** The first thing wrong with a purchase, or null when it may be sent. */
export function checkPurchase(
  scale: number,
  price: string,
  amount: string,
  remaining: string,
  available: string | null,
  minUsdt = '0',
): BuyProblem | null {
  if (amount.trim() === '') return 'required';
  const a = toMinor(amount, scale);
  if (a === null || a <= 0n) return 'invalid';
  const left = (toMinor(remaining, scale) ?? 0n) - a;
  if (left < 0n) return 'aboveRemaining';
  const p = usdtMinor(price);
  const min = usdtMinor(minUsdt) ?? 0n;
  if (p !== null && left > 0n) {
    if (costMinor(p, a, scale) < min) return 'belowMinimum';
    if (costMinor(p, left, scale) < min) return 'leavesTooLittle';
  }
  const cash = available === null ? null : usdtMinor(available);
  if (p !== null && cash !== null && costMinor(p, a, scale) > cash) return 'insufficient';
  return null;
}

export type PriceProblem = 'required' | 'invalid';

/** What is wrong with a listing price (USDT, up to 6 decimals, above 0). */
export function checkPrice(price: string): PriceProblem | null {
  if (price.trim() === '') return 'required';
  const p = usdtMinor(price);
  return p === null || p <= 0n ? 'invalid' : null;
}

/** Whether a listing's total reaches the market's minimum (the server answers BelowMinimum otherwise). */
export function meetsMinimum(totalMinor: bigint, minUsdt: string): boolean {
  return totalMinor >= (usdtMinor(minUsdt) ?? 0n);
}

/**
 * How far a price is from the market, in percent with one decimal ("+5.2", "-12.0", "0.0"); null when
 * either is missing or not a positive price.
 */
export function premiumPercent(price: string, market: string | null): string | null {
  if (market === null) return null;
  const p = usdtMinor(price);
  const m = usdtMinor(market);
  if (p === null || m === null || p <= 0n || m <= 0n) return null;
  // Tenths of a percent, rounded half away from zero.
  const diff = (p - m) * 2000n;
  const tenths = (diff >= 0n ? diff + m : diff - m) / (2n * m);
  const sign = tenths > 0n ? '+' : tenths < 0n ? '-' : '';
  const abs = tenths < 0n ? -tenths : tenths;
  return `${sign}${abs / 10n}.${abs % 10n}`;
}
