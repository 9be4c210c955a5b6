/**
 * "Large order filled": an order of a pair quoted in USDT whose whole size filled in this batch, for at least
 * `market.large_fill_usdt`, is told to its user in the batch's transaction (so once, and only if it commits).
 * The demo's market maker is no person and is told nothing.
 */
import { formatAmount, parseAmount } from '@nexa/contract';
import { writeNotice } from '../../kernel/notices';
import type { Tx } from '../../store';
import type { OrderRow, SpotBase } from './context';
import { instrumentOf } from './instruments';

/** Rows of a batch that reached `filled` in it (a stored order can change only while it is open). */
export async function noticeLargeFills(c: SpotBase, tx: Tx, rows: Iterable<OrderRow>): Promise<void> {
  const text = await c.settings.get('market.large_fill_usdt');
  const usdt = c.scaleOf('USDT');
  const floor = parseAmount(text, usdt.scale);
  if (floor === null || floor <= 0n) return;
  for (const row of rows) {
    if (row.status !== 'filled' || row.filledQuote < floor || row.filledSize <= 0n) continue;
    if (c.quietUsers.has(row.userId)) continue;
    const inst = instrumentOf(c, row.instId);
    if (inst.quote.symbol !== 'USDT') continue;
    const price = (row.filledQuote * inst.baseUnit) / row.filledSize;
    await writeNotice(c.outbox, tx, {
      userId: row.userId,
      kind: 'large_fill',
      ref: `spot_${row.id}:filled`,
      params: {
        inst: row.instId,
        size: formatAmount(row.filledSize, inst.base.scale),
        price: formatAmount(price, inst.quote.scale),
        value: formatAmount(row.filledQuote, usdt.scale),
      },
    });
  }
}
