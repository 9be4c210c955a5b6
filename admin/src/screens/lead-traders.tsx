import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import type { DataColumn } from '../ui/data-table';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { ReviewQueue, useReviewQueue } from '../ui/review-queue';

type Application = ListItem<'/admin/copy/leadApplications'>;

/** Lead-trader applications: the pending ones oldest first, approved (the user leads at once) or rejected. */
export default function LeadTradersScreen() {
  const { call, can } = useConsole();
  const queue = useReviewQueue('/admin/copy/leadApplications', 'pending');
  const mayReview = can('/admin/copy/reviewLead');

  const review = (a: Application, approve: boolean) =>
    queue.ask({
      title: `${approve ? 'Approve' : 'Reject'} ${a.user.uid} as a lead trader`,
      summary: approve
        ? `${a.user.uid} leads at once: shown in the traders list and open to copies (${a.delay_min} min delay).`
        : `${a.user.uid} reads the reason in the app and may apply again.`,
      okText: approve ? 'Approve' : 'Reject',
      danger: !approve,
      call: (reason) => call('/admin/copy/reviewLead', { user_id: a.user.user_id, approve, reason }),
      done: approve ? 'Application approved' : 'Application rejected',
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
    <ReviewQueue
      queue={queue}
      title="Lead-trader applications"
      note="Pending ones oldest first. Look at the user's positions and copies on their page before deciding."
      id="lead-applications"
      columns={columns}
      emptyText="No applications in this state"
      statuses={[
        { label: 'Pending', value: 'pending' },
        { label: 'Approved', value: 'approved' },
        { label: 'Rejected', value: 'rejected' },
      ]}
      toolbar={
        !mayReview ? <Typography.Text type="secondary">View only for your roles</Typography.Text> : null
      }
    />
  );
}
