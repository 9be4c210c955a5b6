import { Fragment, type Key, type ReactNode } from 'react';
import { useApiInfinite } from '../api/hooks';
import type { PagedItem, PagedPath, PageFilters } from '../api/paging';
import { LoadMore } from './load-more';
import './paged-list.css';
import { PullToRefresh } from './pull-to-refresh';
import { EmptyState, ErrorState, ListSkeleton } from './states';

export interface PagedListProps<P extends PagedPath> {
  /** The contract entry of the list call. */
  readonly path: P;
  readonly filters: PageFilters<P>;
  readonly renderItem: (item: PagedItem<P>, index: number) => ReactNode;
  readonly itemKey: (item: PagedItem<P>, index: number) => Key;
  readonly skeletonRows?: number;
  readonly emptyTitle?: string;
  readonly emptyBody?: string;
  /** Pull to refresh; off where the list sits inside a screen that refreshes as a whole. */
  readonly pullToRefresh?: boolean;
  /** Asks again every so often while on screen, given the rows shown (e.g. while a deposit confirms). */
  readonly refreshEvery_ms?: (items: readonly PagedItem<P>[]) => number | false;
  readonly className?: string;
}

/**
 * The one record list: skeleton while loading, pull to refresh, the next page on scroll until a
 * page comes back short, an empty state and an error state with retry.
 */
export function PagedList<P extends PagedPath>(props: PagedListProps<P>): ReactNode {
  const {
    data,
    isPending,
    isError,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useApiInfinite(props.path, props.filters, {
    ...(props.refreshEvery_ms ? { refetchInterval: props.refreshEvery_ms } : {}),
  });
  const retry = () => void refetch();
  const items = data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (!data) {
    body =
      isError && !isPending ? (
        <ErrorState onRetry={retry} />
      ) : (
        <ListSkeleton rows={props.skeletonRows ?? 6} />
      );
  } else if (items.length === 0) {
    body = isError ? (
      <ErrorState onRetry={retry} />
    ) : (
      <EmptyState
        {...(props.emptyTitle ? { title: props.emptyTitle } : {})}
        {...(props.emptyBody ? { body: props.emptyBody } : {})}
      />
    );
  } else {
    body = (
      <>
        <div className="paged-list__items">
          {items.map((item, i) => (
            <Fragment key={props.itemKey(item, i)}>{props.renderItem(item, i)}</Fragment>
          ))}
        </div>
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          failed={isFetchNextPageError}
          onLoad={() => void fetchNextPage()}
        />
      </>
    );
  }

  const className = props.className ? `paged-list ${props.className}` : 'paged-list';
  const list = (
    <div className={className} aria-busy={isPending}>
      {body}
    </div>
  );
  if (props.pullToRefresh === false) return list;
  return <PullToRefresh onRefresh={() => refetch()}>{list}</PullToRefresh>;
}
