import { and, gte, inArray } from 'drizzle-orm';
import type { Store } from '../../store';
import { swapTrades } from './tables';

/** One fill of a taker order: who was on the other side, and how many contracts. */
export interface CounterpartyFill {
  readonly orderId: string;
  readonly makerUserId: number;
  readonly size: bigint;
}

/**
 * Read-only: who filled the given taker orders (the copy module's surveillance of who its followers trade
 * against). Only fills since `since` are read.
 */
export function createCounterpartyReader(store: Store) {
  return async function counterparties(
    orderIds: readonly string[],
    since: Date,
  ): Promise<CounterpartyFill[]> {
    if (orderIds.length === 0) return [];
    const rows = await store.db
      .select({
        orderId: swapTrades.takerOrderId,
        makerUserId: swapTrades.makerUserId,
        size: swapTrades.size,
      })
      .from(swapTrades)
      .where(and(inArray(swapTrades.takerOrderId, [...orderIds]), gte(swapTrades.createdAt, since)));
    return rows;
  };
}
