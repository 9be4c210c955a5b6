import { EditOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import {
  Alert,
  App,
  Button,
  Collapse,
  Descriptions,
  Drawer,
  Empty,
  Form,
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
import { ApiError } from '../api';
import { failureText, useConsole } from '../console';
import { when } from '../ui/format';
import {
  asSchema,
  describeSchema,
  editorKind,
  fromFormValue,
  SchemaField,
  toFormValue,
} from '../ui/schema-field';
import { ScreenTitle } from '../ui/screen';
import { useLoad } from './programs/common';
import '../ui/screens.css';

export type Setting = ResponseData<'/admin/settings/list'>[number];

/** A setting's domain: the part of its key before the first dot. */
export const domainOf = (key: string) => key.split('.')[0] ?? key;

/** A value as one line of text (JSON for the structured ones). */
export function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

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

/** The audit log opened on one setting's changes. */
export const historyPath = (key: string) => `/audit?subject=${encodeURIComponent(`setting:${key}`)}`;

/**
 * Changes a setting with a reason: the answer, or null with the server's refusal shown on the form's field
 * (the value's or the reason's) or as a message.
 */
export function useSetSetting() {
  const { call } = useConsole();
  const { message } = App.useApp();
  return useCallback(
    async (
      body: { key: string; value: unknown; reason: string },
      onFieldError?: (field: 'value' | 'reason', text: string) => void,
    ): Promise<Setting | null> => {
      try {
        const out = await call('/admin/settings/set', body);
        message.success(`${body.key} saved`);
        return out;
      } catch (e) {
        if (e instanceof ApiError && e.signedOut) return null;
        const text = failureText(e);
        if (onFieldError && e instanceof ApiError && e.error === 'ValidationFailed') {
          onFieldError(/reason/i.test(text) ? 'reason' : 'value', text);
        } else message.error(text);
        return null;
      }
    },
    [call, message],
  );
}

/**
 * Settings: every declared setting grouped by its domain, with its value, its default, whether it was
 * changed and by whom; admins edit one in a drawer whose editor follows the setting's type.
 */
export default function SettingsScreen() {
  const { call, can } = useConsole();
  const navigate = useNavigate();
  const load = useCallback(() => call('/admin/settings/list', {}), [call]);
  const { data, error, loading, reload } = useLoad(load);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Setting | null>(null);
  const mayEdit = can('/admin/settings/set');

  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const by = new Map<string, Setting[]>();
    for (const s of data ?? []) {
      if (q && !s.key.toLowerCase().includes(q)) continue;
      const d = domainOf(s.key);
      by.set(d, [...(by.get(d) ?? []), s]);
    }
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [data, filter]);

  const columns = [
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
        s.changed ? (
          <ValueCell value={s.default} />
        ) : (
          <Typography.Text type="secondary">same</Typography.Text>
        ),
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
            {s.changed_by ?? 'system'}{' '}
            <Typography.Text type="secondary">{when(s.changed_at)}</Typography.Text>
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
          {mayEdit ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing(s)}
              data-testid="setting-edit"
            >
              Edit
            </Button>
          ) : null}
          <Button
            size="small"
            type="link"
            icon={<HistoryOutlined />}
            onClick={() => navigate(historyPath(s.key))}
          >
            History
          </Button>
        </Space>
      ),
    },
  ];

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
            label: (
              <Space>
                <Typography.Text strong>{domain}</Typography.Text>
                <Typography.Text type="secondary">{rows.length}</Typography.Text>
                {rows.some((r) => r.changed) ? (
                  <Tag color="orange">{rows.filter((r) => r.changed).length} changed</Tag>
                ) : null}
              </Space>
            ),
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

interface EditValues {
  value: unknown;
  reason: string;
}

function SettingDrawer(props: { setting: Setting; onClose: () => void; onSaved: () => void }) {
  const { setting } = props;
  const schema = asSchema(setting.schema);
  const kind = editorKind(schema);
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  const save = useSetSetting();
  const navigate = useNavigate();

  const submit = async (v: EditValues) => {
    let value: unknown;
    try {
      value = fromFormValue(kind, v.value);
    } catch {
      form.setFields([{ name: 'value', errors: ['Not valid JSON'] }]);
      return;
    }
    setBusy(true);
    const done = await save({ key: setting.key, value, reason: v.reason.trim() }, (field, text) =>
      form.setFields([{ name: field, errors: [text] }]),
    );
    setBusy(false);
    if (done) props.onSaved();
  };

  return (
    <Drawer
      open
      onClose={props.onClose}
      title={<span className="mono">{setting.key}</span>}
      size={kind === 'json' ? 720 : 520}
      destroyOnHidden
      extra={
        <Button type="link" icon={<HistoryOutlined />} onClick={() => navigate(historyPath(setting.key))}>
          History
        </Button>
      }
    >
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Type">{describeSchema(schema)}</Descriptions.Item>
        <Descriptions.Item label="Default">
          <span className="mono">{valueText(setting.default)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Last change">
          {setting.changed_at ? `${setting.changed_by ?? 'system'}, ${when(setting.changed_at)}` : 'never'}
        </Descriptions.Item>
      </Descriptions>
      {setting.key.endsWith('.instruments') ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="Tick, lot and contract-value changes apply when the market restarts; the rest at once."
        />
      ) : null}
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{ value: toFormValue(kind, setting.value), reason: '' }}
        onFinish={submit}
        data-testid="setting-form"
      >
        <SchemaField name="value" schema={schema} />
        <Form.Item
          name="reason"
          label="Reason (kept in the audit log)"
          rules={[
            { required: true, message: 'Say why' },
            { min: 3, message: 'At least 3 characters' },
            { max: 200 },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="setting-reason" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="setting-save">
            Save
          </Button>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button
            onClick={() => form.setFieldValue('value', toFormValue(kind, setting.default))}
            disabled={!setting.changed}
          >
            Back to default
          </Button>
        </Space>
      </Form>
    </Drawer>
  );
}
