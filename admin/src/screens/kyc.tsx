import { Button, Descriptions, Space } from 'antd';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import type { DataColumn } from '../ui/data-table';
import { Mono, StatusTag, when } from '../ui/format';
import { DECISION_STATUSES, ReviewQueue, useReviewQueue } from '../ui/review-queue';
import { ViewOnlyImage } from '../ui/view-only-image';

type Kyc = ListItem<'/admin/kyc/list'>;

const DOCS: Record<string, string> = {
  passport: 'Passport',
  id_card: 'ID card',
  driver_license: 'Driving licence',
};

const COLUMNS: readonly DataColumn<Kyc>[] = [
  { key: 'id', title: 'ID', value: (k) => k.id, sort: true, width: 70 },
  {
    key: 'created',
    title: 'Submitted',
    value: (k) => k.created_at,
    render: (k) => when(k.created_at),
    sort: true,
  },
  { key: 'uid', title: 'User UID', value: (k) => k.user.uid, filter: true },
  { key: 'name', title: 'Name', value: (k) => `${k.surname}, ${k.given_name}`, sort: true },
  { key: 'country', title: 'Country', value: (k) => k.country, filter: true },
  { key: 'doc', title: 'Document', value: (k) => DOCS[k.doc_type] ?? k.doc_type, filter: true },
  { key: 'number', title: 'Number', value: (k) => k.doc_number },
  { key: 'birth', title: 'Born', value: (k) => k.birth_date, hidden: true },
  {
    key: 'status',
    title: 'Status',
    value: (k) => k.status,
    render: (k) => <StatusTag status={k.status} />,
    filter: true,
  },
  {
    key: 'reviewed',
    title: 'Reviewed',
    value: (k) => k.reviewed_at,
    render: (k) => when(k.reviewed_at),
    hidden: true,
  },
  { key: 'reason', title: 'Reason', value: (k) => k.reason, hidden: true },
];

/** Identity verifications: the documents' images to look at (never to download), approve or reject with a reason. */
export default function KycScreen() {
  const { call, can } = useConsole();
  const queue = useReviewQueue('/admin/kyc/list', 'pending');
  const mayReview = can('/admin/kyc/review');

  const approve = (k: Kyc) =>
    queue.act(() => call('/admin/kyc/review', { id: k.id, decision: 'approve' }), 'Verification approved');

  const reject = (k: Kyc) =>
    queue.ask({
      title: `Reject verification #${k.id}`,
      summary: `User ${k.user.uid} reads the reason and may submit again.`,
      okText: 'Reject',
      danger: true,
      call: (reason) => call('/admin/kyc/review', { id: k.id, decision: 'reject', reason }),
      done: 'Verification rejected',
    });

  return (
    <ReviewQueue
      queue={queue}
      title="Identity verifications"
      note="Oldest pending first. Images are for viewing only."
      id="kyc"
      columns={COLUMNS}
      emptyText="No verifications in this state"
      statuses={DECISION_STATUSES}
      drawer={{
        size: 820,
        title: (k) => `Verification #${k.id}`,
        actions: (k) =>
          k.status === 'pending' && mayReview ? (
            <>
              <Button danger onClick={() => reject(k)} data-testid="kyc-reject">
                Reject
              </Button>
              <Button
                type="primary"
                loading={queue.busy}
                onClick={() => approve(k)}
                data-testid="kyc-approve"
              >
                Approve
              </Button>
            </>
          ) : null,
        body: (k) => (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="User">
                {k.user.uid} <Mono text={k.user.address} short />
              </Descriptions.Item>
              <Descriptions.Item label="Status">
                <StatusTag status={k.status} />
              </Descriptions.Item>
              <Descriptions.Item label="Surname">{k.surname}</Descriptions.Item>
              <Descriptions.Item label="Given name">{k.given_name}</Descriptions.Item>
              <Descriptions.Item label="Born">{k.birth_date}</Descriptions.Item>
              <Descriptions.Item label="Country">{k.country}</Descriptions.Item>
              <Descriptions.Item label="Document">{DOCS[k.doc_type] ?? k.doc_type}</Descriptions.Item>
              <Descriptions.Item label="Number">{k.doc_number}</Descriptions.Item>
              <Descriptions.Item label="Submitted">{when(k.created_at)}</Descriptions.Item>
              <Descriptions.Item label="Reviewed">{when(k.reviewed_at)}</Descriptions.Item>
              {k.reason ? (
                <Descriptions.Item label="Reason" span={2}>
                  {k.reason}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 12 }}>
              <ViewOnlyImage src={k.front?.url ?? null} label="Front" />
              <ViewOnlyImage src={k.back?.url ?? null} label="Back" />
              <ViewOnlyImage src={k.selfie?.url ?? null} label="Selfie" />
            </div>
          </Space>
        ),
      }}
    />
  );
}
