/** Starting the books: slots from the configuration, open orders from the store, stale ones canceled. */
import assert from 'node:assert/strict';
import { inArray } from 'drizzle-orm';
import type { OpenOrder } from '../../engine';
import { type Instrument, makeInstrument } from '../../kernel/units';
import type { LedgerAccount } from '../../ledger';
import type { Tx } from '../../store';
import { loadAlgos } from './algo-state';
import type { OrderRow, SpotBase, SpotWriter } from './context';
import { Postings } from './postings';
import { publishSnapshot } from './publish';
import { holdOfRow, newBook, openRows, toOpenOrder } from './rows';
import { marketOrders } from './tables';

function fits(inst: Instrument, row: OrderRow): boolean {
  return (
    row.type === 'limit' &&
    row.price !== null &&
    row.size !== null &&
    row.price > 0n &&
    row.price % inst.tick === 0n &&
    row.size % inst.lot === 0n &&
    row.filledSize % inst.lot === 0n &&
    row.filledSize < row.size
  );
}

async function spotAccount(
  c: SpotBase,
  tx: Tx,
  cache: Map<string, LedgerAccount>,
  userId: number,
  asset: string,
) {
  const key = `${userId}:${asset}`;
  let acc = cache.get(key);
  if (!acc) {
    acc = await c.ledger.account(tx, { userId, asset, kind: 'spot' });
    cache.set(key, acc);
  }
  return acc;
}

/** Open orders the configuration no longer admits (instrument gone, steps changed): canceled, holds released. */
async function cancelStale(c: SpotBase, rows: readonly OrderRow[]): Promise<void> {
  const now = c.clock.now();
  await c.store.db.transaction(async (tx) => {
    const accounts = new Map<string, LedgerAccount>();
    const post = new Postings();
    for (const row of rows) {
      post.release(await spotAccount(c, tx, accounts, row.userId, row.frozenAsset), row.frozenAmount);
    }
    if (post.list.length > 0) {
      await c.ledger.post(tx, {
        cause: 'spot.cancel',
        ref: 'instrument_changed',
        remark: 'instrument changed',
        userId: null,
        postings: post.list,
      });
    }
    await tx
      .update(marketOrders)
      .set({ status: 'canceled', cancelReason: 'instrument_changed', frozenAmount: 0n, updatedAt: now })
      .where(
        inArray(
          marketOrders.id,
          rows.map((r) => r.id),
        ),
      );
  });
  c.log.warn({ orders: rows.length }, 'open orders of changed instruments canceled');
}

/** The slots of the configured instruments, their books empty: the terms every instance knows. */
export async function configure(c: SpotBase): Promise<void> {
  if (c.run.configured) return;
  const { slots } = c;
  const cfg = await c.settings.get('market.instruments');
  for (const x of cfg) {
    if (x.inst_id !== `${x.base}-${x.quote}`)
      throw new Error(`instrument ${x.inst_id} is not ${x.base}-${x.quote}`);
    if (slots.has(x.inst_id)) throw new Error(`instrument ${x.inst_id} configured twice`);
    const inst = makeInstrument(x.inst_id, c.scaleOf(x.base), c.scaleOf(x.quote), x.tick_size, x.lot_size);
    slots.set(x.inst_id, {
      inst,
      book: newBook(inst),
      seqBase: 0,
      dirty: false,
      rows: new Map(),
      open: false,
    });
  }
  c.run.configured = true;
}

/**
 * Builds books from the configuration and the store's open orders (arrival order); they take orders. Every
 * book, or those of `instIds` (cluster mode: the books whose leases this instance took). Open orders the
 * configuration no longer admits are canceled: a book's own with it; those of an instrument no longer
 * configured with every book (one instance), or by `cancelUnlisted` (cluster mode's writers' holder).
 */
export async function start(c: SpotBase, instIds?: readonly string[]): Promise<void> {
  const { slots } = c;
  await configure(c);
  const opening = (instIds ?? [...slots.keys()]).flatMap((id) => {
    const slot = slots.get(id);
    return slot && !slot.open ? [slot] : [];
  });
  if (opening.length === 0) return;
  const stale: OrderRow[] = [];
  const byInst = new Map<string, OpenOrder[]>();
  const rows =
    instIds === undefined
      ? await openRows(c.store.db)
      : (await Promise.all(opening.map((s) => openRows(c.store.db, s.inst.instId)))).flat();
  for (const row of rows) {
    const slot = slots.get(row.instId);
    if (!slot || !fits(slot.inst, row)) {
      stale.push(row);
      continue;
    }
    assert.equal(row.frozenAmount, holdOfRow(slot.inst, row), `order ${row.id} holds the wrong amount`);
    const list = byInst.get(row.instId) ?? [];
    list.push(toOpenOrder(row));
    byInst.set(row.instId, list);
    slot.rows.set(row.id, row);
  }
  if (stale.length > 0) await cancelStale(c, stale);
  for (const slot of opening) {
    await loadAlgos(c, slot.inst.instId);
    slot.book.restore(byInst.get(slot.inst.instId) ?? []);
    slot.open = true;
    publishSnapshot(c, slot);
  }
}

/** Open orders of instruments no longer configured: canceled, their holds released. */
export async function cancelUnlisted(c: SpotBase): Promise<void> {
  await configure(c);
  const stale = (await openRows(c.store.db)).filter((row) => !c.slots.has(row.instId));
  if (stale.length > 0) await cancelStale(c, stale);
}

/**
 * Closes one book (cluster mode: its lease goes to another instance): it refuses new orders at once, lets
 * what queued before commit, then empties its memory so a later `start` of the same instrument builds it
 * from the store again. Its published sequence stays past what it sent, as after a rebuild.
 */
export async function closeBook(
  c: SpotBase & { readonly writer: SpotWriter },
  instId: string,
): Promise<void> {
  const slot = c.slots.get(instId);
  if (!slot?.open) return;
  slot.open = false;
  await c.writer.idle(instId);
  slot.seqBase += slot.book.seq + 1;
  slot.book = newBook(slot.inst);
  slot.rows = new Map();
  slot.dirty = false;
  c.algos.delete(instId);
}
