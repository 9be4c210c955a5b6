import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import type { AssetScale } from '../../kernel/units';
import type { Ledger } from '../../ledger';

export interface MarketDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The index of a spot instrument (the reference market's price, decimal text); null when there is none. */
  readonly indexPrice?: (instId: string) => string | null;
}

/** What the parts of the market service share. */
export interface MarketContext {
  readonly deps: MarketDeps;
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** Scale of an asset (from the asset registry: an unknown asset is a bug). */
  scaleOf(symbol: string): AssetScale;
}
