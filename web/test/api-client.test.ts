import {
  type ApiResponse,
  computeSign,
  DEFAULT_CLIENT_CONFIG,
  decodeKey,
  openEnvelope,
  sealEnvelope,
} from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { type ApiClientDeps, createApiClient } from '../src/api/client';

const key = decodeKey(DEFAULT_CLIENT_CONFIG.envelopeKey);
const NOW_S = 1_767_225_600;

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

interface Harness {
  deps: ApiClientDeps;
  seen: Seen[];
  reloads: number;
  token: string | null;
}

/** A fake server: `answer` builds the HTTP answer from what the client sent (after opening the envelope). */
function harness(
  answer: (request: Record<string, unknown>) => Promise<Response> | Response,
  opts: { protection?: boolean; token?: string | null } = {},
): Harness {
  const protection = opts.protection ?? true;
  const h: Harness = {
    seen: [],
    reloads: 0,
    token: opts.token === undefined ? 'tok_123' : opts.token,
    deps: undefined as unknown as ApiClientDeps,
  };
  h.deps = {
    config: { ...DEFAULT_CLIENT_CONFIG, protection },
    fetch: async (input, init) => {
      const headers = init?.headers as Record<string, string>;
      const raw = JSON.parse(String(init?.body)) as Record<string, unknown>;
      let request = raw;
      if (protection) {
        const opened = await openEnvelope(String(raw.payload), key);
        if (opened === null) throw new Error('client sent a bad envelope');
        request = JSON.parse(opened) as Record<string, unknown>;
      }
      h.seen.push({ url: String(input), headers, body: request });
      return answer(request);
    },
    getToken: () => h.token,
    clearToken: () => {
      h.token = null;
    },
    langHeader: () => 'korean',
    reload: () => {
      h.reloads++;
    },
    nowSeconds: () => NOW_S,
  };
  return h;
}

async function sealed(body: ApiResponse<unknown>): Promise<Response> {
  return new Response(JSON.stringify({ payload: await sealEnvelope(JSON.stringify(body), key) }), {
    status: 200,
  });
}

function plain(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status });
}

describe('api client', () => {
  it('seals a signed request and opens the sealed answer', async () => {
    const h = harness(() => sealed({ code: 200, msg: 'Success', data: { list: [], total: 0 } }));
    const api = createApiClient(h.deps);
    const answer = await api('/api/basic/news', { page: 2, size: 10 });

    expect(answer).toEqual({ code: 200, msg: 'Success', data: { list: [], total: 0 } });
    const [seen] = h.seen;
    expect(seen?.url).toBe('/api/basic/news');
    expect(seen?.headers.authorization).toBe('tok_123');
    expect(seen?.headers.lang).toBe('korean');
    const body = seen?.body as Record<string, unknown>;
    expect(body).toMatchObject({ page: 2, size: 10, timestamp: NOW_S });
    const { sign, ...rest } = body;
    expect(sign).toBe(computeSign(rest, DEFAULT_CLIENT_CONFIG.signSecret));
  });

  it('names a call’s spot book in the clear for the load balancer, and nothing else', async () => {
    const h = harness(() => sealed({ code: 200, msg: 'Success', data: { bids: [], asks: [] } }));
    const api = createApiClient(h.deps);
    await api('/v1/market/depth', { instId: 'BTC-USDT' });
    await api('/api/basic/news', { page: 1, size: 10 });
    expect(h.seen[0]?.headers['x-nexa-book']).toBe('BTC-USDT');
    expect(h.seen[1]?.headers).not.toHaveProperty('x-nexa-book');
  });

  it('posts with no authorization header when signed out', async () => {
    const h = harness(() => sealed({ code: 200, msg: 'Success', data: [] }), { token: null });
    await createApiClient(h.deps)('/api/basic/banner', {});
    expect(h.seen[0]?.headers).not.toHaveProperty('authorization');
  });

  it('speaks plain JSON both ways when protection is off', async () => {
    const h = harness(() => plain({ code: 200, msg: 'ok', data: [] }), { protection: false });
    const answer = await createApiClient(h.deps)('/api/basic/banner', {});
    expect(answer).toEqual({ code: 200, msg: 'ok', data: [] });
    expect(h.seen[0]?.body).toEqual({});
  });

  it('on 406 with a token: clears it, reloads the page and says the session ended', async () => {
    const h = harness(() => sealed({ code: 406, msg: 'Your session has expired', data: null }));
    const answer = await createApiClient(h.deps)('/api/user/info', {});
    expect(answer).toBe('signedOut');
    expect(h.token).toBeNull();
    expect(h.reloads).toBe(1);
  });

  it('on 406 without a token: says the session ended and does not reload', async () => {
    const h = harness(() => sealed({ code: 406, msg: 'Your session has expired', data: null }), {
      token: null,
    });
    expect(await createApiClient(h.deps)('/api/user/info', {})).toBe('signedOut');
    expect(h.reloads).toBe(0);
  });

  it("on any other code: returns the body as the server sent it (telling the user is the query layer's)", async () => {
    const body = { code: 1035, msg: '초대 코드를 입력하세요', data: null, error: 'InvitationCodeRequired' };
    const h = harness(() => sealed(body));
    const answer = await createApiClient(h.deps)('/api/auth/login', {
      name: '0x0000000000000000000000000000000000000001',
      sign_message: `0x${'1'.repeat(130)}`,
      message: 'm',
    });
    expect(answer).toEqual(body);
    expect(h.token).toBe('tok_123');
  });

  it('sends calls to the API host the deployment names, on the page host by default', async () => {
    const h = harness(() => sealed({ code: 200, msg: 'Success', data: null }));
    await createApiClient(h.deps)('/api/basic/banner', {});
    await createApiClient({ ...h.deps, baseUrl: 'https://web.example.com' })('/api/basic/banner', {});
    expect(h.seen.map((s) => s.url)).toEqual([
      '/api/basic/banner',
      'https://web.example.com/api/basic/banner',
    ]);
  });

  it('on HTTP 500: says the server could not be reached', async () => {
    const h = harness(() => plain({ message: 'boom' }, 500));
    expect(await createApiClient(h.deps)('/api/basic/banner', {})).toBe('unreachable');
  });

  it('on a network failure or an answer that does not open: says the server could not be reached', async () => {
    const down = harness(() => Promise.reject(new TypeError('fetch failed')));
    expect(await createApiClient(down.deps)('/api/basic/banner', {})).toBe('unreachable');

    const tampered = harness(() => plain({ payload: 'bm90IGFuIGVudmVsb3Bl' }));
    expect(await createApiClient(tampered.deps)('/api/basic/banner', {})).toBe('unreachable');
  });
});
