/**
 * What every spot operation is handed: the module's dependencies, its settings, the books (one slot per
 * instrument), the spot accounts already known, and the instruments' writer. Built once by `createSpot`.
 */
import type { Cause, ExactDecimal, ResponseData } from '@nexa/contract';
import type { LevelDelta, OrderBook, OrderInput, Side, TimeInForce, TriggerBook } from '../../engine';
import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import type { GroupWriter, JobOutcome } from '../../kernel/group-writer';
import type { Settings } from '../../kernel/settings';
import type { AssetScale, Instrument } from '../../kernel/units';
import type { Ledger, LedgerAccount } from '../../ledger';
import type { Tx } from '../../store';
import type { SPOT_SETTINGS } from './settings';
import type { marketOrders, marketTrades, spotAlgoOrders } from './tables';

export interface SpotDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The index of a spot instrument (the reference market's price, decimal text); null when there is none. */
  readonly indexPrice?: (instId: string) => string | null;
  /**
   * A book's best bid and ask (decimal text) as the live feed last carried them: where this process does not
   * run the books (cluster mode, another instance holds them), the wallet's prices read them from here.
   */
  readonly bookTop?: (instId: string) => { readonly bid: string | null; readonly ask: string | null } | null;
}

export type OrderRow = typeof marketOrders.$inferSelect;
export type AlgoRow = typeof spotAlgoOrders.$inferSelect;

/** An instrument's conditional orders (algo-state.ts): resting triggers, their rows, the last trade price. */
export interface AlgoSlot {
  book: TriggerBook;
  /** Resting rows by id. */
  rows: Map<string, AlgoRow>;
  /** The last trade's price (quote minor units); null before the first trade. */
  last: bigint | null;
}
export type TradeRow = typeof marketTrades.$inferSelect;
export type TradeInsert = typeof marketTrades.$inferInsert;
export type OrderView = ResponseData<'/v1/order/submitTrade'>;
export type InstrumentView = ResponseData<'/v1/market/instruments'>['list'][number];
export type DepthView = ResponseData<'/v1/market/depth'>;

export interface SubmitInput {
  readonly instId: string;
  readonly side: Side;
  readonly type: 'limit' | 'market';
  readonly px?: ExactDecimal | undefined;
  readonly sz: ExactDecimal;
  readonly tgtCcy?: 'base_ccy' | 'quote_ccy' | undefined;
  readonly tdMode?: 'cash' | 'isolated' | 'cross' | undefined;
  readonly tif?: TimeInForce | undefined;
  readonly request_id?: string | undefined;
}

/** How an order placed for another service (the wallet's exchange) differs from a trader's order. */
export interface OrderExtras<R> {
  /** Idempotency scope and the request body the request id is bound to. */
  readonly scope: string;
  readonly body: unknown;
  /** Fee rate of the order as taker (never below the market's taker rate). */
  readonly takerRate: string;
  /** Cause and remark of the order's journal entry. */
  readonly cause: Cause;
  readonly remark: string;
  /**
   * Runs inside the order's database transaction once the order and its fills are written, with the order
   * row and its journal entry; its answer is the call's answer. Throwing undoes the order entirely.
   */
  readonly within: (tx: Tx, row: OrderRow, ledgerTxId: number) => Promise<R>;
}

/** What a market order of a given amount would get on the book now. */
export interface ConvertEstimate {
  /** Spent, in the asset given: whole lots of the base for a sell; quote plus fee for a buy. */
  readonly spend: bigint;
  /** Received: quote minus fee for a sell; base for a buy. */
  readonly receive: bigint;
  /** Fee in the quote asset. */
  readonly fee: bigint;
  /** The order's size as sent: base for a sell, quote (fee excluded) for a buy. */
  readonly sz: ExactDecimal;
}

export interface CancelInput {
  readonly orderIds?: readonly string[] | undefined;
  readonly instId?: string | undefined;
}

export interface OrderFilter {
  /** true: new and partial_filled; false: filled and canceled; undefined: all. */
  readonly open?: boolean | undefined;
  readonly instId?: string | undefined;
}

