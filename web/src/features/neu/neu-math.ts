import { formatAmount, parseAmount } from '@nexa/contract';

/**
 * The NEU line's figures the screens work out before the server does: the SPA quota a purchase grants, the
 * NEU an SPA exchange pays, an epoch's days. Amounts stay decimal strings and are multiplied as bigint (no
 * float touches an amount); results are cut down as the server cuts them.
 */

/** Decimals of the intermediate products (every wire amount has at most 18). */
const CALC_SCALE = 18;
const CALC_ONE = 10n ** BigInt(CALC_SCALE);

/** SPA and NEU count in 10^-8 (RULES.md: every asset but USDT). */
export const QUOTA_SCALE = 8;
export const NEU_SCALE = 8;

function units(text: string): bigint | null {
  return parseAmount(text.trim(), CALC_SCALE);
}

/** a × b of decimal strings, cut down (never rounded up) to `scale` decimals; null when one is not an amount. */
export function multiplyDown(a: string, b: string, scale: number): string | null {
  const x = units(a);
  const y = units(b);
  if (x === null || y === null) return null;
  const product = (x * y) / CALC_ONE;
  const step = 10n ** BigInt(CALC_SCALE - scale);
  return formatAmount((product / step) * step, CALC_SCALE);
}

/**
 * SPA quota a purchase of machines grants: price × quantity × quota per unit paid, cut to the quota's
 * decimals (the server issues it rounded down). Null for a quantity that is not a whole number from 1.
 */
export function quotaGranted(price: string, quantity: number, quotaPerPay: string): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return null;
  const paid = multiplyDown(price, String(quantity), CALC_SCALE);
  return paid === null ? null : multiplyDown(paid, quotaPerPay, QUOTA_SCALE);
}

/** NEU an exchange of `spa` quota pays at `rate` NEU per SPA, rounded down to NEU's decimals. */
export function spaToNeu(spa: string, rate: string): string | null {
  return multiplyDown(spa, rate, NEU_SCALE);
}

/** Days of an emission epoch, first and last included; null for the last epoch, which runs on. */
export function epochDays(firstDay: string, lastDay: string | null): number | null {
  if (lastDay === null) return null;
  const first = Date.parse(`${firstDay}T00:00:00Z`);
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return null;
  return Math.round((last - first) / 86_400_000) + 1;
}

/** Profit a stake would earn over its term: amount × yearly rate × days ÷ 365, rounded down as the server counts it. */
export function stakeProfit(amount: string, apr: string, days: number, scale: number): string | null {
  if (!Number.isInteger(days) || days < 1) return null;
  const yearly = multiplyDown(amount, apr, CALC_SCALE);
  if (yearly === null) return null;
  const total = units(yearly);
  if (total === null) return null;
  const step = 10n ** BigInt(CALC_SCALE - scale);
  const profit = (total * BigInt(days)) / 365n;
  return formatAmount((profit / step) * step, CALC_SCALE);
}
