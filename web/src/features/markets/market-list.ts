import { filterMarkets, type MarketRow } from '../../lib/market-data';

/** The Markets screen's tabs: every market, or the user's favourites. */
export type MarketTab = 'all' | 'favorites';

/**
 * Markets matching the query by pair ("btc", "btc/usdt") or by the base asset's name ("bitcoin", "doge"),
 * case-insensitive; an empty query keeps every row.
 */
export function searchMarkets(
  rows: readonly MarketRow[],
  query: string,
  names: ReadonlyMap<string, string>,
): MarketRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...rows];
  const byPair = new Set(filterMarkets(rows, query).map((r) => r.instId));
  return rows.filter((r) => byPair.has(r.instId) || (names.get(r.base)?.toLowerCase().includes(q) ?? false));
}

/** The rows of a tab: every row, or the favourites in the order they were starred. */
export function tabRows(
  rows: readonly MarketRow[],
  tab: MarketTab,
  favorites: readonly string[],
): MarketRow[] {
  if (tab === 'all') return [...rows];
  const byId = new Map(rows.map((r) => [r.instId, r]));
  return favorites.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
