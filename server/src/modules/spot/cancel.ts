/** Canceling own open orders, by id or all of an instrument, through the instruments' writers. */
import assert from 'node:assert/strict';
import { exactOf } from '@nexa/contract';
import { inArray } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { CancelInput, OrderRow, OrderView, PlaceJob, Slot, SpotCtx } from './context';
import { slotOf } from './instruments';
import { isOpen } from './rows';
import { marketOrders } from './tables';
import { orderView } from './views';

/** Cancels the given open orders of one instrument (all of the user's when ids is null), with the writer's next batch. */
function cancelOn(c: SpotCtx, slot: Slot, userId: number, ids: readonly string[] | null, reason: string) {
  const job: PlaceJob = {
    userId,
    o: { instId: slot.inst.instId, side: 'buy', type: 'limit', sz: exactOf(0n, 0) },
    cancel: { ids, reason },
    x: null,
    answer: async () => [],
  };
  return c.writer.submit(slot.inst.instId, job) as Promise<OrderRow[]>;
}

/**
 * Cancels own open orders: by id (every id must be the caller's, else NotFound and nothing is touched;
 * closed ones come back as they are), or all of an instrument. One transaction per instrument.
 */
export async function cancel(c: SpotCtx, userId: number, q: CancelInput): Promise<OrderView[]> {
  if (q.orderIds && q.orderIds.length > 0) {
    const ids = [...new Set(q.orderIds)];
    const rows = await c.store.db.select().from(marketOrders).where(inArray(marketOrders.id, ids));
    if (rows.length !== ids.length || rows.some((r) => r.userId !== userId))
      throw new DomainError('NotFound');
    if (q.instId !== undefined && rows.some((r) => r.instId !== q.instId)) throw new DomainError('NotFound');
    const byInst = new Map<string, string[]>();
    for (const r of rows) {
      if (!isOpen(r.status)) continue;
      byInst.set(r.instId, [...(byInst.get(r.instId) ?? []), r.id]);
    }
    const changed = new Map<string, OrderRow>();
    for (const [instId, open] of byInst) {
      const slot = c.slots.get(instId);
      assert(slot, `open order on unknown instrument ${instId}`);
      for (const row of await cancelOn(c, slot, userId, open, 'user')) changed.set(row.id, row);
    }
    const byId = new Map(rows.map((r) => [r.id, changed.get(r.id) ?? r]));
    return ids.map((id) => orderView(c, byId.get(id) as OrderRow));
  }
  if (q.instId === undefined) throw new ValidationError('order_ids', 'required');
  const slot = slotOf(c, q.instId);
  return (await cancelOn(c, slot, userId, null, 'user')).map((row) => orderView(c, row));
}
