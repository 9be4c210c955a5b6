// The one paging helper every list call uses (store/paging.ts): the rows a page covers, in drizzle, in
// SQL and in memory, and the `{list, total}` answer.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Store } from '../src/store';
import { onPage, pageAnswer, pageClause, pageWindow, slicePage } from '../src/store/paging';
import { testStore } from './harness';

describe('paging', () => {
  it('skips the pages before and takes one page, in either of the contract’s styles', () => {
    expect(pageWindow({ page: 1, size: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 3, size: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(pageWindow({ page: 2, page_num: 100 })).toEqual({ limit: 100, offset: 100 });
  });

  it('slices a list in memory the same way, the last page short', () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(slicePage(items, { page: 1, size: 10 })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(slicePage(items, { page: 3, size: 10 })).toEqual([21, 22, 23, 24, 25]);
    expect(slicePage(items, { page: 4, size: 10 })).toEqual([]);
  });

  it('answers {list, total} from a count row, a driver’s string or bigint count, a number or nothing', () => {
    expect(pageAnswer(['a'], { n: 7 })).toEqual({ list: ['a'], total: 7 });
    expect(pageAnswer(['a'], { n: '12' })).toEqual({ list: ['a'], total: 12 });
    expect(pageAnswer([], { n: 3n })).toEqual({ list: [], total: 3 });
    expect(pageAnswer([], { n: null })).toEqual({ list: [], total: 0 });
    expect(pageAnswer([1, 2], 2)).toEqual({ list: [1, 2], total: 2 });
    expect(pageAnswer([], undefined)).toEqual({ list: [], total: 0 });
  });

  describe('on the store', () => {
    let store: Store;
    let drop: () => Promise<void> = async () => {};
    beforeAll(async () => {
      ({ store, drop } = await testStore());
    });
    afterAll(() => drop());

    it('limits a drizzle select and a query written in SQL to the page', async () => {
      const series = sql`generate_series(1, 25) as g(v)`;
      const rows = await onPage(store.db.select({ v: sql<number>`v` }).from(series).orderBy(sql`v`), {
        page: 3,
        size: 10,
      });
      expect(rows.map((r) => Number(r.v))).toEqual([21, 22, 23, 24, 25]);
      const raw = await queryRows<{ v: number }>(
        store.db,
        sql`select v from generate_series(1, 25) as g(v) order by v ${pageClause({ page: 2, page_num: 4 })}`,
      );
      expect(raw.map((r) => Number(r.v))).toEqual([5, 6, 7, 8]);
    });
  });
});
