import { USDT_SCALE } from '@nexa/contract';
import { SHARE_SCALE } from './context';

/** A group's prize pool: the worth of its tickets times its prize share. */
export function prizePool(g: { ticketPrice: bigint; tickets: number; prizeShare: bigint }): bigint {
  const worth = g.ticketPrice * BigInt(g.tickets);
  return (worth * g.prizeShare) / 10n ** BigInt(SHARE_SCALE);
}

/**
 * Tokens one ticket costs: its USDT price over the token's price (USDT at 18 decimals), rounded up to the
 * token's minor unit.
 */
export function tokensPerTicket(price: bigint, p18: bigint, scale: number): bigint {
  const num = price * 10n ** 18n * 10n ** BigInt(scale);
  const den = p18 * 10n ** BigInt(USDT_SCALE);
  return (num + den - 1n) / den;
}
