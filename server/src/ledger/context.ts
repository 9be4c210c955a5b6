/**
 * What every ledger operation is handed: the store, the clock, and the assets already known to exist (read
 * once). Built once by `createLedger`.
 */
import type { Clock } from '../kernel/clock';
import type { Store } from '../store';

export interface LedgerDeps {
  readonly store: Store;
  readonly clock: Clock;
}

export interface LedgerCtx {
  readonly store: Store;
  readonly clock: Clock;
  /** Assets checked to exist: an account of one is opened without asking again. */
  readonly knownAssets: Set<string>;
}
