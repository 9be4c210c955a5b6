import type { EndpointPath } from '@nexa/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type FailureDeps, type FailureMeta, reportFailure, shouldRetryRead } from './failure';

/** What a query or mutation may say of itself (TanStack Query's `meta`, typed for the whole app). */
export interface CallMeta extends FailureMeta, Record<string, unknown> {
  /** A mutation's reads to refresh once it settles (it may have moved money even when it failed late). */
  readonly refreshes?: readonly EndpointPath[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** Marks every cached answer of these calls stale (and refetches the ones on screen). */
export function invalidateApi(client: QueryClient, ...paths: readonly EndpointPath[]): Promise<void> {
  return Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: ['api', path] }))).then(
    () => undefined,
  );
}

/**
 * The app's query client: every failure is reported once, in one place, after the reads' retries; a
 * mutation refreshes what it declares.
 */
export function createQueryClient(deps: FailureDeps & { readonly retryDelay_ms?: number }): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportFailure(deps, error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => reportFailure(deps, error, mutation.meta),
      onSettled: (_data, _error, _vars, _ctx, mutation) => {
        const refreshes = mutation.meta?.refreshes;
        if (refreshes?.length) void invalidateApi(client, ...refreshes);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        ...(deps.retryDelay_ms === undefined ? {} : { retryDelay: deps.retryDelay_ms }),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // A call that moves money is never sent twice by the client on its own.
      mutations: { retry: false },
    },
  });
  return client;
}
