import { randomBytes } from 'node:crypto';
import { LANGS, type Lang, type RequestOutput, type ResponseData } from '@nexa/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { type Db, queryRows, schema, type Tx } from '../../store';
import { pageAnswer, pageClause } from '../../store/paging';

const { contentItems } = schema;

type AdminItem = ResponseData<'/admin/content/list'>['list'][number];
type SaveBody = RequestOutput<'/admin/content/save'>;
type ItemRow = typeof contentItems.$inferSelect;

interface ItemSummaryRow extends Record<string, unknown> {
  kind: Kind;
  group_key: string;
  langs: string[] | string;
  title: string | null;
  sort: number;
  publish_at: string | Date;
  expire_at: string | Date | null;
  feature: string | null;
}

type Kind = 'news' | 'banner' | 'bulletin' | 'question';

interface ContentRow extends Record<string, unknown> {
  id: number;
  title: string;
  summary: string;
  body: string;
  image: string | null;
  link: string | null;
  publish_at: string | Date;
}

/**
 * News, banners, bulletin and Q&A: one row per (item, language). A caller sees each item
 * in their language, or in English where that translation is missing; only published,
 * unexpired items, and only those whose feature (if any) is live.
 */
export interface ContentDeps extends AppDeps {
  /** The features live in this installation (the domains of the running modules). */
  readonly liveFeatures: () => ReadonlySet<string>;
}

