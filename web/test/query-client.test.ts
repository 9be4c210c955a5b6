import type { ApiResponse } from '@nexa/contract';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiMiss } from '../src/api/client';
import { ApiFailure } from '../src/api/failure';
import { type CallMeta, createQueryClient } from '../src/api/query-client';
import zh from '../src/i18n/locales/zh.json';

/** A business answer of the server, as the client hands it over. */
function refusal(error: string, msg: string): ApiResponse<unknown> {
  return { code: 2001, msg, data: null, error };
}

function setup(): { client: QueryClient; toasts: string[] } {
  const toasts: string[] = [];
  const client = createQueryClient({
    toast: (m) => toasts.push(m),
    serverErrorText: () => zh.messages.serverError,
    retryDelay_ms: 0,
  });
  return { client, toasts };
}

/** A read that fails the way `answer` says, counting its tries. */
async function failingRead(client: QueryClient, answer: ApiResponse<unknown> | ApiMiss, meta?: CallMeta) {
  let tries = 0;
  await client
    .fetchQuery({
      queryKey: ['api', '/api/basic/banner', String(Math.random())],
      queryFn: () => {
        tries++;
        throw new ApiFailure(answer);
      },
      ...(meta ? { meta } : {}),
    })
    .catch(() => undefined);
  return tries;
}

describe('what the user is told when a call fails', () => {
  it('a refused read is toasted once with the server’s words and not asked again', async () => {
    const { client, toasts } = setup();
    const tries = await failingRead(client, refusal('InsufficientBalance', '余额不足'));
    expect(tries).toBe(1);
    expect(toasts).toEqual(['余额不足']);
  });

  it('a read the network lost is asked again, then "server error" is toasted once', async () => {
    const { client, toasts } = setup();
    const tries = await failingRead(client, 'unreachable');
    expect(tries).toBe(4);
    expect(toasts).toEqual([zh.messages.serverError]);
  });

  it('an ended session toasts nothing (the page reloads signed out)', async () => {
    const { client, toasts } = setup();
    expect(await failingRead(client, 'signedOut')).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('a screen that shows an error in place keeps it from the toast, and only that error', async () => {
    const { client, toasts } = setup();
    await failingRead(client, refusal('QuoteExpired', 'expired'), { handles: ['QuoteExpired'] });
    await failingRead(client, refusal('NotFound', 'gone'), { handles: ['QuoteExpired'] });
    await failingRead(client, refusal('MarketUnavailable', 'closed'), { handles: 'all' });
    expect(toasts).toEqual(['gone']);
  });

  it('an unexpected throw is told as a server error, not swallowed', async () => {
    const { client, toasts } = setup();
    await client
      .fetchQuery({
        queryKey: ['api', 'x'],
        queryFn: () => {
          throw new TypeError('boom');
        },
      })
      .catch(() => undefined);
    expect(toasts).toEqual([zh.messages.serverError]);
  });
});

describe('a mutation', () => {
  function watchInvalidations(client: QueryClient): string[] {
    const seen: string[] = [];
    const original = client.invalidateQueries.bind(client);
    client.invalidateQueries = ((filters, options) => {
      const key = filters?.queryKey;
      if (Array.isArray(key)) seen.push(String(key[1]));
      return original(filters, options);
    }) as QueryClient['invalidateQueries'];
    return seen;
  }

  it('is sent once even when the network fails, toasted once, and refreshes what it declares', async () => {
    const { client, toasts } = setup();
    const seen = watchInvalidations(client);
    let sends = 0;
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        sends++;
        throw new ApiFailure('unreachable');
      },
      meta: { refreshes: ['/api/finance/userFinance', '/api/withdraw/list'] },
    });
    await observer.mutate(undefined).catch(() => undefined);
    expect(sends).toBe(1);
    expect(toasts).toEqual([zh.messages.serverError]);
    expect(seen).toEqual(['/api/finance/userFinance', '/api/withdraw/list']);
  });

  it('that succeeds refreshes what it declares and toasts nothing', async () => {
    const { client, toasts } = setup();
    const seen = watchInvalidations(client);
    const observer = new MutationObserver(client, {
      mutationFn: async () => 'ok',
      meta: { refreshes: ['/v1/order/list'] },
    });
    await observer.mutate(undefined);
    expect(toasts).toEqual([]);
    expect(seen).toEqual(['/v1/order/list']);
  });
});
