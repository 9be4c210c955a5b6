import { Segmented } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../../api';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { Amount, StatusTag, when } from '../../ui/format';
import { useListLoader } from '../../ui/lists';
import { registerUserTab } from './registry';

/* Earn's tab: the user's stakes, burns and loans. */

registerUserTab({
  id: 'stakes',
  title: 'Stakes',
  endpoint: '/admin/earn/stakes',
  order: 60,
  render: (user) => <StakesTab userId={user.user_id} />,
});

// ---- Stakes ----

type Stake = ListItem<'/admin/earn/stakes'>;

const STAKE_COLUMNS: readonly DataColumn<Stake>[] = [
  { key: 'kind', title: 'Kind', value: (s) => s.kind, filter: true },
  { key: 'id', title: 'Id', value: (s) => s.id, width: 70 },
  { key: 'line', title: 'Line', value: (s) => s.line },
  {
    key: 'amount',
    title: 'Amount',
    value: (s) => s.amount,
    render: (s) => <Amount value={s.amount} asset={s.asset} />,
    align: 'right',
  },
  { key: 'days', title: 'Days', value: (s) => s.days, align: 'right' },
  { key: 'rate', title: 'Rate', value: (s) => s.rate, align: 'right' },
  { key: 'paid', title: 'Paid / charged', value: (s) => s.paid, align: 'right' },
  { key: 'pledge', title: 'Against stake', value: (s) => s.pledge_id, hidden: true },
  {
    key: 'state',
    title: 'State',
    value: (s) => s.state,
    render: (s) => <StatusTag status={s.state} />,
    filter: true,
  },
  { key: 'start', title: 'Start', value: (s) => s.start_at, render: (s) => when(s.start_at) },
  { key: 'end', title: 'End', value: (s) => s.end_at, render: (s) => when(s.end_at) },
];

function StakesTab({ userId }: { userId: number }) {
  const [kind, setKind] = useState<'pledge' | 'burn' | 'loan' | 'all'>('all');
  const load = useListLoader('/admin/earn/stakes', { user_id: userId, ...(kind === 'all' ? {} : { kind }) });
  return (
    <DataTable
      id="user-stakes"
      load={load}
      columns={STAKE_COLUMNS}
      rowKey={(s) => `${s.kind}:${s.id}`}
      emptyText="No stakes, burns or loans"
      toolbar={
        <Segmented<'pledge' | 'burn' | 'loan' | 'all'>
          value={kind}
          onChange={setKind}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Stakes', value: 'pledge' },
            { label: 'Burns', value: 'burn' },
            { label: 'Loans', value: 'loan' },
          ]}
        />
      }
    />
  );
}
