import type { ResponseData } from '@nexa/contract';
import { Card, Empty, Table, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useConsole } from '../../console';
import { type DataColumn, DataTable, type Page } from '../../ui/data-table';
import { Signed, when } from '../../ui/format';
import { registerUserTab } from './registry';

/* The swaps' tab: the user's open and closed positions. */

registerUserTab({
  id: 'positions',
  title: 'Positions',
  endpoint: '/admin/futures/positions',
  order: 40,
  render: (user) => <PositionsTab userId={user.user_id} />,
});

// ---- Positions ----

type Positions = ResponseData<'/admin/futures/positions'>;
type Closed = Positions['list'][number];
type Open = Positions['open'][number];

const CLOSED_COLUMNS: readonly DataColumn<Closed>[] = [
  { key: 'id', title: 'Id', value: (p) => p.id, width: 70 },
  { key: 'inst', title: 'Contract', value: (p) => p.instId, filter: true },
  { key: 'side', title: 'Side', value: (p) => p.pos_side, filter: true },
  { key: 'lever', title: 'Leverage', value: (p) => `${p.lever}x`, align: 'right' },
  { key: 'max', title: 'Max size', value: (p) => p.max_pos, align: 'right' },
  { key: 'open', title: 'Open avg', value: (p) => p.open_avg_px, align: 'right' },
  { key: 'close', title: 'Close avg', value: (p) => p.close_avg_px, align: 'right' },
  {
    key: 'net',
    title: 'Net PnL',
    value: (p) => p.net_pnl,
    render: (p) => <Signed value={p.net_pnl} />,
    align: 'right',
  },
  { key: 'type', title: 'Closed by', value: (p) => p.close_type, filter: true },
  {
    key: 'opened',
    title: 'Opened',
    value: (p) => p.opened_at,
    render: (p) => when(p.opened_at),
    hidden: true,
  },
  { key: 'closed', title: 'Closed', value: (p) => p.closed_at, render: (p) => when(p.closed_at) },
];

function PositionsTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const [open, setOpen] = useState<readonly Open[] | null>(null);
  const load = useCallback(
    async (page: number, size: number): Promise<Page<Closed>> => {
      const d = await call('/admin/futures/positions', { user_id: userId, page, size });
      setOpen(d.open);
      return { list: d.list, total: d.total };
    },
    [call, userId],
  );
  return (
    <>
      <Card size="small" title="Open positions" style={{ marginBottom: 12 }}>
        <Table<Open>
          size="small"
          bordered
          loading={open === null}
          pagination={false}
          rowKey={(p) => `${p.instId}:${p.pos_side}`}
          dataSource={open ? [...open] : []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No open position" />,
          }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Contract', dataIndex: 'instId' },
            { title: 'Side', dataIndex: 'pos_side' },
            { title: 'Size', dataIndex: 'pos', align: 'right' },
            { title: 'Leverage', render: (_, p) => `${p.lever}x`, align: 'right' },
            { title: 'Margin mode', dataIndex: 'mgn_mode' },
            { title: 'Entry', dataIndex: 'avg_px', align: 'right' },
            { title: 'Mark', render: (_, p) => p.mark_px ?? '—', align: 'right' },
            {
              title: 'Liquidation',
              render: (_, p) => <Typography.Text type="danger">{p.liq_px ?? '—'}</Typography.Text>,
              align: 'right',
            },
            { title: 'Margin', dataIndex: 'margin', align: 'right' },
            { title: 'Maint. margin ratio %', render: (_, p) => p.margin_ratio ?? '—', align: 'right' },
            { title: 'Unrealized PnL', render: (_, p) => <Signed value={p.upl} />, align: 'right' },
          ]}
        />
      </Card>
      <DataTable
        id="user-positions"
        load={load}
        columns={CLOSED_COLUMNS}
        rowKey={(p) => p.id}
        emptyText="No closed positions"
        toolbar={<Typography.Text strong>Closed positions</Typography.Text>}
      />
    </>
  );
}
