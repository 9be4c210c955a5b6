/**
 * Spot trading on the order books.
 *
 * - One engine book per instrument in memory, one writer per instrument (a promise queue, serial.ts).
 * - Every operation is one database transaction with one ledger journal entry; events go to the bus after
 *   the commit (`book.update` with the published sequence, `trade`, `order.update` per touched order,
 *   `ticker`; `book.snapshot` at start and after a rebuild).
 * - On failure after the engine ran, the instrument's book is rebuilt from the store (see service.ts).
 * - Units and rounding: kernel/units.ts.
 */
import type { MarketContext, MarketDeps } from './context';
import { createSpot } from './service';

export type { MarketDeps } from './context';
export type {
  CancelInput,
  ConvertEstimate,
  DepthView,
  InstrumentView,
  OrderExtras,
  OrderFilter,
  OrderView,
  SubmitInput,
} from './service';

export function createMarket(deps: MarketDeps) {
  const ctx: MarketContext = {
    deps,
    ledger: deps.ledger,
    bus: deps.bus,
    scaleOf: (symbol: string) => deps.assets.get(symbol),
  };
  const spot = createSpot(ctx);
  return {
    ...spot,
    /** Builds every book from the store's open orders and publishes their snapshots. */
    start: () => spot.start(),
    /** Lets every queued operation finish. */
    close: () => spot.idle(),
  };
}

export type MarketService = ReturnType<typeof createMarket>;
