/**
 * Spot conditional orders in the writer's memory: per instrument, the resting triggers (engine/triggers.ts),
 * their rows and the last trade price they watch. Built from the store at start and after any rollback, changed
 * only after a commit (a batch that fired some rebuilds them on rollback with the book).
 */

import { and, asc, desc, eq } from 'drizzle-orm';
import { type AlgoShape, restAlgo, TriggerBook } from '../../engine';
import { parseRate } from '../../kernel/units';
import type { AlgoRow, AlgoSlot, SpotBase } from './context';
import { marketTrades, spotAlgoOrders } from './tables';

export type { AlgoRow, AlgoSlot };

/** Resting conditional orders a user may keep per instrument. */
export const ALGO_MAX_PENDING = 100;

export const shapeOf = (r: AlgoRow): AlgoShape => ({
  ordType: r.ordType,
  side: r.side,
  triggerPx: r.triggerPx,
  direction: r.direction,
  tpTriggerPx: r.tpTriggerPx,
  slTriggerPx: r.slTriggerPx,
  callbackRatio: r.callbackRatio === null ? null : parseRate(r.callbackRatio),
  callbackSpread: r.callbackSpread,
  activePx: r.activePx,
  extremePx: r.extremePx,
});

export function algoSlotOf(c: SpotBase, instId: string): AlgoSlot {
  let s = c.algos.get(instId);
  if (!s) {
    s = { book: new TriggerBook(), rows: new Map(), last: null };
    c.algos.set(instId, s);
  }
  return s;
}

/** Rebuilds an instrument's triggers and last price from the store (inside its queue). */
export async function loadAlgos(c: SpotBase, instId: string): Promise<void> {
  const db = c.store.db;
  const rows = await db
    .select()
    .from(spotAlgoOrders)
    .where(and(eq(spotAlgoOrders.instId, instId), eq(spotAlgoOrders.state, 'live')))
    .orderBy(asc(spotAlgoOrders.seq));
  const [lastTrade] = await db
    .select({ price: marketTrades.price })
    .from(marketTrades)
    .where(eq(marketTrades.instId, instId))
    .orderBy(desc(marketTrades.id))
    .limit(1);
  const s: AlgoSlot = { book: new TriggerBook(), rows: new Map(), last: lastTrade?.price ?? null };
  for (const r of rows) {
    restAlgo(s.book, r.id, shapeOf(r), r.seq, s.last);
    s.rows.set(r.id, r);
  }
  c.algos.set(instId, s);
}
