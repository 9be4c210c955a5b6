import { RATE_ONE } from '@nexa/contract';
import type { LeadMove } from '../../ports/copy';

/*
 * How far from the lead a copy may fill. A follower's mirrored order is an immediate limit order no worse than
 * the lead's average fill price by `copy.price_tolerance`, nor worse than the contract's mark at the lead's
 * fill by `copy.mark_tolerance` (the tighter of the two): a lead's second account resting at the edge of the
 * price band, or a lead filling against it, cannot sell to the followers there. What cannot fill within the
 * limit is skipped or its rest canceled, recorded as `price_tolerance`.
 */

export interface Tolerances {
  /** Fractions at 10^-8 (RATE_ONE = 1). */
  readonly lead: bigint;
  readonly mark: bigint;
}

/** The worst price (USDT minor units, before the writer's rounding to a tick) a copy order may fill at. */
export function copyLimitPrice(
  side: 'buy' | 'sell',
  lead: bigint,
  mark: bigint | null | undefined,
  t: Tolerances,
): bigint | undefined {
  if (lead <= 0n) return undefined;
  const bound = (ref: bigint, tol: bigint) =>
    side === 'buy'
      ? (ref * (RATE_ONE + tol)) / RATE_ONE
      : (ref * (RATE_ONE - tol) + RATE_ONE - 1n) / RATE_ONE;
  const byLead = bound(lead, t.lead);
  if (mark === null || mark === undefined || mark <= 0n) return byLead;
  const byMark = bound(mark, t.mark);
  return side === 'buy' ? (byLead < byMark ? byLead : byMark) : byLead > byMark ? byLead : byMark;
}

/** The limit of a copy order for a lead's move (catch-up reductions have no lead fill: the mark alone). */
export function limitForMove(move: LeadMove, side: 'buy' | 'sell', t: Tolerances): bigint | undefined {
  return copyLimitPrice(side, move.price, move.mark, t);
}

/** Adverse difference of a fill from a reference price, 10^-8: positive is worse for the follower. */
export function adverse(side: 'buy' | 'sell', price: bigint | null, ref: bigint | null | undefined) {
  if (price === null || ref === null || ref === undefined || ref === 0n) return null;
  return ((side === 'buy' ? price - ref : ref - price) * RATE_ONE) / ref;
}
