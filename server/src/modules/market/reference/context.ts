/**
 * What the reference market's steps are handed: its dependencies and options, the books it quotes on, and
 * what it keeps while running (the walk, the maker's user, the requote timer). Built once by
 * `createReferenceMarket`; also the venue's shapes the app wires in.
 */
import type { ExactDecimal } from '@nexa/contract';
import type { Bus } from '../../../kernel/bus';
import type { AppDeps } from '../../../kernel/context';
import type { Ledger } from '../../../ledger';
import type { CandleTrade } from '../candles';
import type { SimMarket } from '../sim';

/**
 * Books as the demo's market maker uses them (the app wires the spot market and the swaps in). A swap names
 * its underlying (whose reference price it is quoted around) and its contract value (sizes are contracts).
 * `cancel` (all of an instrument) and `submit` queue their job on the instrument's writer before they return,
 * so what is called together lands in one commit.
 */
export interface MakerVenue {
  instruments(): Promise<
    ReadonlyArray<{
      instId: string;
      tick_size: string;
      lot_size: string;
      underlying?: string;
      ct_val?: string;
    }>
  >;
  cancel(userId: number, q: { instId: string }): Promise<unknown>;
  submit(
    userId: number,
    order: {
      instId: string;
      side: 'buy' | 'sell';
      type: 'limit';
      px: ExactDecimal;
      sz: ExactDecimal;
      tif: 'post_only';
    },
  ): Promise<unknown>;
  /** Every book as operators watch it, with how many resting orders one user (the maker) has on each. */
  books?(userId: number | null): Promise<readonly VenueBook[]>;
}

/** A book's state: enabled, best prices (decimal text), levels and resting orders per side. */
export interface VenueBook {
  readonly instId: string;
  /** A swap's underlying spot instrument. */
  readonly underlying?: string;
  readonly enabled: boolean;
  readonly bestBid: string | null;
  readonly bestAsk: string | null;
  readonly bidLevels: number;
  readonly askLevels: number;
  readonly bidOrders: number;
  readonly askOrders: number;
  readonly userOrders: number;
}

export type ReferenceDeps = AppDeps & {
  ledger: Ledger;
  bus: Bus;
  market: MakerVenue;
  /** The swap books, quoted around their underlying's reference price. */
  swaps?: MakerVenue;
  /** Where the walk starts for an instrument with no candle yet (the wallet's reference prices). */
  referencePrices: () => Promise<Readonly<Record<string, string>>>;
};

export interface ReferenceOptions {
  stepMs: number;
  maker: boolean;
  seed?: number;
  lastPrice?: (instId: string) => string | null;
  /**
   * An instrument without a last price gets `ms` of past walked at once, its trades handed to `record`
   * (the candles) and not to the bus, so the demo's charts and 24-hour figures have a history at once.
   */
  history?: {
    ms: number;
    record: (instId: string, trade: CandleTrade) => void;
    /** Holds the candles' periodic writes while the past is walked; the release. */
    hold?: () => () => void;
  };
}

export interface ReferenceCtx {
  readonly deps: ReferenceDeps;
  readonly opts: ReferenceOptions;
  /** The makers' own draws, apart from the walk's, so the ladder does not change the prices a seed gives. */
  readonly ladderRandom: () => number;
  readonly state: {
    sim: SimMarket | null;
    timer: NodeJS.Timeout | null;
    makerId: number | null;
    /** A requote is running (the next tick skips). */
    busy: boolean;
  };
}
