/** USDT amounts of the cards module: the card account's asset, its text, and the top-up fee. */
import { formatAmount, parseAmount, RATE_ONE, USDT_SCALE } from '@nexa/contract';
import { ValidationError } from '../../kernel/errors';

export const USDT = 'USDT';

export const fmt = (v: bigint) => formatAmount(v, USDT_SCALE);

/** A positive USDT amount from its text, or a ValidationError on `field`. */
export const money = (text: string, field = 'amount') => {
  const v = parseAmount(text, USDT_SCALE);
  if (v === null || v <= 0n) throw new ValidationError(field, 'invalid_value');
  return v;
};

/** The fee of a top-up: amount × rate, rounded up to the minor unit. */
export function topupFee(amount: bigint, rate: bigint): bigint {
  return (amount * rate + RATE_ONE - 1n) / RATE_ONE;
}
