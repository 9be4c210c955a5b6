/** The instruments' writer: the spot plan of the one group-commit writer (kernel/group-writer.ts). */
import { createGroupWriter } from '../../kernel/group-writer';
import type { BatchDone, BatchState, PlaceJob, Slot, SpotBase, SpotWriter } from './context';
import { slotOf } from './instruments';
import { placeBatch } from './place-batch';
import { publish } from './publish';
import { rebuild } from './rebuild';
import { isOpen } from './rows';

/** One writer per instrument: orders and cancels are group-committed (kernel/group-writer.ts). */
export function createSpotWriter(c: SpotBase): SpotWriter {
  return createGroupWriter<PlaceJob, unknown, BatchState>({
    store: c.store,
    // Cluster mode: an instance that does not run a book (another holds its lease, or it has not started)
    // never queues on it: its empty book would match, quote and answer beside the holder's. The call routing
    // sends everything to the holder; this refuses, as retryable, whatever else reaches here.
    owns: (instId) => c.slots.get(instId)?.open === true,
    requests: c.ledger,
    plan: {
      async begin(instId) {
        const slot = slotOf(c, instId);
        // A book left dirty by a failed batch is rebuilt first; if the store cannot be read, the batch is refused.
        if (slot.dirty) await rebuild(c, slot);
        return { slot, touched: false, done: null };
      },
      async run(tx, jobs, state) {
        state.done = await placeBatch(c, tx, state.slot, jobs, state);
        return state.done.outcomes;
      },
      committed: (state) => {
        if (state.done) settled(c, state.slot, state.done);
      },
      async rolledBack(state) {
        if (!state.touched) return;
        try {
          await rebuild(c, state.slot);
        } catch (again) {
          c.log.error(
            { err: again, instId: state.slot.inst.instId },
            'order book rebuild failed; retried next time',
          );
        }
      },
    },
  });
}

/** After a batch committed: the caches take its rows and accounts, and its events go out in order. */
function settled(c: SpotBase, slot: Slot, done: BatchDone): void {
  for (const a of done.accounts) c.knownAccounts.set(a.key, a.account);
  for (const row of done.rows) {
    if (isOpen(row.status)) slot.rows.set(row.id, row);
    else slot.rows.delete(row.id);
  }
  // Told inside the queue, in order, so subscribers see each instrument's events in sequence order.
  publish(c, slot, done.events);
}
