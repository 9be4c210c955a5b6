import {
  DEMO_ENVELOPE_KEY,
  decodeKey,
  endpointPaths,
  endpoints,
  findUnsafeText,
  isSafeText,
  sealEnvelope,
} from '@nexa/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { schema } from '../src/store';
import { pruneRequestSigns, registerTransport } from '../src/transport/http';
import { call, rawCall, SIGN_SECRET, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
let token: string;

beforeAll(async () => {
  srv = await startServer();
  ({ token } = await signedInUser(srv));
});
afterAll(() => srv.close());

describe('request protection', () => {
  it('answers an enveloped, signed call with an enveloped {code,msg,data}', async () => {
    const res = await call(srv, '/api/basic/banner');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    const plain = await fetch(`${srv.url}/api/basic/banner`, { method: 'POST', body: '{}' });
    expect(Object.keys(await plain.json())).toEqual(['payload']);
  });

  it('refuses plain JSON while protection is on', async () => {
    const res = await rawCall(srv, '/api/basic/banner', JSON.stringify({ page: 1 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1014, error: 'PlainRequestRefused' });
  });

  it('refuses a bad MAC', async () => {
    const res = await call(
      srv,
      '/api/basic/banner',
      {},
      {
        mutate: ({ payload }) => {
          const outer = JSON.parse(Buffer.from(payload, 'base64').toString());
          outer.mac = outer.mac.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'));
          return { payload: Buffer.from(JSON.stringify(outer)).toString('base64') };
        },
      },
    );
    expect(res.body).toMatchObject({ code: 1010, error: 'BadEnvelope' });
  });

  it('refuses an envelope sealed with another key', async () => {
    const other = decodeKey(Buffer.alloc(32, 9).toString('base64'));
    const payload = await sealEnvelope(JSON.stringify({ timestamp: 1 }), other);
    const res = await rawCall(srv, '/api/basic/banner', JSON.stringify({ payload }));
    expect(res.body.error).toBe('BadEnvelope');
    expect(decodeKey(DEMO_ENVELOPE_KEY)).not.toEqual(other);
  });

  it('refuses a bad sign', async () => {
    const res = await call(srv, '/api/basic/banner', { page: 1 }, { sign: 'A'.repeat(32) });
    expect(res.body).toMatchObject({ code: 1011, error: 'BadSign' });
  });

  it('refuses a body changed after signing', async () => {
    const { computeSign } = await import('@nexa/contract');
    const ts = Math.floor(srv.clock.now().getTime() / 1000);
    const sign = computeSign({ page: 1, timestamp: ts }, SIGN_SECRET);
    const res = await call(srv, '/api/basic/news', { page: 2 }, { sign, timestamp: ts });
    expect(res.body.error).toBe('BadSign');
  });

  it('refuses a timestamp outside ±300 s and accepts one inside', async () => {
    const now = Math.floor(srv.clock.now().getTime() / 1000);
    expect((await call(srv, '/api/basic/banner', {}, { timestamp: now - 301 })).body.error).toBe(
      'StaleTimestamp',
    );
    expect((await call(srv, '/api/basic/banner', {}, { timestamp: now + 301 })).body.error).toBe(
      'StaleTimestamp',
    );
    expect((await call(srv, '/api/basic/banner', {}, { timestamp: now - 299 })).body.code).toBe(200);
  });

  it('refuses a replayed request', async () => {
    let captured = '';
    const first = await call(
      srv,
      '/api/basic/banner',
      { x: 1 },
      {
        mutate: (sealed) => {
          captured = JSON.stringify(sealed);
          return sealed;
        },
      },
    );
    expect(first.body.code).toBe(200);
    const again = await rawCall(srv, '/api/basic/banner', captured);
    expect(again.body).toMatchObject({ code: 1013, error: 'ReplayedRequest' });
  });

  it('forgets signs too old to replay, and a fresh replay is still refused', async () => {
    let old = '';
    await call(
      srv,
      '/api/basic/banner',
      { y: 1 },
      {
        mutate: (sealed) => {
          old = JSON.stringify(sealed);
          return sealed;
        },
      },
    );
    const count = async () => (await srv.app.deps.store.db.select().from(schema.requestSigns)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    srv.clock.advance(601_000);
    try {
      let fresh = '';
      await call(
        srv,
        '/api/basic/banner',
        { y: 2 },
        {
          mutate: (sealed) => {
            fresh = JSON.stringify(sealed);
            return sealed;
          },
        },
      );
      expect(await pruneRequestSigns(srv.app.deps)).toBe(before);
      expect(await count()).toBe(1);
      expect((await rawCall(srv, '/api/basic/banner', fresh)).body.error).toBe('ReplayedRequest');
      // The pruned one is outside the time window: refused as stale, never taken twice.
      expect((await rawCall(srv, '/api/basic/banner', old)).body.error).toBe('StaleTimestamp');
    } finally {
      srv.clock.advance(-601_000);
    }
  });

  it('answers malformed JSON with a business error, HTTP 200', async () => {
    const res = await rawCall(srv, '/api/basic/banner', '{"payload": ');
    expect(res.status).toBe(200);
    expect(res.body.error).toBe('BadEnvelope');
  });

  it('refuses a body over 1 MiB with HTTP 413', async () => {
    const res = await rawCall(
      srv,
      '/api/basic/banner',
      JSON.stringify({ payload: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect(res.status).toBe(413);
  });
});

describe('sessions and answers', () => {
  it('answers 406 to a call needing a token when there is none or it is unknown', async () => {
    expect((await call(srv, '/api/user/info')).body).toMatchObject({ code: 406, error: 'SessionInvalid' });
    expect((await call(srv, '/api/user/info', {}, { token: 'nope' })).body.code).toBe(406);
  });

  it('accepts the token raw or with Bearer', async () => {
    expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(200);
    expect((await call(srv, '/api/user/info', {}, { token: `Bearer ${token}` })).body.code).toBe(200);
  });

  it('localizes msg by the lang header', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'Your session has expired, please sign in again'],
      ['zh_CN', '登录已失效，请重新登录'],
      ['korean', '세션이 만료되었습니다. 다시 로그인하세요'],
      ['thai', 'เซสชันหมดอายุ โปรดเข้าสู่ระบบอีกครั้ง'],
      ['vietnam', 'Phiên đã hết hạn, vui lòng đăng nhập lại'],
      ['japanese', 'セッションの有効期限が切れました。再度サインインしてください'],
      ['german', 'Ihre Sitzung ist abgelaufen, bitte melden Sie sich erneut an'],
      ['klingon', 'Your session has expired, please sign in again'],
    ];
    for (const [lang, msg] of cases) {
      const res = await call(srv, '/api/user/info', {}, lang ? { lang } : {});
      expect(res.body.msg).toBe(msg);
    }
  });

  it('answers every call of the specification from a built domain: none is only declared', async () => {
    expect(endpointPaths.filter((p) => (endpoints[p].status as string) !== 'live')).toEqual([]);
    // A call that needs a session answers 406 without one, whatever its body.
    expect((await call(srv, '/api/shop/purchase', {})).body.code).toBe(406);
    expect((await call(srv, '/api/shop/purchase', { amount: '5' }, { token })).body.code).toBe(1001);
  });

  it('answers an unknown path with HTTP 404', async () => {
    const res = await rawCall(srv, '/api/nothing/here', '{}');
    expect(res.status).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    [{ page: 'abc' }, 'page', 'has the wrong type'],
    [{ page: 0 }, 'page', 'is too small'],
    [{ page: -3 }, 'page', 'is too small'],
    [{ page: 1, size: 100000 }, 'size', 'is too large'],
    [{ page: 1.5 }, 'page', 'has the wrong type'],
  ])('%j → names %s', async (body, field, reason) => {
    const res = await call(srv, '/api/basic/news', body);
    expect(res.body).toMatchObject({ code: 1001, error: 'ValidationFailed', msg: `${field}: ${reason}` });
  });

  it('names missing fields in the caller language', async () => {
    const res = await call(srv, '/api/auth/sendEmail', {}, { lang: 'zh_CN' });
    expect(res.body).toMatchObject({ code: 1001, msg: 'email：不能为空' });
  });

  it.each([
    ['/api/transfer/index', { to: '12345678', amount: '1', remark: 'hi\u0000there' }, 'remark'],
    ['/api/transfer/index', { to: '12345678', amount: '1', remark: 'pay \u202Edlrow' }, 'remark'],
    ['/api/transfer/index', { to: '12345678', amount: '1', remark: 'two\nlines' }, 'remark'],
    ['/api/assets/moneyRecord', { type: 'x\u0000' }, 'type'],
    ['/api/assets/moneyRecord', { symbol: 'US\u0007DT' }, 'symbol'],
    ['/api/trade/sell', { symbol: 'BWC', price: '1\u0000', amount: '10' }, 'price'],
    ['/api/trade/sellList', { symbol: 'BWC\u2066' }, 'symbol'],
    ['/api/user/info', { nested: { deep: ['ok', 'bad\u009b'] } }, 'nested.deep.1'],
  ])('%s refuses control and direction characters (%j)', async (path, body, field) => {
    const before = await srv.app.ledger.solvency();
    const res = await call(srv, path, body, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1001, error: 'ValidationFailed' });
    expect(res.body.msg).toContain(field);
    expect(await srv.app.ledger.solvency()).toEqual(before);
    const zh = await call(srv, path, body, { token, lang: 'zh_CN' });
    expect(zh.body.msg).toContain('不允许的字符');
  });

  it('keeps the line breaks of a sign-in message', () => {
    expect(isSafeText('app.example wants you to sign in\nURI: x', 'message')).toBe(true);
    expect(isSafeText('a\nb', 'remark')).toBe(false);
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: '\u202e' }] })).toBe('a.1.c');
    expect(findUnsafeText({ a: 'ok', n: 5, z: null })).toBeNull();
  });

  it('ignores unknown fields', async () => {
    const res = await call(srv, '/api/basic/news', { page: 1, whatever: { deep: true } });
    expect(res.body.code).toBe(200);
  });
});

