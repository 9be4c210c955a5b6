import type { Key, ReactNode } from 'react';
import type { PagedItem, PagedPath, PageFilters } from '../api/paging';
import { PagedList } from './paged-list';
import './form.css';

/** Lists whose records carry an `id`, which keys their rows. */
type KeyedPath = {
  [P in PagedPath]: PagedItem<P> extends { readonly id: Key } ? P : never;
}[PagedPath];

/** The row key: every list here has an `id` (a generic P's item does not show it to the compiler). */
function idOf<P extends KeyedPath>(item: PagedItem<P>): Key {
  return (item as PagedItem<KeyedPath>).id;
}

/**
 * A form screen's own records under the form: a title (and filters beside it), then the paged list
 * with a short skeleton, no pull to refresh of its own, and the screen's empty state.
 */
export function RecordsSection<P extends KeyedPath>({
  texts,
  path,
  filters,
  renderItem,
  refreshEvery_ms,
  children,
}: {
  /** The title and the empty state's texts, in the screen's texts. */
  readonly texts: { readonly title: string; readonly emptyTitle: string; readonly emptyBody: string };
  readonly path: P;
  readonly filters: PageFilters<P>;
  readonly renderItem: (item: PagedItem<P>) => ReactNode;
  /** Asks again every so often while on screen, given the rows shown. */
  readonly refreshEvery_ms?: (items: readonly PagedItem<P>[]) => number | false;
  /** Beside the title: a filter of the list. */
  readonly children?: ReactNode;
}): ReactNode {
  return (
    <section className="wrecords">
      <div className="wrecords__head">
        <h2 className="wrecords__title">{texts.title}</h2>
        {children}
      </div>
      <PagedList
        path={path}
        filters={filters}
        pullToRefresh={false}
        skeletonRows={3}
        emptyTitle={texts.emptyTitle}
        emptyBody={texts.emptyBody}
        itemKey={idOf<P>}
        renderItem={renderItem}
        {...(refreshEvery_ms ? { refreshEvery_ms } : {})}
      />
    </section>
  );
}
