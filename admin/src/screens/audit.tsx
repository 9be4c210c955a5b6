import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import { type DataColumn, DataTable } from '../ui/data-table';
import { isoOf, localOf, when } from '../ui/format';
import { JsonDiff } from '../ui/json-diff';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';
import { ExportModal, useAuditExport } from './audit-export';
import '../ui/screens.css';

type Entry = ListItem<'/admin/audit/list'>;
interface Filters {
  action?: string;
  subject?: string;
  operator_id?: number;
  from?: string;
  to?: string;
}

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
 * (a setting's "history" opens it filtered to `setting:<key>`); the export (audit-export.tsx) fetches every
 * page of the filter.
 */
export default function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const load = useListLoader('/admin/audit/list', filters);
  const fields = useFilterFields(params);
  const { exporting, start, cancel } = useAuditExport(filters, EXPORT_COLUMNS);

  return (
    <>
      <ScreenTitle
        title="Audit log"
        note="Every operator action, newest first, with the subject before and after. Expand a row for the changes."
        extra={
          <Button icon={<DownloadOutlined />} onClick={start} data-testid="audit-export">
            Export filtered rows (CSV)
          </Button>
        }
      />
      <FilterBar
        fields={fields}
        onApply={() => setParams(fields.params())}
        onClear={() => setParams(new URLSearchParams())}
      />
      <DataTable
        id="audit"
        load={load}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        expand={(e) => <JsonDiff before={e.before} after={e.after} />}
        emptyText="No actions match the filter"
        pageSize={50}
      />
      <ExportModal exporting={exporting} onCancel={cancel} />
    </>
  );
}

type Fields = ReturnType<typeof useFilterFields>;

/**
 * The filter bar's fields as typed, in step with the address (a "history" link, back and forward), and the
 * address they ask for (`params()`). The operators to pick from, where the operator may list them.
 */
function useFilterFields(params: URLSearchParams) {
  const { call, can } = useConsole();
  const filters = filtersOf(params);
  const [action, setAction] = useState(filters.action ?? '');
  const [subject, setSubject] = useState(filters.subject ?? '');
  const [operator, setOperator] = useState<number | null>(filters.operator_id ?? null);
  const [from, setFrom] = useState(localOf(filters.from ?? null));
  const [to, setTo] = useState(localOf(filters.to ?? null));
  const [operators, setOperators] = useState<{ label: string; value: number }[] | null>(null);

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

  const toParams = () => {
    const next = new URLSearchParams();
    if (action.trim()) next.set('action', action.trim());
    if (subject.trim()) next.set('subject', subject.trim());
    if (operator) next.set('operator_id', String(operator));
    const f = isoOf(from);
    const t = isoOf(to);
    if (f) next.set('from', f);
    if (t) next.set('to', t);
    return next;
  };

  return {
    action,
    setAction,
    subject,
    setSubject,
    operator,
    setOperator,
    from,
    setFrom,
    to,
    setTo,
    operators,
    params: toParams,
  };
}

/** The filters: action, operator (a list, or an id), subject, a time range; Filter (or Enter) and Clear. */
function FilterBar({
  fields: f,
  onApply,
  onClear,
}: {
  fields: Fields;
  onApply: () => void;
  onClear: () => void;
}) {
  const onEnter = { onPressEnter: onApply };
  return (
    <div className="filter-bar" data-testid="audit-filters">
      <Input
        placeholder="Action (setting.set, or a prefix: withdrawal.)"
        value={f.action}
        onChange={(e) => f.setAction(e.target.value)}
        allowClear
        style={{ width: 280 }}
        data-testid="audit-action"
        {...onEnter}
      />
      {f.operators ? (
        <Select
          placeholder="Operator"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={f.operator ?? undefined}
          onChange={(v) => f.setOperator(v ?? null)}
          options={f.operators}
          style={{ width: 200 }}
        />
      ) : (
        <InputNumber
          placeholder="Operator id"
          min={1}
          value={f.operator}
          onChange={(v) => f.setOperator(typeof v === 'number' ? v : null)}
          style={{ width: 140 }}
        />
      )}
      <Input
        placeholder="Subject (user:12, or a prefix: setting:)"
        value={f.subject}
        onChange={(e) => f.setSubject(e.target.value)}
        allowClear
        style={{ width: 280 }}
        data-testid="audit-subject"
        {...onEnter}
      />
      <Space size={4}>
        <Typography.Text type="secondary">From</Typography.Text>
        <Input
          type="datetime-local"
          value={f.from}
          onChange={(e) => f.setFrom(e.target.value)}
          style={{ width: 190 }}
        />
        <Typography.Text type="secondary">to</Typography.Text>
        <Input
          type="datetime-local"
          value={f.to}
          onChange={(e) => f.setTo(e.target.value)}
          style={{ width: 190 }}
        />
      </Space>
      <Button type="primary" icon={<SearchOutlined />} onClick={onApply} data-testid="audit-apply">
        Filter
      </Button>
      <Button onClick={onClear}>Clear</Button>
    </div>
  );
}
