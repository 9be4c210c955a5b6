import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useMarkets } from '../../hooks/markets';
import { useTranslation } from '../../i18n';
import { type MarketRow, nextSort, type Sort, type SortKey, sortMarkets } from '../../lib/market-data';
import { IconSort, IconStar } from '../../ui/icons';
import { MarketListRow } from '../../ui/market-parts';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SearchBox } from '../../ui/search-box';
import { SimulatedMark } from '../../ui/simulated-mark';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { type Favorites, useFavorites } from './favorites';
import { type MarketTab, searchMarkets, tabRows } from './market-list';
import './markets.css';

/** The names of the assets (Bitcoin, Solana…), so the search finds a market by its coin's name. */
function useAssetNames(): ReadonlyMap<string, string> {
  const { data } = useApiQuery('/v1/basic/currencyList', NO_BODY, {
    stale_ms: Number.POSITIVE_INFINITY,
    anyLanguage: true,
  });
  return useMemo(() => new Map((data ?? []).map((a) => [a.symbol, a.name])), [data]);
}

/** A market row with its star before it: a tap on the star keeps or drops the favourite, the row opens Trade. */
function StarredRow({
  row,
  favorites,
}: {
  readonly row: MarketRow;
  readonly favorites: Favorites;
}): ReactNode {
  const { t } = useTranslation('markets');
  const on = favorites.has(row.instId);
  const pair = `${row.base}/${row.quote}`;
  return (
    <div className="mfrow">
      <button
        type="button"
        className={on ? 'mfrow__star mfrow__star--on' : 'mfrow__star'}
        aria-pressed={on}
        aria-label={t(on ? 'favorites.remove' : 'favorites.add', { pair })}
        onClick={() => favorites.toggle(row.instId)}
      >
        <IconStar fontSize={20} fill={on ? 'currentColor' : 'none'} />
      </button>
      <MarketListRow row={row} />
    </div>
  );
}

function SortHead({
  label,
  sortKey,
  sort,
  onSort,
}: {
  readonly label: string;
  readonly sortKey: SortKey;
  readonly sort: Sort | null;
  readonly onSort: (key: SortKey) => void;
}): ReactNode {
  const dir = sort?.key === sortKey ? sort.dir : null;
  return (
    <button type="button" className="mhead__sort" aria-pressed={dir !== null} onClick={() => onSort(sortKey)}>
      {label}
      <IconSort dir={dir} />
    </button>
  );
}

/**
 * Markets (/index1): every ticker live, a Favourites tab of the starred ones, search by pair or coin name,
 * sort by 24 h change or volume; a tap opens Trade.
 */
export default function MarketsScreen(): ReactNode {
  const { t } = useTranslation('markets');
  const searchId = useId();
  const markets = useMarkets();
  const favorites = useFavorites();
  const names = useAssetNames();
  const [tab, setTab] = useState<MarketTab>('all');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const deferredQuery = useDeferredValue(query);
  const inTab = useMemo(
    () => tabRows(markets.rows, tab, favorites.list),
    [markets.rows, tab, favorites.list],
  );
  const rows = useMemo(
    () => sortMarkets(searchMarkets(inTab, deferredQuery, names), sort),
    [inTab, deferredQuery, names, sort],
  );
  const onSort = (key: SortKey) => setSort((s) => nextSort(s, key));

  let body: ReactNode;
  if (markets.isPending || (tab === 'favorites' && !favorites.ready)) body = <ListSkeleton rows={8} />;
  else if (markets.isError) body = <ErrorState onRetry={() => void markets.refetch()} />;
  else if (markets.rows.length === 0)
    body = <EmptyState title={t('markets.emptyTitle')} body={t('markets.emptyBody')} />;
  else if (inTab.length === 0)
    body = <EmptyState title={t('favorites.emptyTitle')} body={t('favorites.emptyBody')} />;
  else if (rows.length === 0)
    body = (
      <EmptyState title={t('markets.noMatch', { query: query.trim() })} body={t('markets.noMatchBody')} />
    );
  else
    body = (
      <div className="mlist">
        {rows.map((row) => (
          <StarredRow key={row.instId} row={row} favorites={favorites} />
        ))}
      </div>
    );

  return (
    <PullToRefresh onRefresh={markets.refetch}>
      <div className="msearch">
        <SearchBox
          id={searchId}
          label={t('markets.search')}
          clearLabel={t('markets.clearSearch')}
          value={query}
          onChange={setQuery}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
        />
        <SimulatedMark className="msearch__sim" />
      </div>
      <Tabs
        className="mtabs"
        size="m"
        label={t('favorites.tabs')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('favorites.all') },
          { key: 'favorites', label: t('favorites.tab') },
        ]}
      />
      <div className="mhead mhead--starred" role="presentation">
        <span>
          {t('markets.name')} /{' '}
          <SortHead label={t('markets.vol')} sortKey="volume" sort={sort} onSort={onSort} />
        </span>
        <span className="mhead__price">{t('markets.lastPrice')}</span>
        <span className="mhead__change">
          <SortHead label={t('markets.change')} sortKey="change" sort={sort} onSort={onSort} />
        </span>
      </div>
      {body}
    </PullToRefresh>
  );
}
