import { fmt, type Instrument } from '../../kernel/units';
import type { marketOrders } from './tables';

type OrderRow = typeof marketOrders.$inferSelect;

/**
 * Why a closed order filled less than its amount:
 * - `lot_size`: what was left could not buy one more lot at the next price (a market buy by amount; the book
 *   calls it filled);
 * - `book_depth`: the book had nothing more to give (a market buy by amount);
 * - `price_band`: nothing more within the price band from the best price (a market order by size);
 * - `price_limit`: nothing more at the order's own limit (an immediate limit order: IOC or FOK);
 * - `self_trade`: the next resting order was the user's own;
 * - `canceled`: the user (or an operator's change of the instrument) canceled the rest.
 */
export type PartialReason =
  | 'lot_size'
  | 'book_depth'
  | 'price_band'
  | 'price_limit'
  | 'self_trade'
  | 'canceled';

/**
 * What a closed order did not fill (it came back to the balance; nothing is held for a closed order), in the
 * unit of its amount, and why. An open order, or one that filled its whole amount, reports 0 and no reason.
 */
export function partialOf(
  row: OrderRow,
  inst: Instrument,
): { unfilled: string; unfilled_ccy: string; partial_reason: PartialReason | null } {
  const byQuote = row.quoteSize !== null;
  const unit = byQuote ? inst.quote : inst.base;
  const closed = row.status === 'filled' || row.status === 'canceled';
  const rest = byQuote ? (row.quoteSize ?? 0n) - row.filledQuote : (row.size ?? 0n) - row.filledSize;
  if (!closed || rest <= 0n) return { unfilled: '0', unfilled_ccy: unit.symbol, partial_reason: null };
  return { unfilled: fmt(unit, rest), unfilled_ccy: unit.symbol, partial_reason: reasonOf(row, byQuote) };
}

/**
 * The remark of an order's journal entry: "BTC-USDT buy market", and " partial book_depth" when the order
 * closed in that entry short of its amount (what it held for the rest came back in the same entry), so the
 * wallet's records say why without reading the order.
 */
export function orderRemark(row: OrderRow, inst: Instrument): string {
  const head = `${inst.instId} ${row.side} ${row.type}`;
  const { partial_reason } = partialOf(row, inst);
  return partial_reason === null ? head : `${head} partial ${partial_reason}`;
}

function reasonOf(row: OrderRow, byQuote: boolean): PartialReason {
  if (row.status === 'filled') return 'lot_size';
  if (row.cancelReason === 'self_trade') return 'self_trade';
  if (row.cancelReason !== 'remainder') return 'canceled';
  if (byQuote) return 'book_depth';
  return row.type === 'market' ? 'price_band' : 'price_limit';
}