describe('protection off', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startServer({ protection: false });
  });
  afterAll(() => plain.close());

  it('takes and answers plain JSON', async () => {
    const res = await rawCall(plain, '/api/basic/news', JSON.stringify({ page: 1, size: 2 }));
    expect(res.body.code).toBe(200);
    expect((res.body.data as { list: unknown[] }).list).toHaveLength(2);
  });
});

describe('the contract of each call', () => {
  /** A second transport over the same machinery, with one handler answering what its call does not declare. */
  async function withHandler(env: 'development' | 'production') {
    const fastify = Fastify({ logger: false });
    const deps = { ...srv.app.deps, config: { ...srv.app.deps.config, env, protection: false } };
    registerTransport(fastify, deps, {
      handlers: {
        ...srv.app.handlers,
        '/api/basic/banner': async () => {
          throw new DomainError('OwnListing');
        },
      },
      authenticate: srv.app.modules.auth.authenticate,
      authenticateOperator: srv.app.modules.admin.authenticate,
      authorizeOperator: srv.app.modules.admin.authorize,
    });
    await fastify.ready();
    const res = await fastify.inject({ method: 'POST', url: '/api/basic/banner', payload: '{}' });
    await fastify.close();
    return res;
  }

  it('fails loudly outside production when a handler answers an error its call does not declare', async () => {
    const res = await withHandler('development');
    expect(res.statusCode).toBe(500);
  });

  it('answers the error in production', async () => {
    const res = await withHandler('production');
    expect(res.json()).toMatchObject({ error: 'OwnListing' });
  });

  it('declares the operator gate’s answers on every operator call', () => {
    for (const path of endpointPaths) {
      const ep = endpoints[path];
      if (!ep.access) continue;
      if (ep.access.roles.length > 0) expect(ep.errors, path).toContain('Forbidden');
      if (ep.access.acts) expect(ep.errors, path).toContain('RateLimited');
    }
  });
});
