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

/** What a settled group pays out and to whom (docs/rules.md, "Games": a group with demo seats). */
export interface Settlement {
  /** Worth of the real players' tickets, and of the demo seats' (paid by the demo pool). */
  readonly realWorth: bigint;
  readonly demoWorth: bigint;
  /** The prizes of the real players' ranks, paid to them. */
  readonly realPrizes: bigint;
  /** The part of those prizes beyond the real players' own prize share, paid from the demo seats' money. */
  readonly fromDemo: bigint;
  /** What goes back to the demo pool: the demo seats' worth less `fromDemo`. */
  readonly demoBack: bigint;
  /** The platform's: the real players' tickets less the prizes their own money paid. */
  readonly revenue: bigint;
}

/**
 * A settled group's payout. Every rank's prize comes from the one prize table over all tickets (real and demo
 * alike), so a real player's odds and prize are those of any group. The money is kept apart:
 * - real players' prizes are paid from their own prize share (the tickets' worth × prize share) first, and
 *   only beyond it from the demo seats' money;
 * - the rest of the real players' money is the platform's (its share, and the prize money demo seats took);
 * - the rest of the demo seats' money goes back to the demo pool.
 * So real money ends only with real players and the platform, demo money only with real players and the demo
 * pool, and the platform never pays a prize. Without demo seats it is the plain split: prizes, rest to revenue.
 */
export function settlement(
  g: { ticketPrice: bigint; prizeShare: bigint },
  entries: readonly { demo: boolean; tickets: number; reward: bigint }[],
): Settlement {
  let realTickets = 0n;
  let demoTickets = 0n;
  let realPrizes = 0n;
  for (const e of entries) {
    if (e.demo) demoTickets += BigInt(e.tickets);
    else {
      realTickets += BigInt(e.tickets);
      realPrizes += e.reward;
    }
  }
  const realWorth = g.ticketPrice * realTickets;
  const demoWorth = g.ticketPrice * demoTickets;
  const ownShare = (realWorth * g.prizeShare) / 10n ** BigInt(SHARE_SCALE);
  const fromDemo = realPrizes > ownShare ? realPrizes - ownShare : 0n;
  const demoBack = demoWorth - fromDemo;
  const revenue = realWorth - (realPrizes - fromDemo);
  // Never: the prize table pays at most the pool, and the demo seats' part of it is at most their worth.
  if (demoBack < 0n || revenue < 0n) throw new Error('race settlement: a side would pay more than it put in');
  return { realWorth, demoWorth, realPrizes, fromDemo, demoBack, revenue };
}
