import type { ResponseData } from '@nexa/contract';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useConsole } from '../../console';
import { type DataColumn, DataTable, type Page } from '../../ui/data-table';
import { Signed, StatusTag, when } from '../../ui/format';
import { registerUserTab } from './registry';

/* Copy trading's tab: the user's copies, and their standing as a lead. */

registerUserTab({
  id: 'copies',
  title: 'Copies',
  endpoint: '/admin/copy/follows',
  order: 50,
  render: (user) => <CopiesTab userId={user.user_id} />,
});

// ---- Copies ----

type Follows = ResponseData<'/admin/copy/follows'>;
type Follow = Follows['list'][number];

const FOLLOW_COLUMNS: readonly DataColumn<Follow>[] = [
  { key: 'id', title: 'Copy', value: (f) => f.id, width: 70 },
  { key: 'trader', title: 'Lead', value: (f) => f.trader_name },
  {
    key: 'mode',
    title: 'Mode',
    value: (f) => (f.mode === 'amount' ? `${f.amount} USDT each` : `ratio ${f.ratio}`),
  },
  { key: 'budget', title: 'Budget', value: (f) => f.budget, align: 'right' },
  { key: 'venue', title: 'Venue', value: (f) => f.venue, filter: true },
  {
    key: 'status',
    title: 'Status',
    value: (f) => f.status,
    render: (f) => <StatusTag status={f.status} />,
    filter: true,
  },
  { key: 'end', title: 'Ended by', value: (f) => f.end_reason },
  {
    key: 'realized',
    title: 'Realized',
    value: (f) => f.realized,
    render: (f) => <Signed value={f.realized} />,
    align: 'right',
  },
  {
    key: 'upl',
    title: 'Unrealized',
    value: (f) => f.upl,
    render: (f) => <Signed value={f.upl} />,
    align: 'right',
  },
  { key: 'margin', title: 'Margin', value: (f) => f.margin, align: 'right' },
];

function CopiesTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const [extra, setExtra] = useState<Pick<Follows, 'lead' | 'application'> | null>(null);
  const load = useCallback(
    async (page: number, size: number): Promise<Page<Follow>> => {
      const d = await call('/admin/copy/follows', { user_id: userId, page, size });
      setExtra({ lead: d.lead, application: d.application });
      return { list: d.list, total: d.total };
    },
    [call, userId],
  );
  return (
    <>
      {extra?.lead ? (
        <Card size="small" title="As a lead trader" style={{ marginBottom: 12 }}>
          <Descriptions size="small" column={4}>
            <Descriptions.Item label="Tier">{extra.lead.tier}</Descriptions.Item>
            <Descriptions.Item label="Copies">{extra.lead.copy_count}</Descriptions.Item>
            <Descriptions.Item label="Under copy">{extra.lead.aum} USDT</Descriptions.Item>
            <Descriptions.Item label="Earned">{extra.lead.earned} USDT</Descriptions.Item>
            <Descriptions.Item label="Delay">{extra.lead.delay_min} min</Descriptions.Item>
            <Descriptions.Item label="Since">{when(extra.lead.since)}</Descriptions.Item>
            <Descriptions.Item label="Suspended" span={2}>
              {extra.lead.suspended ? (
                <Tag color="red">{`${when(extra.lead.suspended.at)}: ${extra.lead.suspended.reason}`}</Tag>
              ) : (
                'no'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Counterparty" span={4}>
              {extra.lead.counterparty_flag ? (
                <Tag color="orange">
                  {`Followers' fills concentrate on user #${extra.lead.counterparty_flag.counterparty_id}: ` +
                    `${(Number(extra.lead.counterparty_flag.share) * 100).toFixed(1)} % of ` +
                    `${extra.lead.counterparty_flag.contracts} contracts, ${extra.lead.counterparty_flag.fills} fills, ` +
                    `${extra.lead.counterparty_flag.followers} followers since ${when(extra.lead.counterparty_flag.since)}`}
                </Tag>
              ) : (
                'no concentration'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : extra?.application ? (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          message={`Lead application #${extra.application.id}: ${extra.application.status}`}
          description={extra.application.reason ?? undefined}
        />
      ) : null}
      <DataTable
        id="user-copies"
        load={load}
        columns={FOLLOW_COLUMNS}
        rowKey={(f) => f.id}
        emptyText="No copies"
      />
    </>
  );
}
