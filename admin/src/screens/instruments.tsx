import { EditOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Result,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsole } from '../console';
import { useConfirmWithReason } from '../ui/confirm-with-reason';
import { ScreenTitle } from '../ui/screen';
import { useLoad } from './programs/common';
import { historyPath, type Setting, useSetSetting } from './settings';

interface SpotInstrument {
  inst_id: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  enabled: boolean;
}

interface Tier {
  max_notional: string | null;
  mmr: string;
}

interface SwapInstrument {
  inst_id: string;
  underlying: string;
  ct_val: string;
  tick_size: string;
  max_lever: number;
  tiers: Tier[];
  enabled: boolean;
}

const SPOT_KEY = 'market.instruments';
const SWAP_KEY = 'futures.instruments';
const FEE_KEYS = [
  ['market.maker_fee_rate', 'Spot maker'],
  ['market.taker_fee_rate', 'Spot taker'],
  ['futures.maker_fee_rate', 'Futures maker'],
  ['futures.taker_fee_rate', 'Futures taker'],
] as const;

const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;
const RATE = /^0(\.\d{1,8})?$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const asArray = <T,>(v: unknown, ok: (x: Record<string, unknown>) => boolean): T[] =>
  Array.isArray(v) && v.every((x) => isRecord(x) && ok(x)) ? (v as T[]) : [];
const spotOf = (v: unknown) =>
  asArray<SpotInstrument>(v, (x) => typeof x.inst_id === 'string' && typeof x.tick_size === 'string');
const swapOf = (v: unknown) =>
  asArray<SwapInstrument>(v, (x) => typeof x.inst_id === 'string' && Array.isArray(x.tiers));

const percent = (rate: string) => {
  const n = Number(rate);
  return Number.isFinite(n) ? `${(n * 100).toFixed(4).replace(/\.?0+$/, '')}%` : rate;
};

type Editing =
  | { kind: 'spot'; row: SpotInstrument }
  | { kind: 'swap'; row: SwapInstrument }
  | { kind: 'fee'; key: string; label: string; value: string };

/**
 * Instruments: the spot and swap instruments and the trading fees, over their settings. Each change is saved
 * as the whole setting with a reason (kept in the audit log).
 */
