import { EditOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsole } from '../console';
import { useConfirmWithReason } from '../ui/confirm-with-reason';
import { ScreenTitle } from '../ui/screen';
import { EditDrawer } from './instrument-drawer';
import {
  type Editing,
  FEE_KEYS,
  percent,
  SPOT_KEY,
  type SpotInstrument,
  SWAP_KEY,
  type SwapInstrument,
  spotOf,
  swapOf,
  type Tier,
  withRow,
} from './instruments-data';
import { useLoad } from './programs/common';
import { historyPath, type Setting, useSetSetting } from './setting-save';

/**
 * Instruments: the spot and swap instruments and the trading fees, over their settings. Each change is saved
 * as the whole setting with a reason (kept in the audit log). The settings are read in instruments-data.ts;
 * one is edited in instrument-drawer.tsx.
 */
export default function InstrumentsScreen() {
  const { call } = useConsole();
  const load = useCallback(() => call('/admin/settings/list', {}), [call]);
  const { data, error, loading, reload } = useLoad(load);

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
  return <Instruments settings={data} reload={reload} />;
}

/** The loaded screen: the three tables, the confirmation of a switch, the edit drawer. */
function Instruments({ settings, reload }: { settings: readonly Setting[]; reload: () => void }) {
  const { can } = useConsole();
  const confirm = useConfirmWithReason();
  const save = useSetSetting();
  const [editing, setEditing] = useState<Editing | null>(null);
  const mayEdit = can('/admin/settings/set');
  const byKey = new Map<string, Setting>(settings.map((s) => [s.key, s]));
  const spot = spotOf(byKey.get(SPOT_KEY)?.value);
  const swaps = swapOf(byKey.get(SWAP_KEY)?.value);

  /** Saves one setting's new value with a reason; answers whether it went through. */
  const put = async (key: string, value: unknown, reason: string) => {
    const out = await save({ key, value, reason });
    if (out) reload();
    return out !== null;
  };

  /** Asks to switch an instrument on or off; `stays` says what stays when it goes off. */
  const toggle = (
    key: string,
    rows: readonly { inst_id: string }[],
    instId: string,
    enabled: boolean,
    stays: string,
  ) =>
    confirm.ask({
      title: `${enabled ? 'Enable' : 'Disable'} ${instId}`,
      summary: enabled
        ? `${instId} takes orders again at once.`
        : `${instId} takes no new orders from now on; ${stays}.`,
      okText: enabled ? 'Enable' : 'Disable',
      danger: !enabled,
      action: (reason) => put(key, withRow(rows, instId, { enabled }), reason),
    });

  const saveEdit = async (e: Editing, value: Record<string, unknown>, reason: string) => {
    let ok = false;
    if (e.kind === 'fee') ok = await put(e.key, value.rate, reason);
    else if (e.kind === 'spot') ok = await put(SPOT_KEY, withRow(spot, e.row.inst_id, value), reason);
    else ok = await put(SWAP_KEY, withRow(swaps, e.row.inst_id, value), reason);
    if (ok) setEditing(null);
  };

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
      <SpotCard
        rows={spot}
        mayEdit={mayEdit}
        onToggle={(r, v) => toggle(SPOT_KEY, spot, r.inst_id, v, 'resting orders stay on the book')}
        onEdit={(r) => setEditing({ kind: 'spot', row: r })}
      />
      <SwapCard
        rows={swaps}
        mayEdit={mayEdit}
        onToggle={(r, v) => toggle(SWAP_KEY, swaps, r.inst_id, v, 'open positions stay and can be closed')}
        onEdit={(r) => setEditing({ kind: 'swap', row: r })}
      />
      <FeesCard byKey={byKey} mayEdit={mayEdit} onEdit={setEditing} />
      {editing ? (
        <EditDrawer
          editing={editing}
          onClose={() => setEditing(null)}
          onSave={(value, reason) => saveEdit(editing, value, reason)}
        />
      ) : null}
      {confirm.element}
    </>
  );
}

function EditButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="small" icon={<EditOutlined />} onClick={onClick}>
      Edit
    </Button>
  );
}

/** Opens the audit log on one setting's changes. */
function HistoryButton({ settingKey }: { settingKey: string }) {
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      type="link"
      icon={<HistoryOutlined />}
      onClick={() => navigate(historyPath(settingKey))}
    >
      History
    </Button>
  );
}

