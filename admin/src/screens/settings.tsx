import { EditOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Collapse,
  Empty,
  Input,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsole } from '../console';
import { when } from '../ui/format';
import { ScreenTitle } from '../ui/screen';
import { useLoad } from './programs/common';
import { SettingDrawer } from './setting-drawer';
import { domainOf, historyPath, type Setting, valueText } from './setting-save';
import '../ui/screens.css';

function ValueCell({ value }: { value: unknown }) {
  if (typeof value === 'boolean')
    return <Tag color={value ? 'green' : 'default'}>{value ? 'on' : 'off'}</Tag>;
  const text = valueText(value);
  return (
    <Tooltip
      title={
        text.length > 60 ? (
          <pre className="mono" style={{ margin: 0 }}>
            {text.slice(0, 2000)}
          </pre>
        ) : null
      }
    >
      <span className="setting-value">{text}</span>
    </Tooltip>
  );
}

/**
 * Settings: every declared setting grouped by its domain, with its value, its default, whether it was
 * changed and by whom; admins edit one in a drawer (setting-drawer.tsx) whose editor follows the setting's
 * type. Saving one, and its history's address, are in setting-save.ts.
 */
export default function SettingsScreen() {
  const { call, can } = useConsole();
  const navigate = useNavigate();
  const load = useCallback(() => call('/admin/settings/list', {}), [call]);
  const { data, error, loading, reload } = useLoad(load);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Setting | null>(null);
  const mayEdit = can('/admin/settings/set');
  const groups = useGroups(data, filter);
  const columns = settingColumns({ mayEdit, edit: setEditing, history: (key) => navigate(historyPath(key)) });

  return (
    <>
      <ScreenTitle
        title="Settings"
        note={
          mayEdit
            ? 'Typed settings by domain. A change is validated, applied and kept in the audit log with its reason.'
            : 'Typed settings by domain (read only: only an admin changes settings).'
        }
        extra={
          <Space>
            <Input.Search
              placeholder="Find a setting"
              allowClear
              onChange={(e) => setFilter(e.target.value)}
              style={{ width: 260 }}
              data-testid="settings-filter"
            />
            <Button icon={<ReloadOutlined />} onClick={reload}>
              Reload
            </Button>
          </Space>
        }
      />
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : error && !data ? (
        <Result
          status="warning"
          title="The settings could not be loaded"
          subTitle={error}
          extra={
            <Button type="primary" onClick={reload}>
              Try again
            </Button>
          }
        />
      ) : groups.length === 0 ? (
        <Empty description="No setting matches" />
      ) : (
        <Collapse
          key={filter ? 'filtered' : 'all'}
          defaultActiveKey={groups.map(([d]) => d)}
          items={groups.map(([domain, rows]) => ({
            key: domain,
            label: <GroupLabel domain={domain} rows={rows} />,
            children: (
              <Table<Setting>
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={rows}
                columns={columns}
                tableLayout="fixed"
              />
            ),
          }))}
        />
      )}
      {editing ? (
        <SettingDrawer
          setting={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** The settings whose key holds the filter's text, by domain, the domains in order. */
function useGroups(data: readonly Setting[] | null, filter: string) {
  return useMemo(() => {
    const q = filter.trim().toLowerCase();
    const by = new Map<string, Setting[]>();
    for (const s of data ?? []) {
      if (q && !s.key.toLowerCase().includes(q)) continue;
      const d = domainOf(s.key);
      by.set(d, [...(by.get(d) ?? []), s]);
    }
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [data, filter]);
}

/** A domain's heading: its name, how many settings, how many changed. */
function GroupLabel({ domain, rows }: { domain: string; rows: Setting[] }) {
  return (
    <Space>
      <Typography.Text strong>{domain}</Typography.Text>
      <Typography.Text type="secondary">{rows.length}</Typography.Text>
      {rows.some((r) => r.changed) ? (
        <Tag color="orange">{rows.filter((r) => r.changed).length} changed</Tag>
      ) : null}
    </Space>
  );
}

/** A domain's table: key, value, default, changed, last change, and edit (for admins) and history. */
const settingColumns = (p: {
  mayEdit: boolean;
  edit: (s: Setting) => void;
  history: (key: string) => void;
}) => [
  {
    title: 'Key',
    key: 'key',
    width: 250,
    render: (_: unknown, s: Setting) => (
      <span className="mono" data-testid={`setting-${s.key}`}>
        {s.key}
      </span>
    ),
  },
  { title: 'Value', key: 'value', render: (_: unknown, s: Setting) => <ValueCell value={s.value} /> },
  {
    title: 'Default',
    key: 'default',
    width: 140,
    render: (_: unknown, s: Setting) =>
      s.changed ? <ValueCell value={s.default} /> : <Typography.Text type="secondary">same</Typography.Text>,
  },
  {
    title: 'Changed',
    key: 'changed',
    width: 90,
    render: (_: unknown, s: Setting) => (s.changed ? <Tag color="orange">changed</Tag> : null),
  },
  {
    title: 'Last change',
    key: 'by',
    width: 200,
    render: (_: unknown, s: Setting) =>
      s.changed_at ? (
        <span>
          {s.changed_by ?? 'system'} <Typography.Text type="secondary">{when(s.changed_at)}</Typography.Text>
        </span>
      ) : (
        '—'
      ),
  },
  {
    title: '',
    key: 'actions',
    width: 160,
    render: (_: unknown, s: Setting) => (
      <Space size={4}>
        {p.mayEdit ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => p.edit(s)} data-testid="setting-edit">
            Edit
          </Button>
        ) : null}
        <Button size="small" type="link" icon={<HistoryOutlined />} onClick={() => p.history(s.key)}>
          History
        </Button>
      </Space>
    ),
  },
];