export default function InstrumentsScreen() {
  const { call, can } = useConsole();
  const navigate = useNavigate();
  const confirm = useConfirmWithReason();
  const save = useSetSetting();
  const load = useCallback(() => call('/admin/settings/list', {}), [call]);
  const { data, error, loading, reload } = useLoad(load);
  const [editing, setEditing] = useState<Editing | null>(null);
  const mayEdit = can('/admin/settings/set');

  if (loading && !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!data) {
    return (
      <Result
        status="warning"
        title="The instruments could not be loaded"
        subTitle={error}
        extra={<Button onClick={reload}>Try again</Button>}
      />
    );
  }
  const byKey = new Map<string, Setting>(data.map((s) => [s.key, s]));
  const spot = spotOf(byKey.get(SPOT_KEY)?.value);
  const swaps = swapOf(byKey.get(SWAP_KEY)?.value);

  /** Saves one setting's new value with a reason; answers whether it went through. */
  const put = async (key: string, value: unknown, reason: string) => {
    const out = await save({ key, value, reason });
    if (out) reload();
    return out !== null;
  };

  const toggleSpot = (row: SpotInstrument, enabled: boolean) =>
    confirm.ask({
      title: `${enabled ? 'Enable' : 'Disable'} ${row.inst_id}`,
      summary: enabled
        ? `${row.inst_id} takes orders again at once.`
        : `${row.inst_id} takes no new orders from now on; resting orders stay on the book.`,
      okText: enabled ? 'Enable' : 'Disable',
      danger: !enabled,
      action: (reason) =>
        put(
          SPOT_KEY,
          spot.map((r) => (r.inst_id === row.inst_id ? { ...r, enabled } : r)),
          reason,
        ),
    });

  const toggleSwap = (row: SwapInstrument, enabled: boolean) =>
    confirm.ask({
      title: `${enabled ? 'Enable' : 'Disable'} ${row.inst_id}`,
      summary: enabled
        ? `${row.inst_id} takes orders again at once.`
        : `${row.inst_id} takes no new orders from now on; open positions stay and can be closed.`,
      okText: enabled ? 'Enable' : 'Disable',
      danger: !enabled,
      action: (reason) =>
        put(
          SWAP_KEY,
          swaps.map((r) => (r.inst_id === row.inst_id ? { ...r, enabled } : r)),
          reason,
        ),
    });

  const editButton = (onClick: () => void, testId?: string) =>
    mayEdit ? (
      <Button size="small" icon={<EditOutlined />} onClick={onClick} data-testid={testId}>
        Edit
      </Button>
    ) : null;

  const history = (key: string) => (
    <Button size="small" type="link" icon={<HistoryOutlined />} onClick={() => navigate(historyPath(key))}>
      History
    </Button>
  );

  return (
    <>
      <ScreenTitle
        title="Instruments"
        note="Spot and swap instruments and the trading fees."
        extra={
          <Button icon={<ReloadOutlined />} onClick={reload}>
            Reload
          </Button>
        }
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="Tick size, lot size and contract value apply when the market restarts (a book's steps never change under resting orders). Enabling, disabling, minimum notional, leverage, margin tiers and fees apply at once."
      />
      <Card size="small" title="Spot" extra={history(SPOT_KEY)} style={{ marginBottom: 12 }}>
        <Table<SpotInstrument>
          size="small"
          bordered
          pagination={false}
          rowKey="inst_id"
          dataSource={spot}
          data-testid="spot-instruments"
          columns={[
            {
              title: 'Instrument',
              dataIndex: 'inst_id',
              render: (t: string) => <Typography.Text strong>{t}</Typography.Text>,
            },
            {
              title: 'Tick size',
              dataIndex: 'tick_size',
              align: 'right',
              render: (t: string) => <span className="mono">{t}</span>,
            },
            {
              title: 'Lot size',
              dataIndex: 'lot_size',
              align: 'right',
              render: (t: string) => <span className="mono">{t}</span>,
            },
            {
              title: 'Min notional',
              dataIndex: 'min_notional',
              align: 'right',
              render: (t: string, r) => (
                <span className="mono">
                  {t} {r.quote}
                </span>
              ),
            },
            {
              title: 'Enabled',
              render: (_, r) => (
                <Switch
                  checked={r.enabled}
                  disabled={!mayEdit}
                  onChange={(v) => toggleSpot(r, v)}
                  aria-label={`${r.inst_id} enabled`}
                />
              ),
            },
            {
              title: '',
              width: 90,
              render: (_, r) => editButton(() => setEditing({ kind: 'spot', row: r })),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title="Perpetual swaps (USDT-margined)"
        extra={history(SWAP_KEY)}
        style={{ marginBottom: 12 }}
      >
        <Table<SwapInstrument>
          size="small"
          bordered
          pagination={false}
          rowKey="inst_id"
          dataSource={swaps}
          expandable={{
            expandedRowRender: (r) => (
              <Table<Tier>
                size="small"
                pagination={false}
                rowKey={(t) => String(t.max_notional)}
                dataSource={r.tiers}
                style={{ maxWidth: 480 }}
                columns={[
                  { title: 'Position value up to (USDT)', render: (_, t) => t.max_notional ?? 'no ceiling' },
                  { title: 'Maintenance margin rate', render: (_, t) => percent(t.mmr) },
                ]}
              />
            ),
          }}
          columns={[
            {
              title: 'Contract',
              dataIndex: 'inst_id',
              render: (t: string) => <Typography.Text strong>{t}</Typography.Text>,
            },
            { title: 'Index', dataIndex: 'underlying' },
            {
              title: 'Contract value',
              dataIndex: 'ct_val',
              align: 'right',
              render: (t: string) => <span className="mono">{t}</span>,
            },
            {
              title: 'Tick size',
              dataIndex: 'tick_size',
              align: 'right',
              render: (t: string) => <span className="mono">{t}</span>,
            },
            { title: 'Max leverage', dataIndex: 'max_lever', align: 'right', render: (n: number) => `${n}x` },
            { title: 'Margin tiers', render: (_, r) => `${r.tiers.length} tiers` },
            {
              title: 'Enabled',
              render: (_, r) => (
                <Switch
                  checked={r.enabled}
                  disabled={!mayEdit}
                  onChange={(v) => toggleSwap(r, v)}
                  aria-label={`${r.inst_id} enabled`}
                />
              ),
            },
            {
              title: '',
              width: 90,
              render: (_, r) => editButton(() => setEditing({ kind: 'swap', row: r })),
            },
          ]}
        />
      </Card>
      <Card size="small" title="Trading fees" style={{ marginBottom: 12 }}>
        <Table
          size="small"
          bordered
          pagination={false}
          rowKey="key"
          style={{ maxWidth: 760 }}
          dataSource={FEE_KEYS.map(([key, label]) => ({
            key,
            label,
            value: String(byKey.get(key)?.value ?? ''),
            changed: byKey.get(key)?.changed ?? false,
          }))}
          columns={[
            { title: 'Fee', dataIndex: 'label' },
            { title: 'Key', dataIndex: 'key', render: (t: string) => <span className="mono">{t}</span> },
            {
              title: 'Rate',
              align: 'right',
              render: (_, f) => (
                <span>
                  <span className="mono">{f.value}</span>{' '}
                  <Typography.Text type="secondary">({percent(f.value)})</Typography.Text>
                </span>
              ),
            },
            { title: '', render: (_, f) => (f.changed ? <Tag color="orange">changed</Tag> : null) },
            {
              title: '',
              width: 170,
              render: (_, f) => (
                <Space size={4}>
                  {editButton(() => setEditing({ kind: 'fee', key: f.key, label: f.label, value: f.value }))}
                  {history(f.key)}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing ? (
        <EditDrawer
          editing={editing}
          onClose={() => setEditing(null)}
          onSave={async (value, reason) => {
            let ok = false;
            if (editing.kind === 'fee') ok = await put(editing.key, value.rate, reason);
            else if (editing.kind === 'spot')
              ok = await put(
                SPOT_KEY,
                spot.map((r) => (r.inst_id === editing.row.inst_id ? { ...r, ...value } : r)),
                reason,
              );
            else
              ok = await put(
                SWAP_KEY,
                swaps.map((r) => (r.inst_id === editing.row.inst_id ? { ...r, ...value } : r)),
                reason,
              );
            if (ok) setEditing(null);
          }}
        />
      ) : null}
      {confirm.element}
    </>
  );
}

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

/** The edit drawer of one instrument or fee; the reason is asked for on the same form. */
function EditDrawer(props: {
  editing: Editing;
  onClose: () => void;
  onSave: (value: Record<string, unknown>, reason: string) => Promise<void>;
}) {
  const { editing } = props;
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  const title =
    editing.kind === 'fee'
      ? `${editing.label} fee`
      : editing.kind === 'spot'
        ? editing.row.inst_id
        : editing.row.inst_id;
  const initial: EditValues =
    editing.kind === 'fee'
      ? { reason: '', rate: editing.value }
      : editing.kind === 'spot'
        ? {
            reason: '',
            tick_size: editing.row.tick_size,
            lot_size: editing.row.lot_size,
            min_notional: editing.row.min_notional,
          }
        : {
            reason: '',
            tick_size: editing.row.tick_size,
            max_lever: editing.row.max_lever,
            tiers: JSON.stringify(editing.row.tiers, null, 2),
          };

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
    <Drawer open onClose={props.onClose} title={title} size={520} destroyOnHidden>
      <Form<EditValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
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
        {editing.kind === 'spot' ? (
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
              label={`Minimum notional (${editing.row.quote}, at once)`}
              rules={[{ required: true }, decimalRule]}
            >
              <Input className="mono" />
            </Form.Item>
          </>
        ) : null}
        {editing.kind === 'swap' ? (
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
        ) : null}
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
