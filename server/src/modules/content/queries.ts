/**
 * What users read: news and bulletins, questions, banners (each item in the caller's language, or in English
 * where that translation is missing; only published, unexpired items whose feature, if any, is live) and the
 * currency list.
 */
import type { Lang } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../store';
import { pageClause } from '../../store/paging';
import type { ContentCtx, ContentRow, Kind } from './context';
import { iso } from './views';

/** The items of a kind a caller in `lang` sees now, one row per item. */
function visible({ clock, liveFeatures }: ContentCtx, kind: Kind, lang: Lang) {
  const now = clock.now();
  const live = [...liveFeatures()];
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

async function page(ctx: ContentCtx, kind: Kind, lang: Lang, page: number, size: number) {
  const rows = await queryRows<ContentRow>(
    ctx.store.db,
    sql`
    select * from (${visible(ctx, kind, lang)}) v order by sort desc, publish_at desc, id desc
    ${pageClause({ page, size })}`,
  );
  const totals = await queryRows<{ n: number | string }>(
    ctx.store.db,
    sql`select count(*) as n from (${visible(ctx, kind, lang)}) v`,
  );
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function articles(
  ctx: ContentCtx,
  kind: 'news' | 'bulletin',
  lang: Lang,
  p: number,
  size: number,
) {
  const { rows, total } = await page(ctx, kind, lang, p, size);
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

export async function questions(ctx: ContentCtx, lang: Lang, p: number, size: number) {
  const { rows, total } = await page(ctx, 'question', lang, p, size);
  return { list: rows.map((r) => ({ id: Number(r.id), question: r.title, answer: r.body })), total };
}

export async function banners(ctx: ContentCtx, lang: Lang) {
  const { rows } = await page(ctx, 'banner', lang, 1, 20);
  return rows.map((r) => ({ id: Number(r.id), title: r.title, image: r.image ?? '', link: r.link }));
}

/** Every asset of the registry, the ones the wallet does not list included (their amounts appear in records). */
export async function currencies({ assets }: ContentCtx) {
  return assets.list().map((a) => ({
    symbol: a.symbol,
    name: a.name,
    scale: a.scale,
    display_precision: a.displayPrecision,
    kind: a.kind,
    enabled: a.enabled,
  }));
}
