import { RATE_ONE } from '@nexa/contract';

/** The platform fee of an order and the part of it for the dividend pool (both rounded down). */
export function splitFee(amount: bigint, rate: bigint, share: bigint) {
  const fee = (amount * rate) / RATE_ONE;
  const dividend = (fee * share) / RATE_ONE;
  return { fee, dividend, revenue: fee - dividend, net: amount - fee };
}
