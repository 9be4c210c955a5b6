import { Button, Descriptions, Drawer, Segmented, Space } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../api';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/ConfirmWithReason';
import { type DataColumn, DataTable } from '../ui/DataTable';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/Screen';

type Merchant = ListItem<'/admin/shop/merchants'>;
type Status = 'pending' | 'active' | 'rejected' | 'suspended' | 'all';

const COLUMNS: readonly DataColumn<Merchant>[] = [
  { key: 'id', title: 'ID', value: (m) => m.id, sort: true, width: 70 },
  {
    key: 'created',
    title: 'Applied',
    value: (m) => m.created_at,
    render: (m) => when(m.created_at),
    sort: true,
  },
  { key: 'name', title: 'Shop', value: (m) => m.name, sort: true },
  { key: 'uid', title: 'Owner UID', value: (m) => m.user.uid, filter: true },
  { key: 'products', title: 'Goods', value: (m) => m.products, sort: true, align: 'right' },
  { key: 'sales', title: 'Sales', value: (m) => m.sales, sort: true, align: 'right' },
  {
    key: 'turnover',
    title: 'Turnover (USDT)',
    value: (m) => m.turnover,
    render: (m) => <Amount value={m.turnover} />,
    sort: true,
    align: 'right',
  },
  {
    key: 'status',
    title: 'Status',
    value: (m) => m.status,
    render: (m) => <StatusTag status={m.status} />,
    filter: true,
  },
  { key: 'reason', title: 'Reason', value: (m) => m.reason, hidden: true },
];

/** Merchant applications: approve, reject (the application fee goes back), or suspend a merchant. */
export default function MerchantsScreen() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [status, setStatus] = useState<Status>('pending');
  const [open, setOpen] = useState<Merchant | null>(null);
  const [reload, setReload] = useState(0);
  const load = useListLoader('/admin/shop/merchants', status === 'all' ? {} : { status });
  const mayReview = can('/admin/shop/reviewMerchant');

  const decide = (m: Merchant, decision: 'approve' | 'reject' | 'suspend') => {
    const words = {
      approve: { title: 'Approve', summary: `"${m.name}" opens its shop and may list goods.` },
      reject: {
        title: 'Reject',
        summary: `"${m.name}" is refused; the application fee goes back to the applicant.`,
      },
      suspend: { title: 'Suspend', summary: `"${m.name}" is suspended: its goods leave the store.` },
    }[decision];
    confirm.ask({
      title: `${words.title} merchant #${m.id}`,
      summary: words.summary,
      okText: words.title,
      danger: decision !== 'approve',
      minLength: decision === 'approve' ? 0 : undefined,
      action: async (reason) => {
        const done = await run(
          () => call('/admin/shop/reviewMerchant', { id: m.id, decision, ...(reason ? { reason } : {}) }),
          `Merchant ${decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'suspended'}`,
        );
        if (done) {
          setOpen(null);
          setReload((n) => n + 1);
        }
        return done !== null;
      },
    });
  };

  return (
    <>
      <ScreenTitle title="Merchants" note="Pending applications first." />
      <DataTable
        id="merchants"
        load={load}
        columns={COLUMNS}
        rowKey={(m) => m.id}
        onOpen={setOpen}
        reloadKey={reload}
        emptyText="No merchants in this state"
        toolbar={
          <Segmented<Status>
            value={status}
            onChange={setStatus}
            options={[
              { label: 'Pending', value: 'pending' },
              { label: 'Active', value: 'active' },
              { label: 'Rejected', value: 'rejected' },
              { label: 'Suspended', value: 'suspended' },
              { label: 'All', value: 'all' },
            ]}
          />
        }
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={560}
        title={open ? `Merchant #${open.id}` : ''}
        extra={
          open && mayReview ? (
            <Space>
              {open.status === 'pending' ? (
                <>
                  <Button danger onClick={() => decide(open, 'reject')}>
                    Reject
                  </Button>
                  <Button type="primary" onClick={() => decide(open, 'approve')}>
                    Approve
                  </Button>
                </>
              ) : null}
              {open.status === 'active' || open.status === 'approved' ? (
                <Button danger onClick={() => decide(open, 'suspend')}>
                  Suspend
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {open ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Shop">{open.name}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag status={open.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Owner">
              {open.user.uid} <Mono text={open.user.address} short />
            </Descriptions.Item>
            <Descriptions.Item label="About">{open.intro || '—'}</Descriptions.Item>
            <Descriptions.Item label="Goods">{open.products}</Descriptions.Item>
            <Descriptions.Item label="Sales">{open.sales}</Descriptions.Item>
            <Descriptions.Item label="Turnover">
              <Amount value={open.turnover} asset="USDT" />
            </Descriptions.Item>
            <Descriptions.Item label="Applied">{when(open.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Reason">{open.reason ?? '—'}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Drawer>
      {confirm.element}
    </>
  );
}