const mono = (t: string) => <span className="mono">{t}</span>;
const strong = (t: string) => <Typography.Text strong>{t}</Typography.Text>;

interface CardProps<R> {
  rows: R[];
  mayEdit: boolean;
  onToggle: (row: R, enabled: boolean) => void;
  onEdit: (row: R) => void;
}

function SpotCard({ rows, mayEdit, onToggle, onEdit }: CardProps<SpotInstrument>) {
  return (
    <Card
      size="small"
      title="Spot"
      extra={<HistoryButton settingKey={SPOT_KEY} />}
      style={{ marginBottom: 12 }}
    >
      <Table<SpotInstrument>
        size="small"
        bordered
        pagination={false}
        rowKey="inst_id"
        dataSource={rows}
        data-testid="spot-instruments"
        columns={[
          { title: 'Instrument', dataIndex: 'inst_id', render: strong },
          { title: 'Tick size', dataIndex: 'tick_size', align: 'right', render: mono },
          { title: 'Lot size', dataIndex: 'lot_size', align: 'right', render: mono },
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
                onChange={(v) => onToggle(r, v)}
                aria-label={`${r.inst_id} enabled`}
              />
            ),
          },
          {
            title: '',
            width: 90,
            render: (_, r) => (mayEdit ? <EditButton onClick={() => onEdit(r)} /> : null),
          },
        ]}
      />
    </Card>
  );
}

function SwapCard({ rows, mayEdit, onToggle, onEdit }: CardProps<SwapInstrument>) {
  return (
    <Card
      size="small"
      title="Perpetual swaps (USDT-margined)"
      extra={<HistoryButton settingKey={SWAP_KEY} />}
      style={{ marginBottom: 12 }}
    >
      <Table<SwapInstrument>
        size="small"
        bordered
        pagination={false}
        rowKey="inst_id"
        dataSource={rows}
        expandable={{ expandedRowRender: (r) => <TiersTable tiers={r.tiers} /> }}
        columns={[
          { title: 'Contract', dataIndex: 'inst_id', render: strong },
          { title: 'Index', dataIndex: 'underlying' },
          { title: 'Contract value', dataIndex: 'ct_val', align: 'right', render: mono },
          { title: 'Tick size', dataIndex: 'tick_size', align: 'right', render: mono },
          { title: 'Max leverage', dataIndex: 'max_lever', align: 'right', render: (n: number) => `${n}x` },
          { title: 'Margin tiers', render: (_, r) => `${r.tiers.length} tiers` },
          {
            title: 'Enabled',
            render: (_, r) => (
              <Switch
                checked={r.enabled}
                disabled={!mayEdit}
                onChange={(v) => onToggle(r, v)}
                aria-label={`${r.inst_id} enabled`}
              />
            ),
          },
          {
            title: '',
            width: 90,
            render: (_, r) => (mayEdit ? <EditButton onClick={() => onEdit(r)} /> : null),
          },
        ]}
      />
    </Card>
  );
}

/** A swap's maintenance margin tiers, under its row. */
function TiersTable({ tiers }: { tiers: Tier[] }) {
  return (
    <Table<Tier>
      size="small"
      pagination={false}
      rowKey={(t) => String(t.max_notional)}
      dataSource={tiers}
      style={{ maxWidth: 480 }}
      columns={[
        { title: 'Position value up to (USDT)', render: (_, t) => t.max_notional ?? 'no ceiling' },
        { title: 'Maintenance margin rate', render: (_, t) => percent(t.mmr) },
      ]}
    />
  );
}

/** The four trading fees: each rate, whether it was changed, edit and history. */
function FeesCard(props: {
  byKey: ReadonlyMap<string, Setting>;
  mayEdit: boolean;
  onEdit: (editing: Editing) => void;
}) {
  const { byKey, mayEdit, onEdit } = props;
  return (
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
          { title: 'Key', dataIndex: 'key', render: mono },
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
                {mayEdit ? (
                  <EditButton
                    onClick={() => onEdit({ kind: 'fee', key: f.key, label: f.label, value: f.value })}
                  />
                ) : null}
                <HistoryButton settingKey={f.key} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
