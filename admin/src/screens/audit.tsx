import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Modal, Progress, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListItem } from '../api';
import { failureText, useConsole } from '../console';
import { type DataColumn, DataTable, download, toCsv } from '../ui/data-table';
import { when } from '../ui/format';
import { JsonDiff } from '../ui/json-diff';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';
import '../ui/screens.css';

type Entry = ListItem<'/admin/audit/list'>;
interface Filters {
  action?: string;
  subject?: string;
  operator_id?: number;
  from?: string;
  to?: string;
}

/** The most rows an export fetches. */
export const EXPORT_CAP = 10_000;
const EXPORT_PAGE = 100;

const json = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v));

const COLUMNS: readonly DataColumn<Entry>[] = [
  { key: 'id', title: 'ID', value: (e) => e.id, width: 70, sort: true },
  { key: 'time', title: 'Time', value: (e) => e.created_at, render: (e) => when(e.created_at), sort: true },
  {
    key: 'operator',
    title: 'Operator',
    value: (e) => e.actor_name ?? (e.actor_id === null ? e.actor_kind : `${e.actor_kind} #${e.actor_id}`),
    filter: true,
  },
  {
    key: 'action',
    title: 'Action',
    value: (e) => e.action,
    render: (e) => <Tag>{e.action}</Tag>,
    filter: true,
  },
  {
    key: 'subject',
    title: 'Subject',
    value: (e) => e.subject,
    render: (e) => <span className="mono">{e.subject}</span>,
  },
  {
    key: 'reason',
    title: 'Reason',
    value: (e) => {
      const after = e.after as Record<string, unknown> | null;
      return after && typeof after === 'object' && typeof after.reason === 'string' ? after.reason : null;
    },
  },
  { key: 'before', title: 'Before', value: (e) => json(e.before), hidden: true },
  { key: 'after', title: 'After', value: (e) => json(e.after), hidden: true },
];

/** Every column of the export, the full before and after included. */
const EXPORT_COLUMNS = COLUMNS.map((c) =>
  c.key === 'before' || c.key === 'after' ? { ...c, hidden: false } : c,
);

/** A local date-time field's text as an ISO time; empty stays empty. */
function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function localOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function filtersOf(params: URLSearchParams): Filters {
  const f: Filters = {};
  for (const k of ['action', 'subject', 'from', 'to'] as const) {
    const v = params.get(k);
    if (v) f[k] = v;
  }
  const op = Number(params.get('operator_id'));
  if (Number.isInteger(op) && op > 0) f.operator_id = op;
  return f;
}

/**
 * The audit log: every operator action, newest first, with what it changed. Filters live in the address
 * (a setting's "history" opens it filtered to `setting:<key>`); the export fetches every page of the filter.
 */
