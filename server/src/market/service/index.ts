/**
 * The market service: the spot order books (spot.ts) and the peer-to-peer token market (p2p.ts).
 *
 * - One engine book per instrument in memory, one writer per instrument (a promise queue, serial.ts).
 * - Every operation is one database transaction with one ledger journal entry; events go to the bus after
 *   the commit (`book.update` with the published sequence, `trade`, `order.update` per touched order,
 *   `ticker`; `book.snapshot` at start and after a rebuild).
 * - On failure after the engine ran, the instrument's book is rebuilt from the store (see spot.ts).
 * - Units and rounding: units.ts.
 */
import { schema } from '../../store';
import type { MarketContext, MarketDeps } from './context';
import { createP2p } from './p2p';
import { createSpot } from './spot';
import type { AssetScale } from './units';

export type { MarketDeps } from './context';
export type { ListingView, SaleView } from './p2p';
export type {
  CancelInput,
  ConvertEstimate,
  DepthView,
  InstrumentView,
  OrderExtras,
  OrderFilter,
  OrderView,
  SubmitInput,
} from './spot';

export function createMarket(deps: MarketDeps) {
  let scales = new Map<string, AssetScale>();
  const ctx: MarketContext = {
    deps,
    ledger: deps.ledger,
    bus: deps.bus,
    scaleOf(symbol: string, required = false): AssetScale {
      const a = scales.get(symbol);
      if (a) return a;
      if (required) throw new Error(`unknown asset ${symbol}`);
      return { symbol, scale: 8 };
    },
  };
  const spot = createSpot(ctx);
  const p2p = createP2p(ctx);

  return {
    ...spot,
    p2p,
    /** Reads the assets, builds every book from the store's open orders and publishes their snapshots. */
    async start(): Promise<void> {
      const rows = await deps.store.db
        .select({ symbol: schema.assets.symbol, scale: schema.assets.scale })
        .from(schema.assets);
      scales = new Map(rows.map((r) => [r.symbol, { symbol: r.symbol, scale: r.scale }]));
      await spot.start();
    },
    /** Lets every queued operation finish. */
    close: () => spot.idle(),
  };
}

export type MarketService = ReturnType<typeof createMarket>;
