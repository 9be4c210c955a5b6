import type { LEAD_APPLICATION_STATUSES } from '@nexa/contract';
import { Button, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListItem } from '../api';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/ConfirmWithReason';
import { type DataColumn, DataTable } from '../ui/DataTable';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/Screen';

type Application = ListItem<'/admin/copy/leadApplications'>;
type Status = (typeof LEAD_APPLICATION_STATUSES)[number];

/** Lead-trader applications: the pending ones oldest first, approved (the user leads at once) or rejected. */
export default function LeadTradersScreen() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [status, setStatus] = useState<Status>('pending');
  const [reload, setReload] = useState(0);
  const load = useListLoader('/admin/copy/leadApplications', { status });
  const mayReview = can('/admin/copy/reviewLead');

  const review = (a: Application, approve: boolean) =>
    confirm.ask({
      title: `${approve ? 'Approve' : 'Reject'} ${a.user.uid} as a lead trader`,
      summary: approve
        ? `${a.user.uid} leads at once: shown in the traders list and open to copies (${a.delay_min} min delay).`
        : `${a.user.uid} reads the reason in the app and may apply again.`,
      okText: approve ? 'Approve' : 'Reject',
      danger: !approve,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/copy/reviewLead', { user_id: a.user.user_id, approve, reason }),
          approve ? 'Application approved' : 'Application rejected',
        );
        if (out) setReload((n) => n + 1);
        return out !== null;
      },
    });

  const columns: readonly DataColumn<Application>[] = [
    { key: 'id', title: 'Id', value: (a) => a.id, width: 60 },
    {
      key: 'time',
      title: 'Applied',
      value: (a) => a.created_at,
      render: (a) => when(a.created_at),
      sort: true,
    },
    {
      key: 'uid',
      title: 'User',
      value: (a) => a.user.uid,
      render: (a) => <Link to={`/users/${a.user.user_id}`}>{a.user.uid}</Link>,
    },
    {
      key: 'address',
      title: 'Address',
      value: (a) => a.user.address,
      render: (a) => <Mono text={a.user.address} short />,
    },
    {
      key: 'equity',
      title: 'Equity',
      value: (a) => a.equity,
      render: (a) => <Amount value={a.equity} asset="USDT" />,
      align: 'right',
      sort: true,
    },
    {
      key: 'closed',
      title: 'Closed positions',
      value: (a) => a.closed_positions,
      align: 'right',
      sort: true,
    },
    { key: 'delay', title: 'Delay (min)', value: (a) => a.delay_min, align: 'right' },
    {
      key: 'status',
      title: 'Status',
      value: (a) => a.status,
      render: (a) => <StatusTag status={a.status} />,
    },
    { key: 'reason', title: 'Reason', value: (a) => a.reason },
    { key: 'by', title: 'Reviewed by', value: (a) => a.reviewed_by },
    {
      key: 'reviewed',
      title: 'Reviewed',
      value: (a) => a.reviewed_at,
      render: (a) => when(a.reviewed_at),
      hidden: true,
    },
    {
      key: 'actions',
      title: '',
      action: true,
      value: () => null,
      render: (a) =>
        mayReview && a.status === 'pending' ? (
          <Space size={4}>
            <Button size="small" type="primary" onClick={() => review(a, true)} data-testid="lead-approve">
              Approve
            </Button>
            <Button size="small" danger onClick={() => review(a, false)} data-testid="lead-reject">
              Reject
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <ScreenTitle
        title="Lead-trader applications"
        note="Pending ones oldest first. Look at the user's positions and copies on their page before deciding."
      />
      <DataTable
        id="lead-applications"
        load={load}
        columns={columns}
        rowKey={(a) => a.id}
        reloadKey={reload}
        emptyText="No applications in this state"
        toolbar={
          <>
            <Segmented<Status>
              value={status}
              onChange={setStatus}
              options={[
                { label: 'Pending', value: 'pending' },
                { label: 'Approved', value: 'approved' },
                { label: 'Rejected', value: 'rejected' },
              ]}
            />
            {!mayReview ? <Typography.Text type="secondary">View only for your roles</Typography.Text> : null}
          </>
        }
      />
      {confirm.element}
    </>
  );
}
