import type { EndpointPath, ResponseData } from '@nexa/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { invalidateApi, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { routePath } from '../../paths';

export type Listing = PagedItem<'/api/trade/sellList'>;
export type Sale = PagedItem<'/api/trade/buyDetail'>;
export type ListingStatus = Listing['status'];

export const LISTING_STATUSES: readonly ListingStatus[] = ['open', 'sold', 'withdrawn'];

/** The tabs of the token market: open listings, mine, my purchases. */
export const TABS = ['market', 'mine', 'buys'] as const;
export type Tab = (typeof TABS)[number];

/** Where the token market opens on a tab (My listings after listing tokens). */
export function tokenMarketPath(tab: Tab = 'market'): string {
  return tab === 'market' ? routePath('tokenMarket') : `${routePath('tokenMarket')}?tab=${tab}`;
}

/** The page of one of my listings. */
export function listingPath(id: number): string {
  return `${routePath('tokenListing')}?id=${id}`;
}

/** The market's terms (listable tokens, the seller's fee rate, the smallest listing) ride on every list answer. */
const TERMS_PROBE = { mine: 1, status: 'open', size: 1 } as const;

/** Fallbacks while the terms are not known yet: the operator defaults of RULES.md. */
const DEFAULT_TERMS = { fee_rate: '0.002', min_usdt: '5', symbols: [] as readonly string[] };

/** A token's market price, cheapest open listing and suggested listing price (USDT per token). */
export type TokenPrices = ResponseData<'/api/trade/sellList'>['prices'][number];

function useTermsQuery() {
  return useApiQuery('/api/trade/sellList', TERMS_PROBE);
}

export function useMarketTerms() {
  const query = useTermsQuery();
  const data = query.data;
  return {
    ...query,
    feeRate: data?.fee_rate ?? DEFAULT_TERMS.fee_rate,
    minUsdt: data?.min_usdt ?? DEFAULT_TERMS.min_usdt,
    symbols: data?.symbols ?? DEFAULT_TERMS.symbols,
    /** The market price, cheapest listing and suggested price of a token; null until known. */
    pricesOf: (symbol: string): TokenPrices | null => data?.prices.find((p) => p.symbol === symbol) ?? null,
  };
}

/** One of my listings by id (in any status); null until known, and when it is not mine or not there. */
export function useMyListing(id: number | null) {
  const query = useApiQuery('/api/trade/sellList', { mine: 1, id: id ?? 0 }, { enabled: id !== null });
  const listing = query.data?.list.find((l) => l.id === id) ?? null;
  return {
    listing,
    loading: id !== null && query.isPending,
    missing: id === null || (query.isSuccess && listing === null),
    isError: query.isError,
    refetch: query.refetch,
  };
}

/** Every list the token market shows, plus balances and the journal: what a sale or withdrawal changes. */
export const MARKET_CALLS: readonly EndpointPath[] = [
  '/api/trade/sellList',
  '/api/trade/sellDetail',
  '/api/trade/buyDetail',
  '/api/finance/userFinance',
  '/api/assets/moneyRecord',
];

export function refreshMarket(client: QueryClient): Promise<void> {
  return invalidateApi(client, ...MARKET_CALLS);
}

/**
 * The token market's lists marked stale and refetched where on screen, without restarting a fetch
 * already under way (a list opening for the first time is fetching already).
 */
export function useFreshLists(): () => void {
  const client = useQueryClient();
  return () => {
    for (const path of ['/api/trade/sellList', '/api/trade/buyDetail'] satisfies EndpointPath[]) {
      void client.invalidateQueries({ queryKey: ['api', path] }, { cancelRefetch: false });
    }
  };
}

export function useRefreshMarket(): () => Promise<void> {
  const client = useQueryClient();
  return () => refreshMarket(client);
}

/** A listing's seller or a sale's counterparty, shortened: "123…78". */
export function shortUid(uid: string): string {
  return uid.length > 6 ? `${uid.slice(0, 3)}…${uid.slice(-2)}` : uid;
}
