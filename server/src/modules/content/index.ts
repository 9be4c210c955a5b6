import { LANGS, type Lang } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { queryRows, schema } from '../../store';

const { assets } = schema;

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
    const offset = (page - 1) * size;
    const rows = await queryRows<ContentRow>(
      store.db,
      sql`
      select * from (${visible(kind, lang)}) v order by sort desc, publish_at desc, id desc
      limit ${size} offset ${offset}`,
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

  async function currencies() {
    const rows = await store.db.select().from(assets).where(sql`${assets.enabled}`).orderBy(assets.sort);
    return rows.map((a) => ({
      symbol: a.symbol,
      name: a.name,
      scale: a.scale,
      display_precision: a.displayPrecision,
      kind: a.kind,
    }));
  }

  return { articles, questions, banners, currencies, langs: LANGS };
}

export type ContentModule = ReturnType<typeof createContent>;
