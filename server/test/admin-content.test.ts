import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/store';
import { api, call, operatorToken, startServer, type TestServer } from './harness';

/** Operators publish news, banners, bulletin and Q&A in seven languages, scheduled and expiring. */

let srv: TestServer;
let admin: string;
let finance: string;
let support: string;

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv);
  await srv.app.modules.admin.createOperator('support', 'nexa-support', ['support']);
  support = await operatorToken(srv, 'support', 'nexa-support');
});
afterAll(() => srv.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(srv.clock.now().getTime() + ms).toISOString();
const titles = async (lang?: string) =>
  (await api(srv, '/api/basic/news', { page: 1, size: 100 }, lang ? { lang } : {})).body.data.list.map(
    (a) => a.title,
  );
const itemRows = async (groupKey: string) =>
  queryRows<{ lang: string }>(
    srv.app.deps.store.db,
    sql`select lang from content_items where group_key = ${groupKey} order by lang`,
  );

describe('operators manage content', () => {
  it('creates a scheduled item users see only from its publish time, in their language or English', async () => {
    const saved = await api(
      srv,
      '/admin/content/save',
      {
        kind: 'news',
        sort: 5,
        publish_at: at(2 * HOUR),
        expire_at: at(48 * HOUR),
        translations: [
          { lang: 'en', title: 'Scheduled launch', summary: 'Soon', body: 'Details', link: '/trade' },
          { lang: 'de', title: 'Geplanter Start', summary: 'Bald', body: 'Einzelheiten' },
        ],
      },
      { token: support },
    );
    expect(saved.body.code).toBe(200);
    const item = saved.body.data;
    expect(item).toMatchObject({
      kind: 'news',
      langs: ['de', 'en'],
      title: 'Scheduled launch',
      state: 'scheduled',
    });
    const key = item.group_key;
    expect(await titles()).not.toContain('Scheduled launch');

    const listed = await api(
      srv,
      '/admin/content/list',
      { kind: 'news', state: 'scheduled' },
      { token: support },
    );
    expect(listed.body.data.list.map((x) => x.group_key)).toContain(key);

    srv.clock.advance(2 * HOUR + 1000);
    expect(await titles()).toContain('Scheduled launch');
    expect(await titles('german')).toContain('Geplanter Start');
    // No Japanese translation: Japanese readers get the English one.
    expect(await titles('japanese')).toContain('Scheduled launch');
    const live = await api(srv, '/admin/content/list', { kind: 'news', state: 'live' }, { token: support });
    expect(live.body.data.list.find((x) => x.group_key === key)?.state).toBe('live');

    // Get returns every translation.
    const got = await api(srv, '/admin/content/get', { kind: 'news', group_key: key }, { token: support });
    expect(got.body.data.translations.map((t) => t.lang)).toEqual(['de', 'en']);
    expect(got.body.data.translations.find((t) => t.lang === 'en')).toMatchObject({
      link: '/trade',
      body: 'Details',
    });

    // Replacing drops the German translation and adds Korean, in one go.
    const replaced = await api(
      srv,
      '/admin/content/save',
      {
        kind: 'news',
        group_key: key,
        sort: 5,
        publish_at: at(-HOUR),
        translations: [
          { lang: 'en', title: 'Launched', summary: '', body: 'Now live' },
          { lang: 'ko', title: '출시됨', summary: '', body: '' },
        ],
      },
      { token: support },
    );
    expect(replaced.body.data).toMatchObject({
      langs: ['en', 'ko'],
      title: 'Launched',
      expire_at: null,
      state: 'live',
    });
    expect((await itemRows(key)).map((r) => r.lang)).toEqual(['en', 'ko']);
    expect(await titles('german')).toContain('Launched');
    expect(await titles('korean')).toContain('출시됨');

    const audit = await queryRows<{
      action: string;
      before: { title?: string } | null;
      after: { title?: string };
    }>(
      srv.app.deps.store.db,
      sql`select action, before, after from audit_log where subject = ${`content:news:${key}`} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['content.create', 'content.update']);
    expect(audit[0]?.before).toBeNull();
    expect(audit[1]?.before?.title).toBe('Scheduled launch');
    expect(audit[1]?.after.title).toBe('Launched');

    // Delete with a reason: gone for users and operators, audited.
    const deleted = await api(
      srv,
      '/admin/content/delete',
      { kind: 'news', group_key: key, reason: 'Superseded' },
      { token: support },
    );
    expect(deleted.body.data).toEqual({ kind: 'news', group_key: key, deleted: 2 });
    expect(await titles()).not.toContain('Launched');
    expect(
      (await api(srv, '/admin/content/get', { kind: 'news', group_key: key }, { token: support })).body.error,
    ).toBe('NotFound');
    const gone = await queryRows<{ after: { reason?: string } }>(
      srv.app.deps.store.db,
      sql`select after from audit_log where action = 'content.delete' and subject = ${`content:news:${key}`}`,
    );
    expect(gone[0]?.after.reason).toBe('Superseded');
    expect(
      (
        await api(
          srv,
          '/admin/content/delete',
          { kind: 'news', group_key: key, reason: 'again' },
          { token: support },
        )
      ).body.error,
    ).toBe('NotFound');
  });

  it('hides an expired item from users and lists it as expired', async () => {
    const saved = await api(
      srv,
      '/admin/content/save',
      {
        kind: 'bulletin',
        publish_at: at(-HOUR),
        expire_at: at(HOUR),
        translations: [{ lang: 'en', title: 'Short notice', summary: '', body: '' }],
      },
      { token: admin },
    );
    const key = saved.body.data.group_key;
    const bulletin = async () =>
      (await api(srv, '/api/basic/bulletin', { page: 1, size: 100 })).body.data.list.map((a) => a.title);
    expect(await bulletin()).toContain('Short notice');
    srv.clock.advance(HOUR + 1000);
    expect(await bulletin()).not.toContain('Short notice');
    const listed = await api(
      srv,
      '/admin/content/list',
      { kind: 'bulletin', state: 'expired' },
      { token: support },
    );
    expect(listed.body.data.list.find((x) => x.group_key === key)?.state).toBe('expired');
  });

  it('lists the seeded items one row per item with their languages', async () => {
    const res = await api(srv, '/admin/content/list', { kind: 'question', size: 100 }, { token: support });
    expect(res.body.data.total).toBeGreaterThan(0);
    const first = res.body.data.list[0];
    expect(first?.langs).toEqual(['de', 'en', 'ja', 'ko', 'th', 'vi', 'zh']);
    expect(new Set(res.body.data.list.map((x) => x.group_key)).size).toBe(res.body.data.list.length);
  });

  it('refuses bad input and changes nothing', async () => {
    const base = { kind: 'news', publish_at: at(0), translations: [{ lang: 'en', title: 'Fine' }] };
    const count = async () =>
      Number(
        (
          await queryRows<{ n: string | number }>(
            srv.app.deps.store.db,
            sql`select count(*) as n from content_items`,
          )
        )[0]?.n,
      );
    const before = await count();
    const bad: Record<string, unknown>[] = [
      // English is required.
      { ...base, translations: [{ lang: 'de', title: 'Nur Deutsch' }] },
      // Languages of the contract only, each once, at most seven.
      {
        ...base,
        translations: [
          { lang: 'en', title: 'A' },
          { lang: 'fr', title: 'B' },
        ],
      },
      {
        ...base,
        translations: [
          { lang: 'en', title: 'A' },
          { lang: 'en', title: 'B' },
        ],
      },
      // Expiry after publication.
      { ...base, expire_at: at(-HOUR) },
      // A link is an in-app path or an https address.
      { ...base, translations: [{ lang: 'en', title: 'A', link: 'javascript:alert(1)' }] },
      { ...base, translations: [{ lang: 'en', title: 'A', link: 'http://example.com' }] },
      { ...base, translations: [{ lang: 'en', title: 'A', link: '//evil.example' }] },
      // Lengths.
      { ...base, translations: [{ lang: 'en', title: 'x'.repeat(201) }] },
      { ...base, translations: [{ lang: 'en', title: ' ' }] },
      // A banner needs its image.
      { ...base, kind: 'banner', translations: [{ lang: 'en', title: 'A' }] },
      // An unknown item to replace.
      { ...base, group_key: 'no-such-item' },
    ];
    for (const body of bad) {
      const res = await call(srv, '/admin/content/save', body, { token: support });
      expect(res.body.code, JSON.stringify(body)).not.toBe(200);
    }
    expect(await count()).toBe(before);
    const ok = await call(
      srv,
      '/admin/content/save',
      { ...base, translations: [{ lang: 'en', title: 'A', link: 'https://example.com/x' }] },
      { token: support },
    );
    expect(ok.body.code).toBe(200);
  });

  it('is for support (and admin) only', async () => {
    expect((await api(srv, '/admin/content/list', {}, { token: finance })).body.error).toBe('Forbidden');
    const refused = await api(
      srv,
      '/admin/content/save',
      { kind: 'news', publish_at: at(0), translations: [{ lang: 'en', title: 'Nope' }] },
      { token: finance },
    );
    expect(refused.body.error).toBe('Forbidden');
    expect(await titles()).not.toContain('Nope');
    expect((await api(srv, '/admin/content/list', {}, { token: admin })).body.code).toBe(200);
  });
});
