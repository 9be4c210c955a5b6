/** The operators' answers: an item's state, its summary in the list, and the item with its translations. */
import { DomainError } from '../../kernel/errors';
import type { AdminItem, ItemRow, ItemSummaryRow } from './context';

const toDate = (t: string | Date) => (t instanceof Date ? t : new Date(t));
export const iso = (t: string | Date) => toDate(t).toISOString();

function stateOf(publishAt: Date, expireAt: Date | null, now: Date): AdminItem['state'] {
  if (publishAt > now) return 'scheduled';
  if (expireAt && expireAt <= now) return 'expired';
  return 'live';
}

export function summaryView(r: ItemSummaryRow, now: Date): AdminItem {
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

export function itemView(rows: readonly ItemRow[], now: Date) {
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
