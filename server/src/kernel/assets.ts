import { type ExactDecimal, minorOf } from '@nexa/contract';
import type { Store } from '../store';
import { schema } from '../store';
import { ValidationError } from './errors';

/** An asset the platform knows: how many minor units a whole unit has, and how many decimals to show. */
export interface AssetInfo {
  readonly symbol: string;
  readonly name: string;
  /** Decimals of the minor unit (USDT 6, BTC 8); every amount of the asset is a bigint of these. */
  readonly scale: number;
  readonly displayPrecision: number;
  readonly kind: 'trading' | 'platform' | 'quota';
  readonly enabled: boolean;
}

/**
 * The one asset registry: read once at start from the store, then answered from memory (safe inside any
 * transaction). An asset it does not know is a bug, never a default scale.
 */
export interface AssetRegistry {
  load(): Promise<void>;
  /** The asset; throws on one the platform does not know. */
  get(symbol: string): AssetInfo;
  /** The asset, or undefined (for input that names an asset: the caller answers a validation error). */
  find(symbol: string): AssetInfo | undefined;
  /** Every asset in the operators' order, enabled or not. */
  list(): readonly AssetInfo[];
}

export function createAssetRegistry(store: Store): AssetRegistry {
  let bySymbol = new Map<string, AssetInfo>();
  let ordered: AssetInfo[] = [];
  return {
    async load() {
      const rows = await store.db.select().from(schema.assets).orderBy(schema.assets.sort);
      ordered = rows.map((r) => ({
        symbol: r.symbol,
        name: r.name,
        scale: r.scale,
        displayPrecision: r.displayPrecision,
        kind: r.kind,
        enabled: r.enabled,
      }));
      bySymbol = new Map(ordered.map((a) => [a.symbol, a]));
    },
    get(symbol) {
      const a = bySymbol.get(symbol);
      if (!a) throw new Error(`unknown asset ${symbol}`);
      return a;
    },
    find: (symbol) => bySymbol.get(symbol),
    list: () => ordered,
  };
}

/**
 * An amount a caller sent (parsed exactly by the contract) in minor units of an asset: more decimals than the
 * asset has fail as `field` with `reason`, the answer each call has always given for it.
 */
export function minorUnits(
  value: ExactDecimal,
  asset: { readonly scale: number },
  field = 'amount',
  reason: 'invalid_value' | 'invalid_format' = 'invalid_value',
): bigint {
  const minor = minorOf(value, asset.scale);
  if (minor === null) throw new ValidationError(field, reason);
  return minor;
}
