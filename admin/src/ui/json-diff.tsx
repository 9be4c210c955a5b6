import { Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';

/** One leaf of a JSON value: its path (`value[0].enabled`) and its text. */
interface Leaf {
  readonly path: string;
  readonly text: string;
}

const MAX_LEAVES = 2000;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The leaves of a value, depth first; an empty array or object is a leaf of its own. */
export function leaves(value: unknown, path = ''): Leaf[] {
  const out: Leaf[] = [];
  const walk = (v: unknown, p: string) => {
    if (out.length >= MAX_LEAVES) return;
    if (Array.isArray(v) && v.length > 0) {
      v.forEach((x, i) => {
        walk(x, `${p}[${i}]`);
      });
    } else if (isObject(v) && Object.keys(v).length > 0) {
      for (const [k, x] of Object.entries(v)) walk(x, p ? `${p}.${k}` : k);
    } else {
      out.push({ path: p || '(value)', text: v === undefined ? '' : JSON.stringify(v) });
    }
  };
  walk(value, path);
  return out;
}

export interface DiffRow {
  readonly path: string;
  readonly before: string | null;
  readonly after: string | null;
  readonly changed: boolean;
}

/** Before and after side by side, leaf by leaf: what was added, removed or changed is marked. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = new Map(leaves(before).map((l) => [l.path, l.text]));
  const a = new Map(leaves(after).map((l) => [l.path, l.text]));
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths.map((path) => {
    const x = b.get(path) ?? null;
    const y = a.get(path) ?? null;
    return { path, before: x, after: y, changed: x !== y };
  });
}

/**
 * A readable before/after of an audited change: one line per field, changed ones highlighted, unchanged ones
 * folded away until asked for.
 */
export function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = useMemo(() => diffRows(before, after), [before, after]);
  const [all, setAll] = useState(false);
  const changed = rows.filter((r) => r.changed).length;
  const shown = all ? rows : rows.filter((r) => r.changed);
  return (
    <div className="json-diff" data-testid="json-diff">
      <div className="json-diff__bar">
        <Typography.Text type="secondary">
          {changed} changed of {rows.length} field{rows.length === 1 ? '' : 's'}
        </Typography.Text>
        {rows.length > changed ? (
          <span>
            <Switch size="small" checked={all} onChange={setAll} /> show unchanged
          </span>
        ) : null}
      </div>
      <Table<DiffRow>
        size="small"
        bordered
        pagination={shown.length > 50 ? { pageSize: 50 } : false}
        rowKey="path"
        dataSource={shown}
        rowClassName={(r) => (r.changed ? 'json-diff__changed' : '')}
        locale={{ emptyText: 'No fields' }}
        columns={[
          {
            title: 'Field',
            dataIndex: 'path',
            width: 260,
            render: (t: string) => <span className="mono">{t}</span>,
          },
          {
            title: 'Before',
            dataIndex: 'before',
            render: (t: string | null) =>
              t === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <span className="mono">{t}</span>
              ),
          },
          {
            title: 'After',
            dataIndex: 'after',
            render: (t: string | null) =>
              t === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <span className="mono">{t}</span>
              ),
          },
        ]}
      />
    </div>
  );
}
