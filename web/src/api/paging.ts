import type { EndpointPath, RequestInput, ResponseData } from '@nexa/contract';
import type { EndpointMeta } from './meta';

/** Paths whose answer is a page `{list, total}`. */
export type PagedPath = {
  [P in EndpointPath]: ResponseData<P> extends { list: readonly unknown[]; total: number } ? P : never;
}[EndpointPath];

export type PagedItem<P extends PagedPath> =
  ResponseData<P> extends { list: readonly (infer I)[] } ? I : never;

/** A paged call's request without its paging fields. */
export type PageFilters<P extends PagedPath> = Omit<RequestInput<P>, 'page' | 'size' | 'page_num'>;

type PagingOf = Pick<EndpointMeta, 'list' | 'pageSize'>;

/** The paging fields of one page in the endpoint's list style. */
export function pageParams(endpoint: PagingOf, page: number): Record<string, number> {
  if (endpoint.list === 'size') return { page, size: endpoint.pageSize };
  if (endpoint.list === 'page_num') return { page, page_num: endpoint.pageSize };
  throw new Error('not a paged call');
}

/** The next page number while the last page came back full; undefined once a page is short. */
export function nextPageParam(
  endpoint: PagingOf,
  lastPageLength: number,
  pagesLoaded: number,
): number | undefined {
  return lastPageLength >= endpoint.pageSize ? pagesLoaded + 1 : undefined;
}
