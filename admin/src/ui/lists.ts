import type { RequestInput } from '@nexa/contract';
import { useCallback } from 'react';
import type { AdminListPath, ListItem } from '../api';
import { useConsole } from '../console';
import type { Page } from './data-table';

/** A list call's filters: its request less the paging. */
export type ListFilters<P extends AdminListPath> = Omit<RequestInput<P>, 'page' | 'size'>;

/** The loader of a paged operator list for DataTable, stable while the filters stay the same. */
export function useListLoader<P extends AdminListPath>(
  path: P,
  filters: ListFilters<P>,
): (page: number, size: number) => Promise<Page<ListItem<P>>> {
  const { call } = useConsole();
  const key = JSON.stringify(filters);
  return useCallback(
    async (page: number, size: number) => {
      const body = { ...JSON.parse(key), page, size } as RequestInput<P>;
      const data = (await call(path, body)) as { list: ListItem<P>[]; total: number };
      return { list: data.list, total: data.total };
    },
    [call, path, key],
  );
}

/** A loader over rows that come all at once (a call without paging): the table pages them here. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): Page<T> {
  return { list: rows.slice((page - 1) * size, page * size), total: rows.length };
}
