import type { ResponseData } from '@nexa/contract';
import { Alert, Table, Tag } from 'antd';
import type { ReactNode } from 'react';

type HotWallet = ResponseData<'/admin/dashboard'>['hot_wallets'][number];

/**
 * Each paying network's hot wallet: its token and gas balances against its floor (`withdraw.hot_wallet_min`);
 * a low one, or one with withdrawals queued for it, in red with an alert to refill it.
 */
export function HotWallets({ list }: { readonly list: readonly HotWallet[] }): ReactNode {
  if (list.length === 0) return null;
  const low = list.filter((h) => h.low);
  return (
    <>
      {low.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="hot-wallet-alert"
          message={`Refill the hot wallet: ${low
            .map((h) => `${h.chain} (${h.queued} withdrawal(s) queued)`)
            .join(', ')}`}
          description="Approved withdrawals wait (stage queued) until the balance is above its floor again."
        />
      ) : null}
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="chain"
        dataSource={[...list]}
        rowClassName={(h) => (h.low ? 'row-danger' : '')}
        data-testid="hot-wallets"
        columns={[
          { title: 'Network', dataIndex: 'chain' },
          {
            title: 'Address',
            dataIndex: 'address',
            render: (a: string | null) => <span className="mono">{a ?? '—'}</span>,
          },
          {
            title: 'Balance',
            align: 'right',
            render: (_, h) => (h.amount === null ? 'unavailable' : `${h.amount} ${h.asset}`),
          },
          { title: 'Gas coin', dataIndex: 'native', align: 'right', render: (n: string | null) => n ?? '—' },
          { title: 'Floor', align: 'right', render: (_, h) => `${h.min} ${h.asset}` },
          { title: 'Queued', dataIndex: 'queued', align: 'right' },
          { title: '', render: (_, h) => (h.low ? <Tag color="red">low</Tag> : <Tag color="green">ok</Tag>) },
        ]}
      />
    </>
  );
}
