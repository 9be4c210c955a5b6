import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { useMarkets } from '../../hooks/markets';
import { useTranslation } from '../../i18n';
import { filterMarkets, nextSort, type Sort, type SortKey, sortMarkets } from '../../lib/market-data';
import { IconSort } from '../../ui/icons';
import { MarketListRow } from '../../ui/market-parts';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SearchBox } from '../../ui/search-box';
import { SimulatedMark } from '../../ui/simulated-mark';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import './markets.css';

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

/** Markets (/index1): every ticker live, search, sort by 24 h change or volume; a tap opens Trade. */
export default function MarketsScreen(): ReactNode {
  const { t } = useTranslation();
  const searchId = useId();
  const markets = useMarkets();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(
    () => sortMarkets(filterMarkets(markets.rows, deferredQuery), sort),
    [markets.rows, deferredQuery, sort],
  );
  const onSort = (key: SortKey) => setSort((s) => nextSort(s, key));

  let body: ReactNode;
  if (markets.isPending) body = <ListSkeleton rows={8} />;
  else if (markets.isError) body = <ErrorState onRetry={() => void markets.refetch()} />;
  else if (markets.rows.length === 0)
    body = <EmptyState title={t('markets.emptyTitle')} body={t('markets.emptyBody')} />;
  else if (rows.length === 0)
    body = (
      <EmptyState title={t('markets.noMatch', { query: query.trim() })} body={t('markets.noMatchBody')} />
    );
  else
    body = (
      <div className="mlist">
        {rows.map((row) => (
          <MarketListRow key={row.instId} row={row} />
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
      <div className="mhead" role="presentation">
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
