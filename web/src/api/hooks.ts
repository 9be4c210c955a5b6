import type { ApiResponse, EndpointPath, ErrorName, RequestInput, ResponseData } from '@nexa/contract';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useLang } from '../i18n';
import { useSession } from '../session';
import { api } from './index';
import { endpointMeta } from './meta';
import { nextPageParam, type PagedItem, type PagedPath, type PageFilters, pageParams } from './paging';

/** A call that did not succeed: `body` is the server's answer, or null when there was none (already toasted). */
export class ApiFailure extends Error {
  readonly body: ApiResponse<unknown> | null;
  constructor(body: ApiResponse<unknown> | null) {
    super(body ? body.msg : 'request failed');
    this.name = 'ApiFailure';
    this.body = body;
  }

  /** Whether the server answered with this error of the contract's catalogue. */
  is(name: ErrorName): boolean {
    return this.body?.error === name;
  }
}

async function call<P extends EndpointPath>(path: P, body: RequestInput<P>): Promise<ResponseData<P>> {
  const answer = await api(path, body);
  if (answer === false) throw new ApiFailure(null);
  if (answer.code !== 200) throw new ApiFailure(answer);
  return answer.data;
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
}

/** One call as a query, keyed by path, body and language (content follows the language). */
export function useApiQuery<P extends EndpointPath>(
  path: P,
  body: RequestInput<P>,
  options: ApiQueryOptions = {},
) {
  const lang = useLang();
  const ready = useCanCall(path);
  return useQuery({
    queryKey: ['api', path, lang, body] as const,
    queryFn: () => call(path, body),
    enabled: ready && (options.enabled ?? true),
    refetchInterval: options.refetchInterval_ms ?? false,
  });
}

/**
 * A paged list call as an infinite query: pages of the endpoint's page size in its list style
 * (`page`+`size` or `page`+`page_num`); the next page is asked while the last one came back full.
 */
export function useApiInfinite<P extends PagedPath>(path: P, filters: PageFilters<P>) {
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
  });
}

/**
 * A call that changes something (money-moving calls and reports) as a mutation. It throws ApiFailure
 * when the call did not succeed; the client has already toasted the server's message by then.
 */
export function useApiMutation<P extends EndpointPath>(path: P) {
  return useMutation<ResponseData<P>, ApiFailure, RequestInput<P>>({
    mutationKey: ['api', path],
    mutationFn: (body) => call(path, body),
  });
}

/** Marks every cached answer of these calls stale (and refetches the ones on screen). */
export function invalidateApi(client: QueryClient, ...paths: EndpointPath[]): Promise<void> {
  return Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: ['api', path] }))).then(
    () => undefined,
  );
}
