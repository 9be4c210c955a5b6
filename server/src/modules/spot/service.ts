/**
 * Spot trading on the order books.
 *
 * - One engine book per instrument in memory, one writer per instrument (kernel/group-writer.ts): orders
 *   and cancels that queue together share one database transaction, each with its own journal entry.
 * - Events go to the bus after the commit (`book.update` with the published sequence, `trade`,
 *   `order.update` per touched order, `ticker`; `book.snapshot` at start and after a rebuild).
 * - On failure after the engine ran, the instrument's book is rebuilt from the store (see below).
 * - Units and rounding: kernel/units.ts.
 *
 * The spot market: one in-memory book per instrument, one writer per instrument (kernel/group-writer.ts).
 * Orders that queue while the writer commits are placed together in one database transaction (group commit);
 * each order keeps its own journal entry, and its caller is answered only once that transaction committed.
 * Cancels join the batches; reads run one at a time in the same queue.
 *
 * Failure handling: the engine runs inside the transaction (after the idempotency key is claimed, so a
 * retried request never touches the book twice). An order refused before it reached the book fails alone.
 * If anything fails after the engine ran (an order, the ledger, the commit), the transaction is rolled
 * back and the instrument's book rebuilt from the store's open orders — still inside the instrument's
 * queue, so no other operation ever sees the unwanted state — and a `book.snapshot` with a higher sequence
 * is published; the batch's orders then run again one by one. The book is a cache of the store's open
 * orders, never the other way round.
 *
 * Money: an order's hold is frozen, its fills settled and its unused hold released in one journal
 * transaction; a batch posts all of its orders' entries with one `ledger.postMany`, so its account locks
 * are taken in one ascending round and two instruments' writers never deadlock. Fees are paid in the quote asset: a buyer pays price ×
 * size + fee out of its hold, a seller receives price × size − fee; both fees go to `system:fees`. Each
 * order pays the fee rates in force when it was placed (stored on it), so a rate change never leaves a
 * resting order's hold short. An open order's hold is kept exactly at `holdOf` its open size; surplus (a
 * taker filling at better prices, fee rounding) is released at once.
 *
 * This file assembles the module's context once and hands it to the operations, one file each:
 * `writer.ts` (the spot plan of the group writer), `place-batch.ts` (one batch in its transaction) with
 * `batch.ts`, `place-order.ts`, `cancel-job.ts` and `write-batch.ts`; `plan.ts` (an order checked and its
 * hold worked out), `submit.ts`, `cancel.ts`, `estimate.ts`, `queries.ts`, `start.ts`, `rebuild.ts`,
 * `admin.ts` (operators); `views.ts` and `publish.ts` show orders and books, `rows.ts` and `instruments.ts`
 * hold the rows' and instruments' helpers; `band.ts` and `partial.ts` the price band and partial fills.
 */
import { books, tradedSince } from './admin';
import { cancelAlgos, placeAlgo } from './algo-place';
import { algoOrders } from './algo-queries';
import { cancel } from './cancel';
import type { SpotBase, SpotCtx, SpotDeps } from './context';
import { estimate } from './estimate';
import { exportCsv } from './export-csv';
import { slotOf } from './instruments';
import { publishSnapshot } from './publish';
import {
  depth,
  instruments,
  instrumentsOfOrders,
  midPrice,
  order,
  orders,
  takerFeeRate,
  tradesAfter,
} from './queries';
import { rebuild } from './rebuild';
import { SPOT_SETTINGS } from './settings';
import { cancelUnlisted, closeBook, configure, start } from './start';
import { submit, submitFor } from './submit';
import { createSpotWriter } from './writer';

export type {
  CancelInput,
  ConvertEstimate,
  DepthView,
  InstrumentView,
  OrderExtras,
  OrderFilter,
  OrderRow,
  OrderView,
  SpotDeps,
  SubmitInput,
} from './context';

export function createSpot(deps: SpotDeps) {
  const base: SpotBase = {
    store: deps.store,
    clock: deps.clock,
    log: deps.log,
    ledger: deps.ledger,
    bus: deps.bus,
    outbox: deps.outbox,
    limiter: deps.limiter,
    settings: deps.settings.of(SPOT_SETTINGS),
    indexPrice: deps.indexPrice,
    bookTop: deps.bookTop,
    run: { configured: false },
    scaleOf: (symbol: string) => deps.assets.get(symbol),
    slots: new Map(),
    knownAccounts: new Map(),
    algos: new Map(),
    quietUsers: new Set(),
  };
  const ctx: SpotCtx = { ...base, writer: createSpotWriter(base) };
  const { writer, slots } = ctx;
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: SpotCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    takerFeeRate: op(takerFeeRate),
    /**
     * Builds the books (every one, or those named: cluster mode opens each book on its lease's holder) from
     * the store's open orders and publishes their snapshots.
     */
    start: op(start),
    /**
     * Closes one book (cluster mode: its lease moves to another instance): new orders are refused as
     * retryable, what queued before commits, and its memory is emptied for a later `start`.
     */
    closeBook: op(closeBook),
    /** Open orders on instruments no longer configured: canceled, their holds released (see `start`). */
    cancelUnlisted: op(cancelUnlisted),
    /**
     * Reads the instruments' terms only (their ids and steps), for an instance that does not run the books:
     * the candles and the walk know the instruments; orders, prices and depth come from the books' holder.
     */
    configure: op(configure),
    /** Waits for every queued operation. */
    idle: (): Promise<void> => writer.idle(),
    /** Refuses new orders and cancels; resolves once every queued one is answered. */
    close: async () => {
      await writer.close();
      for (const slot of slots.values()) slot.open = false;
    },
    submit: op(submit),
    placeAlgo: op(placeAlgo),
    cancelAlgos: op(cancelAlgos),
    algoOrders: op(algoOrders),
    submitFor: op(submitFor),
    estimate: op(estimate),
    exportCsv: op(exportCsv),
    midPrice: op(midPrice),
    instrumentsOfOrders: op(instrumentsOfOrders),
    cancel: op(cancel),
    orders: op(orders),
    order: op(order),
    depth: op(depth),
    instruments: op(instruments),
    tradesAfter: op(tradesAfter),
    books: op(books),
    /**
     * The books as the demo's market maker quotes them: the same calls, but whoever quotes through here is no
     * person, and is told of no fills (`fill-notices.ts`).
     */
    makerVenue: {
      instruments: op(instruments),
      books: op(books),
      cancel: op(cancel),
      submit: (userId: number, o: Parameters<typeof submit>[2]) => {
        base.quietUsers.add(userId);
        return submit(ctx, userId, o);
      },
    },
    tradedSince: op(tradedSince),
    /** Instrument ids with a book. */
    instIds: () => [...slots.keys()],
    /** Whether an instrument's book runs here (cluster mode: this instance holds its lease). */
    isOpen: (instId: string) => slots.get(instId)?.open === true,
    /** Committed batches by size since start: how much the writers' group commit is sharing. */
    batchSizes: (): ReadonlyMap<number, number> => writer.batchSizes(),
    /** Publishes a book whole again, in its queue (a live feed elsewhere missed part of it). */
    republish: async (instId: string) => {
      const slot = slots.get(instId);
      if (slot?.open) await writer.run(instId, async () => publishSnapshot(ctx, slot));
    },
    /** Test and operator hook: rebuilds a book from the store in its queue. */
    rebuild: async (instId: string) => {
      const slot = slotOf(ctx, instId);
      await writer.run(instId, () => rebuild(ctx, slot));
    },
  };
}

export type SpotService = ReturnType<typeof createSpot>;
