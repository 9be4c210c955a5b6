/**
 * Spot trading on the order books.
 *
 * - One engine book per instrument in memory, one writer per instrument (kernel/group-writer.ts): orders
 *   and cancels that queue together share one database transaction, each with its own journal entry.
 * - Events go to the bus after the commit (`book.update` with the published sequence, `trade`,
 *   `order.update` per touched order, `ticker`; `book.snapshot` at start and after a rebuild).
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
    /** Refuses new orders; resolves once every queued operation finished. */
    close: () => spot.close(),
  };
}

export type MarketService = ReturnType<typeof createMarket>;
