import { isPositiveAmount, subtractAmounts } from '../../lib/amounts';

/** The reasons the server gives for a spot order that filled only part of its amount. */
export const PARTIAL_REASON_KEYS = [
  'lot_size',
  'book_depth',
  'price_band',
  'price_limit',
  'self_trade',
  'canceled',
] as const;
export type PartialReason = (typeof PARTIAL_REASON_KEYS)[number];

/** What the order lists read of an order to say how it ended. */
export interface OrderEnd {
  readonly status: 'new' | 'partial_filled' | 'filled' | 'canceled';
  readonly type: 'limit' | 'market';
  readonly sz: string;
  readonly tgt_ccy: 'base_ccy' | 'quote_ccy';
  readonly filled_sz: string;
  readonly filled_quote: string;
  readonly unfilled?: string | undefined;
  readonly unfilled_ccy?: string | undefined;
  readonly partial_reason?: PartialReason | null | undefined;
}

/**
 * How an order's status reads: a closed order that filled part of its amount is "Partially filled — X
 * returned" (never "Filled"), with why when the server says; an open or fully filled order keeps its status.
 * `key` is a trade.status.* text; `rest` and `unit` fill the partial one.
 */
export function orderOutcome(
  order: OrderEnd,
  units: { readonly base: string; readonly quote: string },
): {
  readonly key: 'new' | 'partial_filled' | 'filled' | 'canceled' | 'partialReturned';
  readonly tone: 'warning' | 'success' | 'muted';
  readonly rest: string | null;
  readonly unit: string;
  readonly reason: PartialReason | null;
} {
  const inQuote = order.tgt_ccy === 'quote_ccy';
  const unit = order.unfilled_ccy ?? (inQuote ? units.quote : units.base);
  const filled = inQuote ? order.filled_quote : order.filled_sz;
  const open = order.status === 'new' || order.status === 'partial_filled';
  // The server's figure when it gives one; an older answer: what a closed market order did not fill.
  const rest = order.unfilled ?? (!open && order.type === 'market' ? subtractAmounts(order.sz, filled) : '0');
  if (!open && isPositiveAmount(filled) && isPositiveAmount(rest)) {
    return { key: 'partialReturned', tone: 'warning', rest, unit, reason: order.partial_reason ?? null };
  }
  const tone = open ? 'warning' : order.status === 'filled' ? 'success' : 'muted';
  return { key: order.status, tone, rest: null, unit, reason: null };
}
