/** Placing an order: a trader's, or one for another service (the wallet's exchange), through the writer. */
import type { Tx } from '../../store';
import type { OrderExtras, OrderRow, OrderView, PlaceJob, SpotCtx, SubmitInput } from './context';
import { slotOf } from './instruments';
import { orderView } from './views';

export function submit(c: SpotCtx, userId: number, o: SubmitInput): Promise<OrderView> {
  return enqueue(c, userId, o, null, async (_tx, row) => orderView(c, row));
}

/** A market order for another service (the wallet's exchange): its fee, cause and a step in its transaction. */
export function submitFor<R>(c: SpotCtx, userId: number, o: SubmitInput, x: OrderExtras<R>): Promise<R> {
  return enqueue(c, userId, o, x, x.within);
}

/**
 * Hands an order to its instrument's writer: orders that queue while the writer commits are placed
 * together (one transaction, one ledger call, multi-row writes). An order for another service (it writes
 * in the same transaction after the ledger) goes alone, so a batch takes its account locks in one round.
 */
function enqueue<R>(
  c: SpotCtx,
  userId: number,
  o: SubmitInput,
  x: OrderExtras<R> | null,
  answer: (tx: Tx, row: OrderRow, ledgerTxId: number) => Promise<R>,
): Promise<R> {
  const slot = slotOf(c, o.instId);
  const request =
    o.request_id === undefined
      ? undefined
      : { userId, requestId: o.request_id, scope: x?.scope ?? 'spot.submit', body: x?.body ?? o };
  const job: PlaceJob = { userId, o, x: x as OrderExtras<unknown> | null, answer };
  return c.writer.submit(slot.inst.instId, job, { request, alone: x !== null }) as Promise<R>;
}
