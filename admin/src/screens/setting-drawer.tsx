import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { when } from '../ui/format';
import {
  asSchema,
  describeSchema,
  editorKind,
  fromFormValue,
  SchemaField,
  toFormValue,
} from '../ui/schema-field';
import { historyPath, type Setting, useSetSetting, valueText } from './setting-save';

interface EditValues {
  value: unknown;
  reason: string;
}

/** One setting in a drawer: its type, default and last change; the editor its type takes, and a reason. */
export function SettingDrawer(props: { setting: Setting; onClose: () => void; onSaved: () => void }) {
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
          message="An instrument added or removed, and tick, lot and contract-value changes, apply when the market restarts (every instance, in a cluster); the rest at once."
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
