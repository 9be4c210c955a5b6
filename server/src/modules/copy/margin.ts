import type { CopyOutcome, LeadMove } from '../../ports/copy';
import type { copyFollows, copyTrades } from './tables';

/*
 * A copy by amount asks for `amount` of margin on every position its lead opens from flat. What the position
 * gets differs: the contracts are whole (`amount × leverage ÷ one contract's value` at the lead's price,
 * rounded down), the follower fills at their own price (and a fill worse than the mark puts that difference
 * into the margin), a fill can stop at the copy's price tolerance or the book's depth, and a copy beyond its
 * budget or the follower's available margin opens nothing. The trade that opens the copy's position records
 * the margin asked, the margin opened and the first of these causes that explains the difference.
 */

type Insert = typeof copyTrades.$inferInsert;
export type MarginReason = NonNullable<Insert['marginReason']>;
export type MarginNote = Pick<Insert, 'marginAsked' | 'marginOpened' | 'marginReason'>;

/** Whether a lead's move opens a position from flat, so that a copy by amount opens its own. */
export const opensFromFlat = (move: LeadMove) => move.before === 0n && move.after !== 0n;

/** The note of a copy skipped before any order (its budget, or an amount under one contract). */
export function skippedMargin(
  f: typeof copyFollows.$inferSelect,
  move: LeadMove,
  reason: MarginReason,
): MarginNote {
  if (f.mode !== 'amount' || f.amount === null || !opensFromFlat(move)) return {};
  return { marginAsked: f.amount, marginOpened: 0n, marginReason: reason };
}

/** The note of a copy's opening order: what its position got against what the amount asked. */
export function openedMargin(f: typeof copyFollows.$inferSelect, move: LeadMove, o: CopyOutcome): MarginNote {
  if (f.mode !== 'amount' || f.amount === null || !opensFromFlat(move)) return {};
  const asked = f.amount;
  const opened = o.sizeAfter === 0n ? 0n : o.marginAfter;
  return { marginAsked: asked, marginOpened: opened, marginReason: why(asked, opened, move, o) };
}

function why(asked: bigint, opened: bigint, move: LeadMove, o: CopyOutcome): MarginReason | null {
  if (opened === asked) return null;
  if (o.filled < o.order.contracts) return o.reason ?? 'no_liquidity';
  // Every contract asked filled: the difference is the rounding to whole contracts, unless the fill price
  // made the margin more than asked or the contracts were exact at the lead's price.
  if (opened < asked && move.marginFor(o.order.contracts, o.order.lever) < asked) return 'lot_size';
  return 'fill_price';
}
