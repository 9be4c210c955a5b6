import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/store';
import { api, startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

describe('content', () => {
  it('serves news in the caller language, newest first, paged', async () => {
    const en = await api(srv, '/api/basic/news', { page: 1, size: 3 });
    const zh = await api(srv, '/api/basic/news', { page: 1, size: 3 }, { lang: 'zh_CN' });
    expect(en.body.data.list).toHaveLength(3);
    // The demo's news about what exists.
    expect(en.body.data.total).toBe(7);
    expect(zh.body.data.total).toBe(7);
    expect(zh.body.data.list[0]?.title).not.toBe(en.body.data.list[0]?.title);
    const times = en.body.data.list.map((a) => a.published_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await api(srv, '/api/basic/news', { page: 2, size: 3 });
    expect(second.body.data.list).toHaveLength(3);
  });

  it('shows an item about a feature only while that feature is live', async () => {
    const publishAt = srv.clock.now();
    await srv.app.deps.store.db.insert(schema.contentItems).values([
      {
        kind: 'news',
        groupKey: 'about-lottery',
        lang: 'en',
        title: 'Lottery news',
        feature: 'lottery',
        publishAt,
      },
      {
        kind: 'news',
        groupKey: 'about-wallet',
        lang: 'en',
        title: 'Wallet news',
        feature: 'wallet',
        publishAt,
      },
    ]);
    const res = await api(srv, '/api/basic/news', { page: 1, size: 100 });
    const titles = res.body.data.list.map((a) => a.title);
    expect(titles).toContain('Wallet news');
    expect(titles).not.toContain('Lottery news');
    // Nothing the demo seeds promises a feature the product does not run.
    const every = await Promise.all(
      (['/api/basic/news', '/api/basic/bulletin', '/api/basic/question'] as const).map((path) =>
        api(srv, path, { page: 1, size: 100 }),
      ),
    );
    const text = JSON.stringify(every.map((r) => r.body.data));
    for (const word of ['ARB', 'Eco series', 'power cost', 'spending insights', '3,000 merchants']) {
      expect(text).not.toContain(word);
    }
  });

  it('falls back to English where a translation is missing', async () => {
    const before = await api(srv, '/api/basic/bulletin', { page: 1, size: 50 }, { lang: 'korean' });
    await srv.app.deps.store.db.insert(schema.contentItems).values({
      kind: 'bulletin',
      groupKey: 'english-only',
      lang: 'en',
      title: 'Only in English',
      publishAt: srv.clock.now(),
    });
    const ko = await api(srv, '/api/basic/bulletin', { page: 1, size: 50 }, { lang: 'korean' });
    const titles = ko.body.data.list.map((a) => a.title);
    expect(titles).toContain('Only in English');
    expect(ko.body.data.total).toBe(before.body.data.total + 1);
  });

  it('hides items not yet published or expired', async () => {
    const now = srv.clock.now().getTime();
    await srv.app.deps.store.db.insert(schema.contentItems).values([
      { kind: 'news', groupKey: 'future', lang: 'en', title: 'Future', publishAt: new Date(now + 3600_000) },
      {
        kind: 'news',
        groupKey: 'expired',
        lang: 'en',
        title: 'Expired',
        publishAt: new Date(now - 7200_000),
        expireAt: new Date(now - 3600_000),
      },
    ]);
    const res = await api(srv, '/api/basic/news', { page: 1, size: 100 });
    expect(res.body.data.list.map((a) => a.title)).not.toContain('Future');
    expect(res.body.data.list.map((a) => a.title)).not.toContain('Expired');
  });

  it('serves banners, Q&A and the currency list', async () => {
    const banners = await api(srv, '/api/basic/banner', {}, { lang: 'japanese' });
    expect(banners.body.data.length).toBe(5);
    expect(banners.body.data[0]?.image).toMatch(/^\/static\/banners\/.+\.svg$/);
    const img = await fetch(srv.url + (banners.body.data[0]?.image ?? ''));
    expect(img.status).toBe(200);
    const qa = await api(srv, '/api/basic/question', {
      page: 1,
    });
    expect(qa.body.data.total).toBe(11);
    const cur = await api(srv, '/v1/basic/currencyList', {});
    expect(cur.body.data.find((c) => c.symbol === 'USDT')?.scale).toBe(6);
  });
});
