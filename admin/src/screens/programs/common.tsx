import { Card, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { failureText } from '../../console';

/** One read as a panel holds it: its data once loaded, the failure's words, and how to read it again. */
export interface Loaded<T> {
  readonly data: T | null;
  readonly error: string | null;
  readonly loading: boolean;
  readonly reload: () => void;
}

/** One read that a program panel shows, loaded again after each change. */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [n, setN] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: n asks for the same read again
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((d) => {
        if (!live) return;
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => live && setError(failureText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { data, error, loading, reload };
}

/** A small table of a program's rows, with its buttons in the card's corner. */
export function ProgramTable<T extends object>(props: {
  readonly title: string;
  readonly extra?: ReactNode;
  readonly rows: readonly T[] | undefined;
  readonly loading: boolean;
  readonly error: string | null;
  readonly rowKey: (row: T) => string | number;
  readonly columns: TableColumnsType<T>;
  readonly rowDanger?: (row: T) => boolean;
  readonly testId?: string;
}) {
  return (
    <Card
      size="small"
      title={props.title}
      extra={props.extra}
      style={{ marginBottom: 16 }}
      data-testid={props.testId}
    >
      <Table<T>
        size="small"
        bordered
        loading={props.loading}
        rowKey={props.rowKey}
        dataSource={props.rows ? [...props.rows] : []}
        columns={props.columns}
        pagination={props.rows && props.rows.length > 20 ? { pageSize: 20 } : false}
        rowClassName={(r) => (props.rowDanger?.(r) ? 'row-danger' : '')}
        locale={props.error ? { emptyText: props.error } : undefined}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