export default function AuditScreen() {
  const { call, can } = useConsole();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const load = useListLoader('/admin/audit/list', filters);

  const [action, setAction] = useState(filters.action ?? '');
  const [subject, setSubject] = useState(filters.subject ?? '');
  const [operator, setOperator] = useState<number | null>(filters.operator_id ?? null);
  const [from, setFrom] = useState(localOf(filters.from ?? null));
  const [to, setTo] = useState(localOf(filters.to ?? null));
  const [operators, setOperators] = useState<{ label: string; value: number }[] | null>(null);
  const [exporting, setExporting] = useState<{ done: number; total: number; error?: string } | null>(null);
  const cancel = useRef(false);

  // Keep the fields in step when the address changes (a "history" link, back and forward).
  const key = params.toString();
  useEffect(() => {
    const f = filtersOf(new URLSearchParams(key));
    setAction(f.action ?? '');
    setSubject(f.subject ?? '');
    setOperator(f.operator_id ?? null);
    setFrom(localOf(f.from ?? null));
    setTo(localOf(f.to ?? null));
  }, [key]);

  const mayListOperators = can('/admin/operators/list');
  useEffect(() => {
    if (!mayListOperators) return;
    call('/admin/operators/list', {})
      .then((list) => setOperators(list.map((o) => ({ label: `${o.name} (#${o.id})`, value: o.id }))))
      .catch(() => setOperators(null));
  }, [call, mayListOperators]);

  const apply = () => {
    const next = new URLSearchParams();
    if (action.trim()) next.set('action', action.trim());
    if (subject.trim()) next.set('subject', subject.trim());
    if (operator) next.set('operator_id', String(operator));
    const f = isoOf(from);
    const t = isoOf(to);
    if (f) next.set('from', f);
    if (t) next.set('to', t);
    setParams(next);
  };
  const clear = () => setParams(new URLSearchParams());

  const exportAll = async () => {
    cancel.current = false;
    const rows: Entry[] = [];
    setExporting({ done: 0, total: 0 });
    try {
      for (let page = 1; ; page++) {
        const data = await call('/admin/audit/list', { ...filters, page, size: EXPORT_PAGE });
        rows.push(...data.list);
        const total = Math.min(data.total, EXPORT_CAP);
        setExporting({ done: Math.min(rows.length, total), total });
        if (cancel.current) return setExporting(null);
        if (data.list.length < EXPORT_PAGE || rows.length >= total) break;
      }
      const cols = EXPORT_COLUMNS.filter((c) => !c.action);
      download(
        `audit-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`,
        toCsv(rows.slice(0, EXPORT_CAP), cols),
      );
      setExporting(null);
    } catch (e) {
      setExporting((x) => ({ done: x?.done ?? 0, total: x?.total ?? 0, error: failureText(e) }));
    }
  };

  const onEnter = { onPressEnter: apply };

  return (
    <>
      <ScreenTitle
        title="Audit log"
        note="Every operator action, newest first, with the subject before and after. Expand a row for the changes."
        extra={
          <Button icon={<DownloadOutlined />} onClick={exportAll} data-testid="audit-export">
            Export filtered rows (CSV)
          </Button>
        }
      />
      <div className="filter-bar" data-testid="audit-filters">
        <Input
          placeholder="Action (setting.set, or a prefix: withdrawal.)"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          allowClear
          style={{ width: 280 }}
          data-testid="audit-action"
          {...onEnter}
        />
        {operators ? (
          <Select
            placeholder="Operator"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={operator ?? undefined}
            onChange={(v) => setOperator(v ?? null)}
            options={operators}
            style={{ width: 200 }}
          />
        ) : (
          <InputNumber
            placeholder="Operator id"
            min={1}
            value={operator}
            onChange={(v) => setOperator(typeof v === 'number' ? v : null)}
            style={{ width: 140 }}
          />
        )}
        <Input
          placeholder="Subject (user:12, or a prefix: setting:)"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          allowClear
          style={{ width: 280 }}
          data-testid="audit-subject"
          {...onEnter}
        />
        <Space size={4}>
          <Typography.Text type="secondary">From</Typography.Text>
          <Input
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            style={{ width: 190 }}
          />
          <Typography.Text type="secondary">to</Typography.Text>
          <Input
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            style={{ width: 190 }}
          />
        </Space>
        <Button type="primary" icon={<SearchOutlined />} onClick={apply} data-testid="audit-apply">
          Filter
        </Button>
        <Button onClick={clear}>Clear</Button>
      </div>
      <DataTable
        id="audit"
        load={load}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        expand={(e) => <JsonDiff before={e.before} after={e.after} />}
        emptyText="No actions match the filter"
        pageSize={50}
      />
      <Modal
        open={exporting !== null}
        title="Exporting the audit log"
        footer={
          <Button
            onClick={() => {
              cancel.current = true;
              setExporting(null);
            }}
          >
            {exporting?.error ? 'Close' : 'Cancel'}
          </Button>
        }
        closable={false}
      >
        {exporting?.error ? (
          <Typography.Text type="danger">The export stopped: {exporting.error}</Typography.Text>
        ) : (
          <>
            <Progress
              percent={
                exporting && exporting.total > 0 ? Math.floor((exporting.done / exporting.total) * 100) : 0
              }
              status="active"
            />
            <Typography.Text type="secondary">
              {exporting?.done ?? 0} of {exporting?.total || '…'} rows (at most{' '}
              {EXPORT_CAP.toLocaleString('en-US')})
            </Typography.Text>
          </>
        )}
      </Modal>
    </>
  );
}
