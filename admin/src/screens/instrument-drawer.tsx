import { Button, Drawer, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { DECIMAL, type Editing, RATE } from './instruments-data';

interface EditValues {
  reason: string;
  rate?: string;
  tick_size?: string;
  lot_size?: string;
  min_notional?: string;
  max_lever?: number;
  tiers?: string;
}

const decimalRule = { pattern: DECIMAL, message: 'A decimal number (0.01)' };

/** The form's first values: the fee's rate, or the instrument's steps (a swap's tiers as JSON text). */
function initialOf(editing: Editing): EditValues {
  if (editing.kind === 'fee') return { reason: '', rate: editing.value };
  if (editing.kind === 'spot')
    return {
      reason: '',
      tick_size: editing.row.tick_size,
      lot_size: editing.row.lot_size,
      min_notional: editing.row.min_notional,
    };
  return {
    reason: '',
    tick_size: editing.row.tick_size,
    max_lever: editing.row.max_lever,
    tiers: JSON.stringify(editing.row.tiers, null, 2),
  };
}

/** The edit drawer of one instrument or fee; the reason is asked for on the same form. */
export function EditDrawer(props: {
  editing: Editing;
  onClose: () => void;
  onSave: (value: Record<string, unknown>, reason: string) => Promise<void>;
}) {
  const { editing } = props;
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: EditValues) => {
    const { reason, ...rest } = v;
    let value: Record<string, unknown> = rest;
    if (editing.kind === 'swap') {
      try {
        value = {
          tick_size: rest.tick_size,
          max_lever: rest.max_lever,
          tiers: JSON.parse(rest.tiers ?? '[]'),
        };
      } catch {
        form.setFields([{ name: 'tiers', errors: ['Not valid JSON'] }]);
        return;
      }
    }
    setBusy(true);
    await props.onSave(value, reason.trim());
    setBusy(false);
  };

  return (
    <Drawer
      open
      onClose={props.onClose}
      title={editing.kind === 'fee' ? `${editing.label} fee` : editing.row.inst_id}
      size={520}
      destroyOnHidden
    >
      <Form<EditValues> form={form} layout="vertical" initialValues={initialOf(editing)} onFinish={submit}>
        {editing.kind === 'fee' ? (
          <Form.Item
            name="rate"
            label="Rate (a fraction of the notional: 0.001 is 0.1%)"
            rules={[{ required: true }, { pattern: RATE, message: 'A fraction below 1, up to 8 decimals' }]}
          >
            <Input className="mono" />
          </Form.Item>
        ) : null}
        {editing.kind !== 'fee' ? (
          <Form.Item
            name="tick_size"
            label="Tick size (applies when the market restarts)"
            rules={[{ required: true }, decimalRule]}
          >
            <Input className="mono" />
          </Form.Item>
        ) : null}
        {editing.kind === 'spot' ? <SpotFields quote={editing.row.quote} /> : null}
        {editing.kind === 'swap' ? <SwapFields /> : null}
        <Form.Item
          name="reason"
          label="Reason (kept in the audit log)"
          rules={[
            { required: true, message: 'Say why' },
            { min: 3, message: 'At least 3 characters' },
            { max: 200 },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            Save
          </Button>
          <Button onClick={props.onClose}>Cancel</Button>
        </Space>
      </Form>
    </Drawer>
  );
}

/** A spot instrument's lot size and minimum notional. */
function SpotFields({ quote }: { quote: string }) {
  return (
    <>
      <Form.Item
        name="lot_size"
        label="Lot size (applies when the market restarts)"
        rules={[{ required: true }, decimalRule]}
      >
        <Input className="mono" />
      </Form.Item>
      <Form.Item
        name="min_notional"
        label={`Minimum notional (${quote}, at once)`}
        rules={[{ required: true }, decimalRule]}
      >
        <Input className="mono" />
      </Form.Item>
    </>
  );
}

/** A swap's leverage and its margin tiers as JSON text. */
function SwapFields() {
  return (
    <>
      <Form.Item name="max_lever" label="Max leverage (at once)" rules={[{ required: true }]}>
        <InputNumber min={1} max={125} precision={0} addonAfter="x" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="tiers"
        label="Maintenance margin tiers (JSON, ascending; the last without a ceiling)"
        rules={[
          { required: true },
          {
            validator: async (_, t: unknown) => {
              JSON.parse(String(t));
            },
            message: 'Not valid JSON',
          },
        ]}
      >
        <Input.TextArea className="mono" autoSize={{ minRows: 6, maxRows: 16 }} />
      </Form.Item>
    </>
  );
}
