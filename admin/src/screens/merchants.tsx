import { Button, Descriptions } from 'antd';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import type { DataColumn } from '../ui/data-table';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { ReviewQueue, useReviewQueue } from '../ui/review-queue';

type Merchant = ListItem<'/admin/shop/merchants'>;

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
  const queue = useReviewQueue('/admin/shop/merchants', 'pending');
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
    queue.ask({
      title: `${words.title} merchant #${m.id}`,
      summary: words.summary,
      okText: words.title,
      danger: decision !== 'approve',
      minLength: decision === 'approve' ? 0 : undefined,
      call: (reason) =>
        call('/admin/shop/reviewMerchant', { id: m.id, decision, ...(reason ? { reason } : {}) }),
      done: `Merchant ${decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'suspended'}`,
    });
  };

  return (
    <ReviewQueue
      queue={queue}
      title="Merchants"
      note="Pending applications first."
      id="merchants"
      columns={COLUMNS}
      emptyText="No merchants in this state"
      statuses={[
        { label: 'Pending', value: 'pending' },
        { label: 'Active', value: 'active' },
        { label: 'Rejected', value: 'rejected' },
        { label: 'Suspended', value: 'suspended' },
        { label: 'All', value: 'all' },
      ]}
      drawer={{
        size: 560,
        title: (m) => `Merchant #${m.id}`,
        actions: (m) =>
          mayReview ? (
            <>
              {m.status === 'pending' ? (
                <>
                  <Button danger onClick={() => decide(m, 'reject')}>
                    Reject
                  </Button>
                  <Button type="primary" onClick={() => decide(m, 'approve')}>
                    Approve
                  </Button>
                </>
              ) : null}
              {m.status === 'active' || m.status === 'approved' ? (
                <Button danger onClick={() => decide(m, 'suspend')}>
                  Suspend
                </Button>
              ) : null}
            </>
          ) : null,
        body: (m) => (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Shop">{m.name}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag status={m.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Owner">
              {m.user.uid} <Mono text={m.user.address} short />
            </Descriptions.Item>
            <Descriptions.Item label="About">{m.intro || '—'}</Descriptions.Item>
            <Descriptions.Item label="Goods">{m.products}</Descriptions.Item>
            <Descriptions.Item label="Sales">{m.sales}</Descriptions.Item>
            <Descriptions.Item label="Turnover">
              <Amount value={m.turnover} asset="USDT" />
            </Descriptions.Item>
            <Descriptions.Item label="Applied">{when(m.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Reason">{m.reason ?? '—'}</Descriptions.Item>
          </Descriptions>
        ),
      }}
    />
  );
}
