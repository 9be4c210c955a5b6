import { loadAlgos } from './algo-state';
import type { Slot, SpotBase } from './context';
import { publishSnapshot } from './publish';
import { newBook, openRows, toOpenOrder } from './rows';

/** Replaces the instrument's book with one built from the store (inside the instrument's queue). */
export async function rebuild(c: SpotBase, slot: Slot): Promise<void> {
  slot.dirty = true;
  const rows = await openRows(c.store.db, slot.inst.instId);
  const book = newBook(slot.inst);
  book.restore(rows.map(toOpenOrder));
  slot.rows = new Map(rows.map((r) => [r.id, r]));
  // The conditional orders and last price as stored (a rolled-back batch may have fired some in memory).
  await loadAlgos(c, slot.inst.instId);
  // Past every sequence published or used so far: a consumer sees the jump and takes the snapshot.
  slot.seqBase += slot.book.seq + 1;
  slot.book = book;
  slot.dirty = false;
  c.log.warn({ instId: slot.inst.instId, orders: rows.length }, 'order book rebuilt from the store');
  publishSnapshot(c, slot);
}
