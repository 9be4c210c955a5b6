// How every list call pages: the contract's `page` (from 1) with its `size` (or `page_num`, the same
// thing under an older name) becomes the rows to skip and to take, and the answer is `{list, total}`.
import { type SQL, sql } from 'drizzle-orm';

/** A page as the contract asks for it. */
export type PageQuery =
  | { readonly page: number; readonly size: number }
  | { readonly page: number; readonly page_num: number };

/** The rows a page covers: take `limit` after skipping `offset`. */
export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

/** A query that can be limited, then offset (a drizzle select). */
export interface Pageable<R> {
  limit(limit: number): { offset(offset: number): R };
}

export function pageWindow(q: PageQuery): PageWindow {
  const size = 'size' in q ? q.size : q.page_num;
  return { limit: size, offset: (q.page - 1) * size };
}

/** The query limited to the page's rows. */
export function onPage<R>(query: Pageable<R>, q: PageQuery): R {
  const { limit, offset } = pageWindow(q);
  return query.limit(limit).offset(offset);
}

/** `limit … offset …` for a query written in SQL. */
export function pageClause(q: PageQuery): SQL {
  const { limit, offset } = pageWindow(q);
  return sql`limit ${limit} offset ${offset}`;
}

/** The page's items of a list already in memory. */
export function slicePage<T>(items: readonly T[], q: PageQuery): T[] {
  const { limit, offset } = pageWindow(q);
  return items.slice(offset, offset + limit);
}

/**
 * A list call's answer: the page's items and how many there are in all, from a count row (`{n}`, as
 * `count()` or `count(*)` gives it, a number or the driver's string) or a number.
 */
export function pageAnswer<T>(
  list: T[],
  total: { readonly n: number | string | bigint | null } | number | undefined,
): { list: T[]; total: number } {
  const n = typeof total === 'number' ? total : total?.n;
  return { list, total: Number(n ?? 0) };
}
