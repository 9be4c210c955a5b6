import { CAUSES, LANGS } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContentClaim,
  DEMO_BULLETIN,
  DEMO_NEWS,
  DEMO_QUESTIONS,
  RETIRED_DEMO_KEYS,
} from '../src/seed/content-data';
import { schema } from '../src/store';
import { api, newWallet, signIn, startServer, type TestServer } from './harness';

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

  it('claims nothing the running configuration does not hold, in any language', async () => {
    const items = [
      ...[...DEMO_NEWS, ...DEMO_BULLETIN].map((a) => ({
        key: a.key,
        claims: a.claims ?? [],
        text: (l: (typeof LANGS)[number]) => `${a.title[l]} ${a.summary[l]} ${a.body[l]}`,
      })),
      ...DEMO_QUESTIONS.map((q) => ({
        key: q.key,
        claims: q.claims ?? [],
        text: (l: (typeof LANGS)[number]) => `${q.question[l]} ${q.answer[l]}`,
      })),
    ];
    const user = (await signIn(srv, newWallet())).body.data.token;
    const check = async (c: ContentClaim, text: (l: (typeof LANGS)[number]) => string) => {
      switch (c.kind) {
        case 'longest_candle': {
          // The interval named is offered, and none longer (a month) is.
          const ok = await api(srv, '/v1/market/candles', { instId: 'BTC-USDT', bar: c.bar as '3W' });
          expect(ok.body.code).toBe(200);
          const month = await api(srv, '/v1/market/candles', { instId: 'BTC-USDT', bar: '1M' as '3W' });
          expect(month.body.code).toBe(1001);
          return;
        }
        case 'deposits_by_operator': {
          const nets = await api(srv, '/api/recharge/networks', {}, { token: user });
          expect(nets.body.data.list.length).toBeGreaterThan(0);
          expect(nets.body.data.list.every((n) => n.mode === 'operator')).toBe(true);
          return;
        }
        case 'no_referral_payouts':
          // The ledger records only listed causes: none pays for a referral, a team or a level.
          expect(
            Object.keys(CAUSES).filter((k) => /referr|team|invit|bonus|rebate|commission/i.test(k)),
          ).toEqual([]);
          return;
        case 'test_cards': {
          expect(srv.app.modules.cards.issuer.simulated).toBe(true);
          const bins = await api(srv, '/api/visa/getVirtualCardBin', {});
          expect(bins.body.data.list.every((b) => b.test && b.fee === '0')).toBe(true);
          return;
        }
        case 'rate': {
          const rate = (await srv.app.settings.get(c.key as never)) as { text: string };
          expect(Number(rate.text) * 100).toBeCloseTo(Number(c.percent), 10);
          for (const l of LANGS) {
            const t = text(l);
            expect(
              t.includes(c.percent) || t.includes(c.percent.replace('.', ',')),
              `${l}: ${c.percent}`,
            ).toBe(true);
          }
          return;
        }
        case 'setting': {
          let v: unknown = await srv.app.settings.get(c.key as never);
          for (const step of c.path ?? []) v = (v as Record<string | number, unknown>)[step];
          const shown = typeof v === 'object' && v !== null && 'text' in v ? (v as { text: string }).text : v;
          expect(String(shown), c.key).toBe(c.value);
        }
      }
    };
    let checked = 0;
    for (const item of items) {
      for (const c of item.claims) {
        await check(c, item.text);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    // The untrue promises are gone from every item, and their old items from the store.
    for (const item of items) {
      expect(item.text('en'), item.key).not.toMatch(
        /credited daily|once a day|one month|next Monday|right away|credited automatically/i,
      );
    }
    const served = await Promise.all(
      (['/api/basic/news', '/api/basic/bulletin', '/api/basic/question'] as const).map((path) =>
        api(srv, path, { page: 1, size: 100 }),
      ),
    );
    const text = JSON.stringify(served.map((r) => r.body.data));
    for (const phrase of ['one month', 'next Monday', 'team bonus', 'credited daily', 'right away'])
      expect(text).not.toContain(phrase);
    const rows = await srv.app.deps.store.db
      .select({ key: schema.contentItems.groupKey })
      .from(schema.contentItems);
    expect(rows.filter((r) => RETIRED_DEMO_KEYS.includes(r.key))).toEqual([]);
  });
});
