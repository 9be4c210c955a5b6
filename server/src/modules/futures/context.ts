/**
 * What every perpetual-swap operation is handed: the module's dependencies, its settings, the contracts (each
 * one's book, open orders and positions in memory), the cached ledger accounts and leverages, the pinned index
 * prices and the writer its orders go through. Built once by `createFutures`; also the shapes the operations
 * share (a contract, a position as the writer keeps it, a job and the work of one transaction).
 */
import {
  type ExactDecimal,
  formatAmount,
  type MarginMode,
  type ResponseData,
  USDT_SCALE,
} from '@nexa/contract';
import type { LevelDelta, OrderBook, TriggerBook } from '../../engine';
import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import type { GroupWriter } from '../../kernel/group-writer';
import { randomHex } from '../../kernel/ids';
import type { Settings } from '../../kernel/settings';
import { type Ledger, type LedgerAccount, SYSTEM } from '../../ledger';
import type { CopyPort } from '../../ports/copy';
import type { Tx } from '../../store';
import type { Entry } from './entry';
import type { PositionState, SwapSpec } from './math';
import type { FUTURES_SETTINGS } from './settings';
import type { swapAlgoOrders, swapOrders, swapPositions, swapTrades } from './tables';

export type { MarginMode };

export type SwapOrderRow = typeof swapOrders.$inferSelect;
export type SwapAlgoRow = typeof swapAlgoOrders.$inferSelect;

/** A contract's conditional orders (algo-state.ts): triggers on the last and mark prices, rows, last price. */
export interface SwapAlgoSlot {
  byLast: TriggerBook;
  byMark: TriggerBook;
  rows: Map<string, SwapAlgoRow>;
  last: bigint | null;
  /** A mark check is queued in the contract's writer. */
  markQueued: boolean;
}
export type PositionRow = typeof swapPositions.$inferSelect;
export type SwapOrderView = ResponseData<'/v1/order/submitTrade'>;
export type PositionView = ResponseData<'/v1/futures/positions'>['list'][number];
export type SwapInstrumentView = ResponseData<'/v1/futures/instruments'>['list'][number];
export type OrderSource = SwapOrderRow['source'];

/** The system accounts of swaps. */
export const FUTURES_SYSTEM = {
  pool: 'system:futures:margin',
  fund: 'system:futures:insurance',
  funding: 'system:futures:funding',
  fees: SYSTEM.fees,
  capital: SYSTEM.capital('futures_insurance'),
} as const;

export interface FuturesDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The reference price of a spot instrument (the index), as decimal text; null when there is none yet. */
  readonly indexPrice: (underlying: string) => string | null;
  /** Insurance compensation paid per position id (shown on closed positions). */
  readonly compensationOf: (positionIds: readonly number[]) => Promise<Map<number, bigint>>;
  /** Copy trading, when it runs: followers' orders follow their leads' moves in the same transaction. */
  readonly copy?: () => CopyPort | null;
}

/** The outbox topic of a position that ended by liquidation or its stop-loss with a loss (insurance reads it). */
export const POSITION_LOSS_TOPIC = 'futures.position_loss';

export interface SwapSubmit {
  readonly instId: string;
  readonly side: 'buy' | 'sell';
  readonly type: 'limit' | 'market';
  readonly px?: ExactDecimal | undefined;
  /** Whole contracts. */
  readonly sz: ExactDecimal;
  readonly tif?: 'GTC' | 'IOC' | 'FOK' | 'post_only' | undefined;
  readonly reduceOnly?: boolean | undefined;
  /** When given, the contract's margin mode (the order is refused otherwise). */
  readonly tdMode?: 'cash' | 'isolated' | 'cross' | undefined;
  /** Take-profit and stop-loss (mark) set on the position this order opens or adds to, when it fills. */
  readonly tpTriggerPx?: ExactDecimal | undefined;
  readonly slTriggerPx?: ExactDecimal | undefined;
  readonly request_id?: string | undefined;
}

export interface SwapInst {
  readonly spec: SwapSpec;
  readonly instId: string;
  readonly underlying: string;
  readonly base: string;
  readonly ctText: string;
  readonly tickText: string;
  maxLever: number;
  tiersText: { max_notional: string | null; mmr: string }[];
  enabled: boolean;
  /** The contract's own price band (rate units) and its text; null: the global `futures.price_band`. */
  band: bigint | null;
  bandText: string | null;
}

/** A position as the writer keeps it: its row's fields, mutated only inside its contract's queue. */
export interface Pos extends PositionState {
  id: number | null;
  readonly userId: number;
  side: 'long' | 'short';
  /** Cross: the futures account's available balance is moved in before it would be liquidated (cross.ts). */
  readonly mgnMode: MarginMode;
  maxSize: bigint;
  openValue: bigint;
  openSize: bigint;
  closeValue: bigint;
  closeSize: bigint;
  realized: bigint;
  fee: bigint;
  funding: bigint;
  forfeit: bigint;
  tp: bigint | null;
  sl: bigint | null;
  openedAt: Date;
  updatedAt: Date;
  closed: boolean;
  closeType: PositionRow['closeType'];
  closedAt: Date | null;
  /** Set in the work that ended it by liquidation or its stop-loss (an insurance claim may follow). */
  endedBy?: 'liquidation' | 'stop_out';
}

