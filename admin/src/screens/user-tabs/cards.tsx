import type { ResponseData } from '@nexa/contract';
import { Space } from 'antd';
import { useCallback, useState } from 'react';
import { useConsole } from '../../console';
import { type DataColumn, DataTable, type Page } from '../../ui/data-table';
import { Amount, StatusTag, when } from '../../ui/format';
import { registerUserTab } from './registry';

/* The cards' tab: the user's cards, card account and identity. */

registerUserTab({
  id: 'cards',
  title: 'Cards',
  endpoint: '/admin/cards/userCards',
  order: 70,
  render: (user) => <CardsTab userId={user.user_id} />,
});

// ---- Cards ----

type Cards = ResponseData<'/admin/cards/userCards'>;
type UserCard = Cards['list'][number];

const CARD_COLUMNS: readonly DataColumn<UserCard>[] = [
  { key: 'id', title: 'Card', value: (c) => c.id, width: 70 },
  { key: 'kind', title: 'Kind', value: (c) => c.kind, filter: true },
  { key: 'brand', title: 'Brand', value: (c) => c.brand },
  {
    key: 'masked',
    title: 'Number',
    value: (c) => c.masked,
    render: (c) => <span className="mono">{c.masked}</span>,
  },
  { key: 'holder', title: 'Holder', value: (c) => c.holder },
  { key: 'expiry', title: 'Expiry', value: (c) => c.expiry },
  {
    key: 'status',
    title: 'Status',
    value: (c) => c.status,
    render: (c) => <StatusTag status={c.status} />,
    filter: true,
  },
  { key: 'pin', title: 'PIN set', value: (c) => (c.pin_set ? 'yes' : 'no') },
  { key: 'tracking', title: 'Tracking', value: (c) => c.tracking },
  { key: 'created', title: 'Opened', value: (c) => c.created_at, render: (c) => when(c.created_at) },
];

function CardsTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const [extra, setExtra] = useState<Omit<Cards, 'list' | 'total'> | null>(null);
  const load = useCallback(
    async (page: number, size: number): Promise<Page<UserCard>> => {
      const d = await call('/admin/cards/userCards', { user_id: userId, page, size });
      setExtra({ balance: d.balance, held: d.held, kyc_status: d.kyc_status, kyc_id: d.kyc_id });
      return { list: d.list, total: d.total };
    },
    [call, userId],
  );
  return (
    <DataTable
      id="user-cards"
      load={load}
      columns={CARD_COLUMNS}
      rowKey={(c) => c.id}
      emptyText="No cards"
      toolbar={
        extra ? (
          <Space size="large">
            <span>
              Card account: <Amount value={extra.balance} asset="USDT" />
            </span>
            <span>
              Held: <Amount value={extra.held} asset="USDT" />
            </span>
            <span>
              Identity: <StatusTag status={extra.kyc_status} />
            </span>
          </Space>
        ) : null
      }
    />
  );
}
