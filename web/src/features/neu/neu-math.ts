import { CALC_SCALE, multiplyDown } from '../../lib/amounts';

/**
 * The NEU line's figures the screens work out before the server does: the SPA quota a purchase grants, the
 * NEU an SPA exchange pays, an epoch's days. Amounts stay decimal strings and are multiplied as bigint (no
 * float touches an amount, the arithmetic is the web's one amounts library); results are cut down as the
 * server cuts them, to the decimals of the asset's scale in the registry.
 */

/**
 * SPA quota a purchase of machines grants: price × quantity × quota per unit paid, cut to the quota's
 * `scale` (the server issues it rounded down). Null for a quantity that is not a whole number from 1.
 */
export function quotaGranted(
  price: string,
  quantity: number,
  quotaPerPay: string,
  scale: number,
): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return null;
  const paid = multiplyDown(price, String(quantity), CALC_SCALE);
  return paid === null ? null : multiplyDown(paid, quotaPerPay, scale);
}

/** NEU an exchange of `spa` quota pays at `rate` NEU per SPA, rounded down to NEU's `scale`. */
export function spaToNeu(spa: string, rate: string, scale: number): string | null {
  return multiplyDown(spa, rate, scale);
}

/** Days of an emission epoch, first and last included; null for the last epoch, which runs on. */
export function epochDays(firstDay: string, lastDay: string | null): number | null {
  if (lastDay === null) return null;
  const first = Date.parse(`${firstDay}T00:00:00Z`);
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return null;
  return Math.round((last - first) / 86_400_000) + 1;
}
