/** An order row and the book: which rows are open, what an open one holds, and the book built from them. */
import assert from 'node:assert/strict';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createBook, type OpenOrder } from '../../engine';
import { randomHex } from '../../kernel/ids';
import { holdOf, type Instrument, parseRate } from '../../kernel/units';
import type { Tx } from '../../store';
import type { OrderRow, SpotBase } from './context';
import { marketOrders, OPEN_ORDER_STATUSES } from './tables';

export const OPEN = [...OPEN_ORDER_STATUSES];
export const CLOSED: OrderRow['status'][] = ['filled', 'canceled'];
export const isOpen = (s: OrderRow['status']) => s === 'new' || s === 'partial_filled';
export const newOrderId = () => `ord_${randomHex(12)}`;

export const newBook = (inst: Instrument) =>
  // The engine's own minimum is off: the service checks the live minimum (a setting) before placing.
  createBook({ instId: inst.instId, tickSize: inst.tick, lotSize: inst.lot, minNotional: 0n });

export const toOpenOrder = (row: OrderRow): OpenOrder => {
  assert(row.price !== null && row.size !== null, `open order ${row.id} without price or size`);
  return {
    id: row.id,
    userId: row.userId,
    side: row.side,
    price: row.price,
    size: row.size,
    remaining: row.size - row.filledSize,
  };
};

export function holdOfRow(inst: Instrument, row: OrderRow): bigint {
  if (!isOpen(row.status)) return 0n;
  assert(row.price !== null && row.size !== null, `open order ${row.id} without price or size`);
  return holdOf(inst, {
    side: row.side,
    price: row.price,
    remaining: row.size - row.filledSize,
    makerRate: parseRate(row.makerFeeRate),
    takerRate: parseRate(row.takerFeeRate),
  });
}

export async function openRows(db: SpotBase['store']['db'] | Tx, instId?: string): Promise<OrderRow[]> {
  const where = instId
    ? and(eq(marketOrders.instId, instId), inArray(marketOrders.status, OPEN))
    : inArray(marketOrders.status, OPEN);
  return db.select().from(marketOrders).where(where).orderBy(asc(marketOrders.seq));
}