/** One contract: its book and positions (its writer is the group writer's key `instId`). */
export interface Slot {
  readonly inst: SwapInst;
  book: OrderBook;
  /** Open orders by id. */
  rows: Map<string, SwapOrderRow>;
  /** Open positions by user. */
  positions: Map<number, Pos>;
  /** Liquidation prices of open positions, checked against each mark (a long at or below, a short at or above). */
  mark: bigint | null;
  idx: bigint | null;
  /** Smoothed premium of the book's mid over the index, USDT minor. */
  ema: bigint;
  /** Premium samples (rate units) since the last settlement: the funding rate is their mean. */
  samples: { sum: bigint; n: bigint };
  /** Users with a liquidation or trigger queued (not queued twice). */
  queued: Set<number>;
  /** Users warned of a liquidation near, with the position's state at the warning (id, margin, size). */
  warned: Map<number, string>;
  lastFunding: number;
  dirty: boolean;
}

/** An order or a cancel for its contract's writer. */
export type Job =
  | {
      readonly kind: 'place';
      readonly userId: number;
      readonly o: SwapSubmit;
      readonly source: OrderSource;
    }
  | {
      readonly kind: 'cancel';
      readonly userId: number;
      readonly ids: readonly string[] | null;
    };

/** One batch of a contract: its work, once it started. */
export interface BatchState {
  readonly slot: Slot;
  work: Work | null;
}

export const isOpen = (s: SwapOrderRow['status']) => s === 'new' || s === 'partial_filled';
export const newOrderId = () => `ord_${randomHex(12)}`;
export const abs = (v: bigint) => (v < 0n ? -v : v);
export const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);

/** What one batch (or one liquidation, trigger or settlement) changed, written at its end. */
export interface Work {
  readonly tx: Tx;
  readonly slot: Slot;
  readonly now: Date;
  readonly entries: Entry[];
  readonly orders: Map<string, SwapOrderRow>;
  readonly fresh: Set<string>;
  readonly trades: (typeof swapTrades.$inferInsert)[];
  readonly positions: Set<Pos>;
  readonly deltas: LevelDelta[];
  /** The book's sequence when the work began (its update goes from there to the sequence after it). */
  readonly seqBefore: number;
  /** Running available and frozen of the accounts the work touched (stored value plus what it moved). */
  readonly balances: Map<number, { available: bigint; frozen: bigint }>;
  touched: boolean;
  /** Lead traders whose position moved in the current operation: size before it and their fills. */
  readonly leads: Map<number, { before: bigint; pxSum: bigint; size: bigint; lever: number }>;
  /** Set while followers' orders are placed (their moves are not copied again). */
  mirroring: boolean;
}

export interface FuturesCtx {
  readonly store: FuturesDeps['store'];
  readonly clock: FuturesDeps['clock'];
  readonly log: FuturesDeps['log'];
  readonly ledger: Ledger;
  readonly bus: Bus;
  readonly config: FuturesDeps['config'];
  readonly assets: FuturesDeps['assets'];
  readonly outbox: FuturesDeps['outbox'];
  readonly limiter: FuturesDeps['limiter'];
  readonly indexPrice: FuturesDeps['indexPrice'];
  readonly compensationOf: FuturesDeps['compensationOf'];
  readonly copy: FuturesDeps['copy'];
  readonly settings: Settings<typeof FUTURES_SETTINGS>;
  /** The contracts by instrument id, built at start. */
  readonly slots: Map<string, Slot>;
  /** Leverage and margin mode per `${userId}:${instId}`, read once. */
  readonly terms: Map<string, { readonly lever: number; readonly mode: MarginMode }>;
  /** Futures available balance of the users with a cross position, as last read (cross.ts): their estimates. */
  readonly free: Map<number, bigint>;
  /** The ledger accounts the writer moves (`u:${userId}`, `s:${name}`), read once. */
  readonly accounts: Map<string, LedgerAccount>;
  /** Index prices pinned by a drill or a test, over the reference market's. */
  readonly pinned: Map<string, string>;
  /** Conditional orders' triggers per contract (algo-state.ts), owned by the contract's writer. */
  readonly algos: Map<string, SwapAlgoSlot>;
  /** What a transaction's work does with them before it is written (algo-fire.ts; wired by the service). */
  readonly algoWork: { fire(w: Work): Promise<void>; write(w: Work): Promise<void> };
  /** One writer per contract: orders and cancels are group-committed (kernel/group-writer.ts). */
  readonly writer: GroupWriter<Job, unknown>;
  readonly state: {
    /** The mark price loop, once started. */
    timer: NodeJS.Timeout | null;
    closing: boolean;
    /** The cross positions' available balances (cross.ts): when last read, and a read under way. */
    freeReadAt: number;
    freeReading: boolean;
  };
}
