/**
 * Perpetual swaps: one in-memory book and one writer (kernel/group-writer.ts) per contract, positions in
 * net mode with isolated margin, the mark price, funding, liquidation with the insurance fund and
 * auto-deleveraging.
 *
 * Money. Every position's margin is held in one pool, `system:futures:margin`: opening moves margin from the
 * user's futures account into it, reducing pays the released margin plus the realized PnL back (never below
 * zero: a close beyond the bankruptcy price is made whole by the insurance fund, `system:futures:insurance`).
 * Because every fill opens or closes the same number of contracts on both sides, the pool always equals
 * Σ over open positions of (margin − dir × entry value): the audit's zero-sum check for swaps
 * (`poolCheck`). Fees go to `system:fees`. An open limit order keeps the margin and fee of its open
 * contracts frozen in the futures account. Funding moves margin between positions inside the pool; what
 * rounding leaves goes to `system:futures:funding`.
 *
 * Writes. Orders and cancels that queue while a contract's writer commits share one database transaction
 * and one `ledger.postMany` (group commit), as spot orders do; an order refused before it reached the book
 * fails alone, anything failing after the book moved rolls the batch back, rebuilds the book and the
 * positions from the store and runs each order again alone. Liquidations, triggers and funding run in the
 * same queue, one transaction each, so nothing else sees a position half changed.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `submit.ts`, `batch.ts` (a contract's batch in the writer), `place-order.ts` (an order's checks, needs and
 * fills in named steps), `settle-leg.ts` (one side of a fill), `cancel.ts`, `close.ts`, `leverage.ts`,
 * `triggers.ts` (take-profit and stop-loss), `liquidate.ts` (with auto-deleveraging), `funding.ts`, `mark.ts`
 * (the mark price loop), `mirror.ts` (copy trading inside the writer), `queries.ts`, `instruments.ts`,
 * `pools.ts` (the margin pool's check, the demo's fund), `maker-venue.ts` and `start.ts`. `work.ts` and
 * `entry.ts` are what one transaction moves and writes, `restore.ts` rebuilds a contract from the store,
 * `views.ts` answers and publishes; `math.ts` and `guards.ts` hold the arithmetic.
 */

import { createGroupWriter } from '../../kernel/group-writer';
import { fireSwapAlgos, writeSwapAlgos } from './algo-fire';
import { cancelSwapAlgos, placeSwapAlgo } from './algo-place';
import { listSwapAlgos } from './algo-state';
import { beginBatch, runBatch } from './batch';
import { cancel } from './cancel';
import { closeAll, closePosition } from './close';
import type { BatchState, FuturesCtx, FuturesDeps, Job } from './context';
import { crossKept, readFree } from './cross';
import { exportCsv } from './export-csv';
import { settleFunding } from './funding';
import { slotOf } from './instruments';
import { setLeverage } from './leverage';
import { liquidatable } from './liquidate';
import { makerVenue } from './maker-venue';
import { indexOf, tick } from './mark';
import { poolCheck } from './pools';
import {
  account,
  closedCount,
  dailyPnl,
  fundingHistory,
  fundingRates,
  instruments,
  orders,
  positionHistory,
  positions,
  tradedSince,
  tradesAfter,
} from './queries';
import { FUTURES_SETTINGS } from './settings';
import { close, start } from './start';
import { submit } from './submit';
import { setTpSl } from './triggers';
import { publishSnapshot } from './views';
import { afterCommit, recover } from './work';

export {
  FUTURES_SYSTEM,
  type FuturesDeps,
  POSITION_LOSS_TOPIC,
  type PositionView,
  type SwapInstrumentView,
  type SwapOrderRow,
  type SwapOrderView,
  type SwapSubmit,
} from './context';

export function createFutures(deps: FuturesDeps) {
  /** One writer per contract: orders and cancels are group-committed (kernel/group-writer.ts). */
  const writer = createGroupWriter<Job, unknown, BatchState>({
    store: deps.store,
    requests: deps.ledger,
    plan: {
      begin: (instId) => beginBatch(ctx, instId),
      run: (tx, jobs, state) => runBatch(ctx, tx, jobs, state),
      committed: (state) => {
        if (state.work) afterCommit(ctx, state.work);
      },
      rolledBack: async (state) => {
        if (state.work?.touched) await recover(ctx, state.slot);
      },
    },
  });
  const ctx: FuturesCtx = {
    store: deps.store,
    clock: deps.clock,
    log: deps.log,
    ledger: deps.ledger,
    bus: deps.bus,
    config: deps.config,
    assets: deps.assets,
    outbox: deps.outbox,
    limiter: deps.limiter,
    indexPrice: deps.indexPrice,
    compensationOf: deps.compensationOf,
    copy: deps.copy,
    settings: deps.settings.of(FUTURES_SETTINGS),
    slots: new Map(),
    terms: new Map(),
    free: new Map(),
    accounts: new Map(),
    pinned: new Map(),
    algos: new Map(),
    algoWork: {
      fire: (w) => fireSwapAlgos(ctx, w),
      write: (w) => writeSwapAlgos(w),
    },
    writer,
    state: { timer: null, closing: false, freeReadAt: Number.NEGATIVE_INFINITY, freeReading: false },
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: FuturesCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    start: op(start),
    close: op(close),
    tick: op(tick),
    submit: op(submit),
    placeAlgo: op(placeSwapAlgo),
    cancelAlgos: op(cancelSwapAlgos),
    algoOrders: op(listSwapAlgos),
    cancel: op(cancel),
    orders: op(orders),
    setLeverage: op(setLeverage),
    positions: op(positions),
    readFree: op(readFree),
    /** What the user's available balance keeps for their cross positions (a transfer out leaves it). */
    crossKept: op(crossKept),
    closePosition: op(closePosition),
    closeAll: op(closeAll),
    setTpSl: op(setTpSl),
    account: op(account),
    instruments: op(instruments),
    positionHistory: op(positionHistory),
    dailyPnl: op(dailyPnl),
    closedCount: op(closedCount),
    fundingHistory: op(fundingHistory),
    exportCsv: op(exportCsv),
    fundingRates: op(fundingRates),
    poolCheck: op(poolCheck),
    liquidatable: op(liquidatable),
    makerVenue: makerVenue(ctx),
    tradedSince: op(tradedSince),
    tradesAfter: op(tradesAfter),
    instIds: () => [...ctx.slots.keys()],
    /** The index of an underlying (a pinned price over the reference market's); null when there is none. */
    indexPrice: (underlying: string) => indexOf(ctx, underlying),
    /** Pins (or with null unpins) the index of an underlying: risk drills and tests move the mark with it. */
    pinIndex(underlying: string, price: string | null) {
      if (price === null) ctx.pinned.delete(underlying);
      else ctx.pinned.set(underlying, price);
    },
    /** Test hook: settles a period now with the samples so far. */
    settleFunding: (instId: string, fundingTime: number) => {
      const slot = slotOf(ctx, instId);
      return writer.run(instId, () => settleFunding(ctx, slot, fundingTime));
    },
    idle: () => writer.idle(),
    /** Committed batches by size since start: how much the contracts' group commit is sharing. */
    batchSizes: (): ReadonlyMap<number, number> => writer.batchSizes(),
    /** Publishes a contract's whole book again, in its queue (a live feed elsewhere missed part of it). */
    republish: async (instId: string) => {
      const slot = ctx.slots.get(instId);
      if (slot) await writer.run(instId, async () => publishSnapshot(ctx, slot));
    },
  };
}

export type Futures = ReturnType<typeof createFutures>;
