/**
 * What every token-market operation is handed: the module's dependencies and its settings. Built once by
 * `createTokenMarket`; also the shapes the operations share (a listing, a sale, their answers, a seller as
 * buyers see them).
 */
import type { ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import type { AssetScale } from '../../kernel/units';
import type { Ledger } from '../../ledger';
import type { TOKEN_MARKET_SETTINGS } from './settings';
import type { p2pListings, p2pSales } from './tables';

export type ListingRow = typeof p2pListings.$inferSelect;
export type SaleRow = typeof p2pSales.$inferSelect;
export type ListingView = ResponseData<'/api/trade/sell'>;
export type SaleView = ResponseData<'/api/trade/buy'>;

/** The asset listings are priced and paid in. */
export const QUOTE = 'USDT';

/** A seller as buyers see them. */
export interface Seller {
  readonly uid: string;
  readonly address: string;
  readonly sales: number;
}
export const NO_SELLER: Seller = { uid: '', address: '', sales: 0 };

export interface TokenMarketDeps extends AppDeps {
  readonly ledger: Ledger;
  /** The platform's price of one unit in USDT at 18 decimals (the one source wallet values read), or null. */
  readonly priceUsdt18: (symbol: string) => Promise<bigint | null>;
}

export interface TokenMarketCtx {
  readonly store: TokenMarketDeps['store'];
  readonly clock: TokenMarketDeps['clock'];
  readonly ledger: Ledger;
  readonly priceUsdt18: TokenMarketDeps['priceUsdt18'];
  readonly settings: Settings<typeof TOKEN_MARKET_SETTINGS>;
  /** An asset's scale (the assets' table). */
  readonly scaleOf: (symbol: string) => AssetScale;
}
