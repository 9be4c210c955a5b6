/** Earn's arithmetic: staking profit, early redemption, loan interest, rates as text. Pure, bigint. */
import { formatAmount, RATE_ONE } from '@nexa/contract';
import { DAY_MS as DAY } from '../../programs/days';

/** Interest of a loan: amount × daily rate × started days (at least one), rounded up. */
export function loanInterest(amount: bigint, dailyRate: bigint, fromMs: number, toMs: number): bigint {
  const days = BigInt(Math.max(1, Math.ceil((toMs - fromMs) / DAY)));
  return (amount * dailyRate * days + RATE_ONE - 1n) / RATE_ONE;
}

const DAYS_A_YEAR = 365n;

/** A day's profit of a staking order: amount × apr ÷ 365, rounded down. */
export function dailyProfit(amount: bigint, apr: bigint): bigint {
  return (amount * apr) / (DAYS_A_YEAR * RATE_ONE);
}

/** The whole profit of a staking order: amount × apr × days ÷ 365, rounded down. */
export function maxProfit(amount: bigint, apr: bigint, days: number): bigint {
  return (amount * apr * BigInt(days)) / (DAYS_A_YEAR * RATE_ONE);
}

/** The daily rate of a yearly one (apr ÷ 365) as text, to 10 decimals. */
export function dailyRateText(apr: bigint): string {
  return formatAmount((apr * 10n ** 10n) / DAYS_A_YEAR, 18).replace(/(\.\d{10})\d+$/, '$1');
}

/** What an early redemption returns: principal less the profit received beyond the flexible rate. */
export function redeemValue(o: { amount: bigint; received: bigint; daysPaid: number }, flexibleApr: bigint) {
  const allowed = maxProfit(o.amount, flexibleApr, o.daysPaid);
  const penalty = o.received > allowed ? o.received - allowed : 0n;
  return { back: o.amount - (penalty < o.amount ? penalty : o.amount), penalty };
}

export const rate8 = (v: bigint) => formatAmount(v, 8);
