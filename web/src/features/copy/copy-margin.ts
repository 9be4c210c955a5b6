import { COPY_MARGIN_REASONS, formatNumber, formatUpTo } from '@nexa/contract';

export type MarginReason = (typeof COPY_MARGIN_REASONS)[number];
export const MARGIN_REASON_KEYS = COPY_MARGIN_REASONS;

/** What a copy trade says of the margin a copy by amount asked for and opened. */
export interface CopyMargin {
  readonly margin_asked: string | null;
  readonly margin_opened: string | null;
  readonly margin_reason: MarginReason | null;
}

/**
 * The figures of the line "Margin 31.12 of 50 USDT — rounded down to whole contracts" (copy.marginWhy, or
 * copy.marginOf when they agree): the margin opened to the cent, the amount as the user typed it, and the
 * copy.marginReason.* key. Null on trades that did not open a copy by amount.
 */
export function copyMargin(
  r: CopyMargin,
): { opened: string; asked: string; reason: MarginReason | null } | null {
  if (r.margin_asked === null || r.margin_opened === null) return null;
  return {
    opened: formatNumber(r.margin_opened, 2),
    asked: formatUpTo(r.margin_asked, 2),
    reason: r.margin_reason,
  };
}