/** One instrument: its book and what it publishes (its writer is the group writer's key `instId`). */
export interface Slot {
  readonly inst: Instrument;
  book: OrderBook;
  /** Added to the engine's seq so the published sequence keeps rising across rebuilds. */
  seqBase: number;
  /** The book may differ from the store (a rebuild failed): rebuild before the next operation. */
  dirty: boolean;
  /**
   * The instrument's open orders as stored, by id: what the book holds, with the rest of each row (a
   * maker's fee rate and hold). Changed only after a commit, reloaded with the book.
   */
  rows: Map<string, OrderRow>;
  /**
   * The book runs here and takes orders (opened by `start`). Cluster mode: each book runs on the holder of
   * its lease; on every other instance its slot only gives the instrument's terms.
   */
  open: boolean;
}

/** One order (or cancel) for its instrument's writer. */
export interface PlaceJob {
  readonly userId: number;
  readonly o: SubmitInput;
  /** A cancel instead of an order: the user's open orders to cancel (all of the instrument's when null). */
  readonly cancel?: { readonly ids: readonly string[] | null; readonly reason: string };
  readonly x: OrderExtras<unknown> | null;
  readonly answer: (tx: Tx, row: OrderRow, ledgerTxId: number) => Promise<unknown>;
}

export interface BatchDone {
  readonly outcomes: JobOutcome<unknown>[];
  readonly events: Published[];
  /** Orders the batch wrote or changed, as committed. */
  readonly rows: readonly OrderRow[];
  /** Accounts created in the batch, known for good once it committed. */
  readonly accounts: { readonly key: string; readonly account: LedgerAccount }[];
}

/** One batch of an instrument: whether it moved the book, and what it did once it ran. */
export interface BatchState {
  readonly slot: Slot;
  touched: boolean;
  done: BatchDone | null;
}

/** An order placed after validation: what goes to the engine and what is held for it. */
export interface Plan {
  readonly input: Omit<OrderInput, 'id'>;
  readonly freezeAsset: AssetScale;
  readonly freeze: bigint;
  /** Stored on the order row. */
  readonly price: bigint | null;
  readonly size: bigint | null;
  readonly quoteSize: bigint | null;
  readonly tif: TimeInForce;
  readonly makerRate: string;
  readonly takerRate: string;
}

export interface Published {
  deltas: LevelDelta[];
  seq: number;
  trades: TradeRow[];
  orders: OrderRow[];
}

/** What the spot operations share, the writer aside (the writer's own steps are built from this). */
export interface SpotBase {
  readonly store: SpotDeps['store'];
  readonly clock: SpotDeps['clock'];
  readonly log: SpotDeps['log'];
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** Where a batch asks for its users' notices (a large order filled), in the batch's transaction. */
  readonly outbox: SpotDeps['outbox'];
  readonly limiter: SpotDeps['limiter'];
  readonly settings: Settings<typeof SPOT_SETTINGS>;
  /** The index of a spot instrument (decimal text), when the app wires one. */
  readonly indexPrice: SpotDeps['indexPrice'];
  readonly bookTop: SpotDeps['bookTop'];
  /**
   * Whether the books run in this process: `configured` once the slots have their instruments' terms (every
   * instance), `open` once the books hold the store's orders and take orders (the books' holder only).
   */
  readonly run: { configured: boolean };
  /** Scale of an asset (from the asset registry: an unknown asset is a bug). */
  scaleOf(symbol: string): AssetScale;
  /** The books, one slot per configured instrument (their terms at `configure`, their orders at start). */
  readonly slots: Map<string, Slot>;
  /** Spot accounts by `user:asset`, once a committed transaction has them (an account never changes). */
  readonly knownAccounts: Map<string, LedgerAccount>;
  /** Conditional orders' triggers per instrument (algo-state.ts), owned by the instrument's writer. */
  readonly algos: Map<string, AlgoSlot>;
  /** Users who quote through `makerVenue` (the demo's market maker): told of no fills. */
  readonly quietUsers: Set<number>;
}

/** The instruments' writer: orders and cancels are group-committed (kernel/group-writer.ts). */
export type SpotWriter = GroupWriter<PlaceJob, unknown>;

export interface SpotCtx extends SpotBase {
  /** One writer per instrument (the group writer's key is the instrument id). */
  readonly writer: SpotWriter;
}
