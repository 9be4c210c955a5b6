import { Segmented, Tag } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../../api';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { StatusTag, when } from '../../ui/format';
import { useListLoader } from '../../ui/lists';
import { registerUserTab } from './registry';

/* The spot market's tab: the user's orders. */

registerUserTab({
  id: 'orders',
  title: 'Orders',
  endpoint: '/admin/spot/orders',
  order: 30,
  render: (user) => <OrdersTab userId={user.user_id} />,
});

// ---- Orders ----

type Order = ListItem<'/admin/spot/orders'>;

const ORDER_COLUMNS: readonly DataColumn<Order>[] = [
  { key: 'id', title: 'Order', value: (o) => o.id, render: (o) => <span className="mono">{o.id}</span> },
  { key: 'time', title: 'Time', value: (o) => o.created_at, render: (o) => when(o.created_at) },
  { key: 'inst', title: 'Instrument', value: (o) => o.inst_id, filter: true },
  {
    key: 'side',
    title: 'Side',
    value: (o) => o.side,
    render: (o) => <Tag color={o.side === 'buy' ? 'green' : 'red'}>{o.side}</Tag>,
    filter: true,
  },
  { key: 'type', title: 'Type', value: (o) => o.type, filter: true },
  { key: 'price', title: 'Price', value: (o) => o.price, align: 'right' },
  { key: 'size', title: 'Size', value: (o) => `${o.size} ${o.size_ccy}`, align: 'right' },
  { key: 'filled', title: 'Filled', value: (o) => o.filled, align: 'right' },
  { key: 'avg', title: 'Avg price', value: (o) => o.avg_price, align: 'right' },
  { key: 'fee', title: 'Fee', value: (o) => o.fee, align: 'right' },
  {
    key: 'state',
    title: 'State',
    value: (o) => o.state,
    render: (o) => <StatusTag status={o.state} />,
    filter: true,
  },
  { key: 'cancel', title: 'Cancel reason', value: (o) => o.cancel_reason, hidden: true },
];

function OrdersTab({ userId }: { userId: number }) {
  const [state, setState] = useState<'open' | 'done' | 'all'>('all');
  const load = useListLoader('/admin/spot/orders', {
    user_id: userId,
    ...(state === 'all' ? {} : { state }),
  });
  return (
    <DataTable
      id="user-orders"
      load={load}
      columns={ORDER_COLUMNS}
      rowKey={(o) => o.id}
      emptyText="No spot orders"
      toolbar={
        <Segmented<'open' | 'done' | 'all'>
          value={state}
          onChange={setState}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Open', value: 'open' },
            { label: 'Done', value: 'done' },
          ]}
        />
      }
    />
  );
}
