/**
 * What every step of a network's watcher is handed: the node (a `ChainSource`), the store, where deposits move
 * money (the deposit book), the confirmations to credit and to be final, the address deriver, and the little it
 * keeps in memory (its loop). Built once by `createWatchCtx`.
 */
import assert from 'node:assert/strict';
import type { Clock } from '../../../kernel/clock';
import type { Store } from '../../../store';
import { createAddressDeriver } from './addresses';
import type { ChainLogger, ChainSource, DepositBook } from './types';

/** Blocks kept in `chain_blocks` beyond the reorganisation window. */
export const EXTRA_REORG_BLOCKS = 10;
/** Ranges scanned by one `poll()` before it turns to crediting (the loop polls again at once while behind). */
export const MAX_STEPS_PER_POLL = 20;
/** Deposits looked at by one crediting pass. */
export const CREDIT_BATCH = 200;

export interface WatcherOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly source: ChainSource;
  /** Extended PUBLIC key; user N's deposit address derives on its family's branch, child N. */
  readonly depositXpub: string;
  /** A deposit is final once its block has this many blocks on top, itself included (≥ 1). */
  readonly confirmations: number;
  /**
   * A deposit is credited (held, not yet movable) once its block has this many; default `confirmations`
   * (credited and final at once). A reorganisation before it is final reverses the credit.
   */
  readonly creditAfter?: number | undefined;
  readonly book: DepositBook;
  /** First block to scan when the chain has no cursor yet; default: the head at the first poll. */
  readonly startBlock?: number | undefined;
  /** The watcher counts as running while its last successful poll is at most this old (default 2 min). */
  readonly staleAfter_ms?: number | undefined;
  readonly log?: ChainLogger | undefined;
}

const consoleLog: ChainLogger = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** Thrown inside a step when the chain changed under it; the step is dropped and retried. */
export class ChainMoved extends Error {}

/** The watcher's loop while it runs. */
export interface Loop {
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
  current: Promise<void>;
}

export function createWatchCtx(opts: WatcherOptions) {
  const { store, clock, source } = opts;
  const { chain } = source;
  assert(chain.length > 0, 'chain name required');
  const confirmations = opts.confirmations;
  assert(Number.isSafeInteger(confirmations) && confirmations >= 1, 'confirmations must be ≥ 1');
  const creditAfter = opts.creditAfter ?? confirmations;
  assert(
    Number.isSafeInteger(creditAfter) && creditAfter >= 1 && creditAfter <= confirmations,
    'creditAfter must be between 1 and confirmations',
  );
  const derive = createAddressDeriver(opts.depositXpub);
  return {
    opts,
    db: store.db,
    clock,
    chain,
    source,
    book: opts.book,
    log: opts.log ?? consoleLog,
    confirmations,
    creditAfter,
    /** Stored block hashes compared against the chain at every step. */
    reorgWindow: confirmations + EXTRA_REORG_BLOCKS,
    staleAfter_ms: opts.staleAfter_ms ?? 120_000,
    derive: (userId: number) => derive(source.family, userId),
    state: { loop: null as Loop | null },
  };
}

export type WatchCtx = ReturnType<typeof createWatchCtx>;