export function createContent(deps: ContentDeps) {
  const { store, clock } = deps;

  function visible(kind: Kind, lang: Lang) {
    const now = clock.now();
    const live = [...deps.liveFeatures()];
    // An item about a feature shows once that feature is live; until then it waits, whatever its date.
    const featureLive = live.length
      ? sql`(feature is null or feature in (${sql.join(
          live.map((f) => sql`${f}`),
          sql`, `,
        )}))`
      : sql`feature is null`;
    return sql`
      select distinct on (group_key) id, group_key, title, summary, body, image, link, sort, publish_at
      from content_items
      where kind = ${kind} and lang in (${lang}, 'en') and publish_at <= ${now}
        and (expire_at is null or expire_at > ${now}) and ${featureLive}
      order by group_key, (lang = ${lang}) desc`;
  }

  async function page(kind: Kind, lang: Lang, page: number, size: number) {
    const rows = await queryRows<ContentRow>(
      store.db,
      sql`
      select * from (${visible(kind, lang)}) v order by sort desc, publish_at desc, id desc
      ${pageClause({ page, size })}`,
    );
    const totals = await queryRows<{ n: number | string }>(
      store.db,
      sql`select count(*) as n from (${visible(kind, lang)}) v`,
    );
    return { rows, total: Number(totals[0]?.n ?? 0) };
  }

  const iso = (t: string | Date) => (t instanceof Date ? t : new Date(t)).toISOString();

  async function articles(kind: 'news' | 'bulletin', lang: Lang, p: number, size: number) {
    const { rows, total } = await page(kind, lang, p, size);
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        summary: r.summary,
        content: r.body,
        image: r.image,
        published_at: iso(r.publish_at),
      })),
      total,
    };
  }

  async function questions(lang: Lang, p: number, size: number) {
    const { rows, total } = await page('question', lang, p, size);
    return { list: rows.map((r) => ({ id: Number(r.id), question: r.title, answer: r.body })), total };
  }

  async function banners(lang: Lang) {
    const { rows } = await page('banner', lang, 1, 20);
    return rows.map((r) => ({ id: Number(r.id), title: r.title, image: r.image ?? '', link: r.link }));
  }

  /** Every asset of the registry, the ones the wallet does not list included (their amounts appear in records). */
  async function currencies() {
    return deps.assets.list().map((a) => ({
      symbol: a.symbol,
      name: a.name,
      scale: a.scale,
      display_precision: a.displayPrecision,
      kind: a.kind,
      enabled: a.enabled,
    }));
  }

  // ---------------------------------------------------------------- operators

  const toDate = (t: string | Date) => (t instanceof Date ? t : new Date(t));

  function stateOf(publishAt: Date, expireAt: Date | null, now: Date): AdminItem['state'] {
    if (publishAt > now) return 'scheduled';
    if (expireAt && expireAt <= now) return 'expired';
    return 'live';
  }

  /** One item per (kind, group key): its languages, English title, order, times and state. */
  function summaryQuery(where: ReturnType<typeof sql>) {
    return sql`
      select kind, group_key, array_agg(lang order by lang) as langs,
        max(title) filter (where lang = 'en') as title, max(sort) as sort,
        min(publish_at) as publish_at, max(expire_at) as expire_at, max(feature) as feature
      from content_items where ${where} group by kind, group_key`;
  }

  function summaryView(r: ItemSummaryRow, now: Date): AdminItem {
    const publishAt = toDate(r.publish_at);
    const expireAt = r.expire_at === null ? null : toDate(r.expire_at);
    // PGlite returns arrays as arrays; a text form "{en,zh}" is split.
    const langs = Array.isArray(r.langs) ? r.langs : String(r.langs).replace(/[{}]/g, '').split(',');
    return {
      kind: r.kind,
      group_key: r.group_key,
      langs: langs.filter((l) => l !== ''),
      title: r.title ?? '',
      sort: Number(r.sort),
      publish_at: publishAt.toISOString(),
      expire_at: expireAt?.toISOString() ?? null,
      feature: r.feature,
      state: stateOf(publishAt, expireAt, now),
    };
  }

  /** Items for operators, newest publish time first, by kind and state. */
  async function adminList(q: {
    kind?: Kind | undefined;
    state?: AdminItem['state'] | undefined;
    page: number;
    size: number;
  }) {
    const now = clock.now();
    const where = q.kind ? sql`kind = ${q.kind}` : sql`true`;
    const state =
      q.state === 'scheduled'
        ? sql`publish_at > ${now}`
        : q.state === 'expired'
          ? sql`publish_at <= ${now} and expire_at is not null and expire_at <= ${now}`
          : q.state === 'live'
            ? sql`publish_at <= ${now} and (expire_at is null or expire_at > ${now})`
            : sql`true`;
    const inner = summaryQuery(where);
    const [rows, totals] = await Promise.all([
      queryRows<ItemSummaryRow>(
        store.db,
        sql`select * from (${inner}) s where ${state}
            order by publish_at desc, kind, group_key ${pageClause(q)}`,
      ),
      queryRows<{ n: string | number }>(store.db, sql`select count(*) as n from (${inner}) s where ${state}`),
    ]);
    return pageAnswer(
      rows.map((r) => summaryView(r, now)),
      totals[0],
    );
  }

  async function rowsOf(kind: Kind, groupKey: string, db: Db | Tx = store.db): Promise<ItemRow[]> {
    return db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.kind, kind), eq(contentItems.groupKey, groupKey)))
      .orderBy(asc(contentItems.lang));
  }

  function itemView(rows: readonly ItemRow[], now: Date) {
    const first = rows[0];
    if (!first) throw new DomainError('NotFound');
    const en = rows.find((r) => r.lang === 'en') ?? first;
    const expireAt = first.expireAt;
    return {
      kind: first.kind,
      group_key: first.groupKey,
      langs: rows.map((r) => r.lang),
      title: en.title,
      sort: first.sort,
      publish_at: first.publishAt.toISOString(),
      expire_at: expireAt?.toISOString() ?? null,
      feature: first.feature,
      state: stateOf(first.publishAt, expireAt, now),
      translations: rows.map((r) => ({
        lang: r.lang,
        title: r.title,
        summary: r.summary,
        body: r.body,
        image: r.image,
        link: r.link,
      })),
    };
  }

  async function adminGet(kind: Kind, groupKey: string) {
    return itemView(await rowsOf(kind, groupKey), clock.now());
  }

  /**
   * Creates an item (no group key: a new one is made) or replaces an existing one's translations, order, times
   * and feature in one transaction, audited with the item before and after. A future publish time schedules it.
   */
  async function adminSave(operatorId: number, body: SaveBody) {
    const now = clock.now();
    const groupKey = body.group_key ?? `${body.kind}-${randomBytes(6).toString('hex')}`;
    const view = await store.db.transaction(async (tx) => {
      const before = await rowsOf(body.kind, groupKey, tx);
      if (body.group_key !== undefined && before.length === 0) throw new DomainError('NotFound');
      await tx
        .delete(contentItems)
        .where(and(eq(contentItems.kind, body.kind), eq(contentItems.groupKey, groupKey)));
      const publishAt = new Date(body.publish_at);
      const expireAt = body.expire_at ? new Date(body.expire_at) : null;
      const inserted = await tx
        .insert(contentItems)
        .values(
          body.translations.map((t) => ({
            kind: body.kind,
            groupKey,
            lang: t.lang,
            title: t.title,
            summary: t.summary ?? '',
            body: t.body ?? '',
            image: t.image ?? null,
            link: t.link ?? null,
            sort: body.sort ?? 0,
            publishAt,
            expireAt,
            feature: body.feature ?? null,
          })),
        )
        .returning();
      inserted.sort((a, b) => a.lang.localeCompare(b.lang));
      const after = itemView(inserted, now);
      await auditOperator(tx, now, {
        operatorId,
        action: before.length === 0 ? 'content.create' : 'content.update',
        subject: `content:${body.kind}:${groupKey}`,
        before: before.length === 0 ? null : itemView(before, now),
        after,
      });
      return after;
    });
    const { translations: _t, ...item } = view;
    return item;
  }

  /** Deletes an item with all its translations, audited with what it was and the reason. */
  async function adminDelete(operatorId: number, body: { kind: Kind; group_key: string; reason: string }) {
    const now = clock.now();
    return store.db.transaction(async (tx) => {
      const before = await rowsOf(body.kind, body.group_key, tx);
      if (before.length === 0) throw new DomainError('NotFound');
      await tx
        .delete(contentItems)
        .where(and(eq(contentItems.kind, body.kind), eq(contentItems.groupKey, body.group_key)));
      await auditOperator(tx, now, {
        operatorId,
        action: 'content.delete',
        subject: `content:${body.kind}:${body.group_key}`,
        before: itemView(before, now),
        after: { deleted: true, reason: body.reason },
      });
      return { kind: body.kind, group_key: body.group_key, deleted: before.length };
    });
  }

  return {
    articles,
    questions,
    banners,
    currencies,
    langs: LANGS,
    adminList,
    adminGet,
    adminSave,
    adminDelete,
  };
}

export type ContentModule = ReturnType<typeof createContent>;
