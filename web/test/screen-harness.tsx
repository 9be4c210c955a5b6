/**
 * What a web test needs to render a screen without a server: a fake API answered by path (`answers`, with every
 * call kept in `asked`), the browser pieces jsdom lacks (IntersectionObserver, matchMedia), and the app's
 * providers around a screen. A test file hands the fake to Vitest's module mocks, which must stay in the file:
 *
 *   vi.mock('../src/api/index', async (original) =>
 *     (await import('./screen-harness')).fakeApiModule(await original()));
 *   vi.mock('../src/api/meta', async () => (await import('./screen-harness')).fakeMetaModule());
 */
import type { ApiResponse } from '@nexa/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../src/api/query-client';

/** The fake server's answers, by path. */
export const answers = new Map<string, (body: Record<string, unknown>) => unknown>();
/** Every call made, in order. */
export const asked: Array<{ path: string; body: Record<string, unknown> }> = [];

/** A successful envelope. */
export const ok = <T,>(data: T) => ({ code: 200, msg: 'ok', data }) as ApiResponse<T>;

/** The API module with its calls answered by `answers`. */
export function fakeApiModule<M extends object>(original: M): M {
  return {
    ...original,
    api: async (path: string, body: Record<string, unknown>) => {
      asked.push({ path, body });
      const answer = answers.get(path);
      if (!answer) throw new Error(`unexpected call ${path}`);
      return answer(body);
    },
  };
}

/** Each call's metadata straight from the contract (the build's virtual module is not there in tests). */
export async function fakeMetaModule() {
  const { endpoints } = await import('@nexa/contract');
  return {
    endpointMeta: (path: keyof typeof endpoints) => {
      const e = endpoints[path];
      return { auth: e.auth, list: e.list, pageSize: e.pageSize };
    },
  };
}

class NoObserver {
  observe(): void {}
  disconnect(): void {}
  unobserve(): void {}
  takeRecords(): [] {
    return [];
  }
}

/** IntersectionObserver and matchMedia, which jsdom lacks: nothing intersects, no query matches. */
export function stubBrowser(): void {
  vi.stubGlobal('IntersectionObserver', NoObserver);
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** Forgets the answers and the calls of the test before. */
export function resetApi(): void {
  answers.clear();
  asked.length = 0;
}

/** The app's providers around a screen: a fresh query client, a router, a suspense boundary. */
export function App({ children }: { readonly children: ReactNode }): ReactNode {
  const [client] = useState(() =>
    createQueryClient({ toast: () => {}, serverErrorText: () => 'x', retryDelay_ms: 0 }),
  );
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Suspense fallback={null}>{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
