import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import type { Ledger } from '../../ledger';
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
  /** Scale of an asset (8 for one no longer listed, unless `required`: then a missing asset is a bug). */
  scaleOf(symbol: string, required?: boolean): AssetScale;
}
