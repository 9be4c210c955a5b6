import { DownloadOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Popover, Result, Space, Table, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { failureText } from '../console';

/** One column: its value (sorted, filtered, exported) and, where the value is not enough, how it shows. */
export interface DataColumn<T> {
  readonly key: string;
  readonly title: string;
  readonly value: (row: T) => string | number | null;
  readonly render?: (row: T) => ReactNode;
  /** Sort the loaded rows by this column's value. */
  readonly sort?: boolean;
  /** Filter the loaded rows by this column's distinct values. */
  readonly filter?: boolean;
  /** Hidden until chosen in the column chooser. */
  readonly hidden?: boolean;
  readonly width?: number;
  readonly align?: 'left' | 'right' | 'center';
  /** Not a data column (row actions): left out of the export and the chooser. */
  readonly action?: boolean;
}

export interface Page<T> {
  readonly list: readonly T[];
  readonly total: number;
}

export interface DataTableProps<T> {
  /** Names the table for the column choice kept in this browser, and in test ids. */
  readonly id: string;
  /** Loads one page (a list call's `page` + `size`; a call that answers everything pages here). */
  readonly load: (page: number, size: number) => Promise<Page<T>>;
  readonly columns: readonly DataColumn<T>[];
  readonly rowKey: (row: T) => Key;
  /** Click or Enter on a row. */
  readonly onOpen?: (row: T) => void;
  /** Changing it reloads the current page (after an action). */
  readonly reloadKey?: unknown;
  readonly toolbar?: ReactNode;
  readonly pageSize?: number;
  readonly emptyText?: string;
  /** A row's details shown under it when expanded (its + button, by mouse or keyboard). */
  readonly expand?: (row: T) => ReactNode;
}

const STORE = 'nexa-admin-columns:';

function storedColumns(id: string): string[] | null {
  try {
    const raw = localStorage.getItem(STORE + id);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is kept as text. */
function csvCell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (/^[=+@\t\r]/.test(s) || /^-[^\d.]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv<T>(rows: readonly T[], columns: readonly DataColumn<T>[]): string {
  const head = columns.map((c) => csvCell(c.title)).join(',');
  const body = rows.map((r) => columns.map((c) => csvCell(c.value(r))).join(','));
  return [head, ...body].join('\r\n');
}

/** Saves text as a CSV file in the browser's downloads. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return String(a).localeCompare(String(b));
}

/**
 * The console's table: server paging, sorting and filtering of the loaded rows, a column chooser kept per
 * table in this browser, CSV export of the loaded rows, rows reachable by keyboard (Tab, Enter opens), and
 * loading, empty and error (with retry) states.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { id, columns, rowKey, onOpen } = props;
  const paging = usePages(props.load, props.pageSize ?? 20, props.reloadKey);
  const choice = useColumnChoice(id, columns);
  const { page, size, data, loading, error, retry } = paging;
  const rows = data?.list ?? [];

  const exportCsv = () => {
    const cols = choice.visible.filter((c) => !c.action);
    download(`${id}-page${page}.csv`, toCsv(rows, cols));
  };

  return (
    <div className="data-table" data-testid={`table-${id}`}>
      <div className="data-table__bar">
        <Space wrap>{props.toolbar}</Space>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={retry} aria-label="Reload">
            Reload
          </Button>
          <Popover content={choice.chooser} title="Columns" trigger="click" placement="bottomRight">
            <Button icon={<SettingOutlined />}>Columns</Button>
          </Popover>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0}>
            CSV
          </Button>
        </Space>
      </div>
      {error ? (
        <Result
          status="warning"
          title="The list could not be loaded"
          subTitle={error}
          extra={
            <Button type="primary" onClick={retry}>
              Try again
            </Button>
          }
        />
      ) : (
        <Table<T>
          size="small"
          bordered
          loading={loading}
          columns={antColumns(choice.visible, rows)}
          dataSource={[...rows]}
          rowKey={(r) => rowKey(r)}
          scroll={{ x: 'max-content' }}
          expandable={props.expand ? { expandedRowRender: (row: T) => props.expand?.(row) } : undefined}
          locale={{ emptyText: <Empty description={props.emptyText ?? 'Nothing here'} /> }}
          pagination={{
            current: page,
            pageSize: size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => `${total} in all`,
            onChange: paging.change,
          }}
          onRow={(row) => ({
            tabIndex: 0,
            'data-testid': `row-${id}`,
            className: onOpen ? 'data-table__row--open' : undefined,
            onClick: () => onOpen?.(row),
            onKeyDown: (e) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) onOpen?.(row);
            },
          })}
        />
      )}
    </div>
  );
}

/**
 * The page shown: loaded again when the loader, the page, its size, `reloadKey` or a retry asks; a page past
 * the end (after the list shrank) goes back to the last one. `change` is the pager's: a new size starts at 1.
 */
function usePages<T>(load: DataTableProps<T>['load'], pageSize: number, reloadKey: unknown) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(pageSize);
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and attempt ask for the same page again
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    load(page, size)
      .then((d) => {
        if (!live) return;
        // A page past the end (after the queue shrank) goes back to the last one.
        if (d.list.length === 0 && d.total > 0 && page > 1) setPage(Math.ceil(d.total / size));
        else setData(d);
      })
      .catch((e: unknown) => live && setError(failureText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load, page, size, reloadKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const change = (p: number, s: number) => {
    setPage(s !== size ? 1 : p);
    setSize(s);
  };
  return { page, size, data, loading, error, retry, change };
}

/** Which columns show: the operator's choice kept in this browser, else every column not hidden; its chooser. */
function useColumnChoice<T>(id: string, columns: readonly DataColumn<T>[]) {
  const chooseable = columns.filter((c) => !c.action);
  const [shown, setShown] = useState<string[]>(
    () => storedColumns(id) ?? chooseable.filter((c) => !c.hidden).map((c) => c.key),
  );

  const choose = (keys: string[]) => {
    setShown(keys);
    try {
      localStorage.setItem(STORE + id, JSON.stringify(keys));
    } catch {
      // The choice lasts for this page only.
    }
  };

  const visible = useMemo(() => columns.filter((c) => c.action || shown.includes(c.key)), [columns, shown]);

  const chooser = (
    <Checkbox.Group
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      value={shown}
      onChange={(v) => choose(v.map(String))}
      options={chooseable.map((c) => ({ label: c.title, value: c.key }))}
    />
  );
  return { visible, chooser };
}

/** The shown columns as antd's: each renders, sorts and filters (by the loaded rows' distinct values) by its value. */
function antColumns<T>(visible: readonly DataColumn<T>[], rows: readonly T[]): TableColumnsType<T> {
  return visible.map((c) => {
    const distinct = c.filter
      ? [...new Set(rows.map((r) => c.value(r)))].filter((v) => v !== null).sort(compare)
      : [];
    return {
      key: c.key,
      title: c.title,
      width: c.width,
      align: c.align,
      render: (_: unknown, row: T) => (c.render ? c.render(row) : (c.value(row) ?? '—')),
      sorter: c.sort ? (a: T, b: T) => compare(c.value(a), c.value(b)) : undefined,
      filters: c.filter ? distinct.map((v) => ({ text: String(v), value: String(v) })) : undefined,
      onFilter: c.filter ? (value, row: T) => String(c.value(row)) === String(value) : undefined,
    };
  });
}
