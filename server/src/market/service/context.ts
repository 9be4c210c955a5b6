import type { Bus } from '../../bus';
import type { AppDeps } from '../../context';
import type { Ledger } from '../../ledger';
import type { Tx } from '../../store';
import type { AssetScale } from './units';

export interface MarketDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
}

/** What the parts of the market service share. */
export interface MarketContext {
  readonly deps: MarketDeps;
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** One database transaction, run once per (user, request id) when the caller gave one. */
  runTx<T>(
    userId: number,
    requestId: string | undefined,
    scope: string,
    body: unknown,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<T>;
  /** Scale of an asset (8 for one no longer listed, unless `required`: then a missing asset is a bug). */
  scaleOf(symbol: string, required?: boolean): AssetScale;
}
