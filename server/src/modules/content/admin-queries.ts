/** What operators read: the items by kind and state, one item with its translations, an item's rows. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../store';
import { pageAnswer, pageClause } from '../../store/paging';
import {
  type AdminItem,
  type ContentCtx,
  contentItems,
  type ItemRow,
  type ItemSummaryRow,
  type Kind,
} from './context';
import { itemView, summaryView } from './views';

/** One item per (kind, group key): its languages, English title, order, times and state. */
function summaryQuery(where: ReturnType<typeof sql>) {
  return sql`
    select kind, group_key, array_agg(lang order by lang) as langs,
      max(title) filter (where lang = 'en') as title, max(sort) as sort,
      min(publish_at) as publish_at, max(expire_at) as expire_at, max(feature) as feature
    from content_items where ${where} group by kind, group_key`;
}

/** Items for operators, newest publish time first, by kind and state. */
export async function adminList(
  { store, clock }: ContentCtx,
  q: {
    kind?: Kind | undefined;
    state?: AdminItem['state'] | undefined;
    page: number;
    size: number;
  },
) {
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

/** An item's rows, one per language. */
export async function rowsOf(db: Db | Tx, kind: Kind, groupKey: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.groupKey, groupKey)))
    .orderBy(asc(contentItems.lang));
}

export async function adminGet({ store, clock }: ContentCtx, kind: Kind, groupKey: string) {
  return itemView(await rowsOf(store.db, kind, groupKey), clock.now());
}
