import type { PartialReason, RecordDetail } from '@nexa/contract';

/**
 * Why a record's amount came back, as a wallet text key: a spot order that closed in its entry short of its
 * amount says it partly filled and why (lot size, book depth, price band, own limit, self-trade, canceled),
 * the same fact the order list shows; any other return (a better price than the limit, the fee held in
 * advance, an older record) says what was held and not used.
 */
export function returnedWhyKey(
  detail: RecordDetail | null,
): `records.partial.${PartialReason}` | 'records.returnedWhy' {
  return detail?.kind === 'order' && detail.partial
    ? `records.partial.${detail.partial}`
    : 'records.returnedWhy';
}
