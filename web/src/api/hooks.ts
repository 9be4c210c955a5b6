import type { EndpointPath, RequestInput, ResponseData } from '@nexa/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useLang } from '../i18n';
import { useSession } from '../session';
import { type ApiFailure, callOrThrow } from './failure';
import { api } from './index';
import { endpointMeta } from './meta';
import { nextPageParam, type PagedItem, type PagedPath, type PageFilters, pageParams } from './paging';
import type { CallMeta } from './query-client';

export { ApiFailure } from './failure';

/** The body of a call that takes none: one object, so a query's key is the same on every render. */
export const NO_BODY = {};
export { invalidateApi } from './query-client';

function call<P extends EndpointPath>(path: P, body: RequestInput<P>): Promise<ResponseData<P>> {
  return callOrThrow(api, path, body);
}

/** Whether the call may run now: a call that needs a session waits for one. */
function useCanCall(path: EndpointPath): boolean {
  const { token } = useSession();
  return !endpointMeta(path).auth || token !== null;
}

export interface ApiQueryOptions {
  readonly enabled?: boolean;
  /** Asks again every so often while on screen (data that grows by itself, such as candles). */
  readonly refetchInterval_ms?: number;
  /** The errors the screen shows in place (not toasted). */
  readonly handles?: CallMeta['handles'];
  /** How long an answer stays fresh (the client's default otherwise); `Infinity` for what changes only with a release. */
  readonly stale_ms?: number;
  /** The answer is the same in every language: one cache entry, kept across a change of language. */
  readonly anyLanguage?: boolean;
}

/** One call as a query, keyed by path, body and language (content follows the language, unless `anyLanguage`). */
export function useApiQuery<P extends EndpointPath>(
  path: P,
  body: RequestInput<P>,
  options: ApiQueryOptions = {},
) {
  const lang = useLang();
  const ready = useCanCall(path);
  return useQuery({
    queryKey: ['api', path, options.anyLanguage ? '*' : lang, body] as const,
    queryFn: () => call(path, body),
    enabled: ready && (options.enabled ?? true),
    refetchInterval: options.refetchInterval_ms ?? false,
    ...(options.stale_ms === undefined ? {} : { staleTime: options.stale_ms }),
    meta: options.handles ? { handles: options.handles } : undefined,
  });
}

/**
 * A paged list call as an infinite query: pages of the endpoint's page size in its list style
 * (`page`+`size` or `page`+`page_num`); the next page is asked while the last one came back full.
 */
export function useApiInfinite<P extends PagedPath>(
  path: P,
  filters: PageFilters<P>,
  options: { readonly refetchInterval?: (items: readonly PagedItem<P>[]) => number | false } = {},
) {
  const lang = useLang();
  const ready = useCanCall(path);
  const endpoint = endpointMeta(path);
  return useInfiniteQuery({
    queryKey: ['api', path, lang, filters, 'pages'] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call(path, { ...filters, ...pageParams(endpoint, pageParam) } as RequestInput<P>) as Promise<{
        list: PagedItem<P>[];
        total: number;
      }>,
    getNextPageParam: (last, all) => nextPageParam(endpoint, last.list.length, all.length),
    enabled: ready,
    placeholderData: keepPreviousData,
    ...(options.refetchInterval
      ? {
          refetchInterval: (q: { state: { data?: { pages: { list: PagedItem<P>[] }[] } | undefined } }) =>
            options.refetchInterval?.(q.state.data?.pages.flatMap((p) => p.list) ?? []) ?? false,
        }
      : {}),
  });
}

/**
 * A call that changes something (money-moving calls and reports) as a mutation. It throws ApiFailure
 * when the call did not succeed; the query client toasts it unless the screen `handles` that error, and
 * refreshes the reads the mutation `refreshes` once it settles (declared here, once per call).
 */
export function useApiMutation<P extends EndpointPath>(path: P, meta: CallMeta = {}) {
  return useMutation<ResponseData<P>, ApiFailure, RequestInput<P>>({
    mutationKey: ['api', path],
    mutationFn: (body) => call(path, body),
    meta,
  });
}
