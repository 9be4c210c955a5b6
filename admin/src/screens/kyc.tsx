import { Button, Descriptions, Drawer, Segmented, Space } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../api';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/ConfirmWithReason';
import { type DataColumn, DataTable } from '../ui/DataTable';
import { Mono, StatusTag, when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/Screen';
import { ViewOnlyImage } from '../ui/ViewOnlyImage';

type Kyc = ListItem<'/admin/kyc/list'>;
type Status = 'pending' | 'approved' | 'failed' | 'all';

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
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [status, setStatus] = useState<Status>('pending');
  const [open, setOpen] = useState<Kyc | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const load = useListLoader('/admin/kyc/list', status === 'all' ? {} : { status });
  const mayReview = can('/admin/kyc/review');

  const decided = () => {
    setOpen(null);
    setReload((n) => n + 1);
  };

  const approve = async (k: Kyc) => {
    setBusy(true);
    const done = await run(
      () => call('/admin/kyc/review', { id: k.id, decision: 'approve' }),
      'Verification approved',
    );
    setBusy(false);
    if (done) decided();
  };

  const reject = (k: Kyc) =>
    confirm.ask({
      title: `Reject verification #${k.id}`,
      summary: `User ${k.user.uid} reads the reason and may submit again.`,
      okText: 'Reject',
      danger: true,
      action: async (reason) => {
        const done = await run(
          () => call('/admin/kyc/review', { id: k.id, decision: 'reject', reason }),
          'Verification rejected',
        );
        if (done) decided();
        return done !== null;
      },
    });

  return (
    <>
      <ScreenTitle title="Identity verifications" note="Oldest pending first. Images are for viewing only." />
      <DataTable
        id="kyc"
        load={load}
        columns={COLUMNS}
        rowKey={(k) => k.id}
        onOpen={setOpen}
        reloadKey={reload}
        emptyText="No verifications in this state"
        toolbar={
          <Segmented<Status>
            value={status}
            onChange={setStatus}
            options={[
              { label: 'Pending', value: 'pending' },
              { label: 'Approved', value: 'approved' },
              { label: 'Rejected', value: 'failed' },
              { label: 'All', value: 'all' },
            ]}
          />
        }
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={820}
        title={open ? `Verification #${open.id}` : ''}
        extra={
          open?.status === 'pending' && mayReview ? (
            <Space>
              <Button danger onClick={() => reject(open)} data-testid="kyc-reject">
                Reject
              </Button>
              <Button type="primary" loading={busy} onClick={() => approve(open)} data-testid="kyc-approve">
                Approve
              </Button>
            </Space>
          ) : null
        }
      >
        {open ? (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="User">
                {open.user.uid} <Mono text={open.user.address} short />
              </Descriptions.Item>
              <Descriptions.Item label="Status">
                <StatusTag status={open.status} />
              </Descriptions.Item>
              <Descriptions.Item label="Surname">{open.surname}</Descriptions.Item>
              <Descriptions.Item label="Given name">{open.given_name}</Descriptions.Item>
              <Descriptions.Item label="Born">{open.birth_date}</Descriptions.Item>
              <Descriptions.Item label="Country">{open.country}</Descriptions.Item>
              <Descriptions.Item label="Document">{DOCS[open.doc_type] ?? open.doc_type}</Descriptions.Item>
              <Descriptions.Item label="Number">{open.doc_number}</Descriptions.Item>
              <Descriptions.Item label="Submitted">{when(open.created_at)}</Descriptions.Item>
              <Descriptions.Item label="Reviewed">{when(open.reviewed_at)}</Descriptions.Item>
              {open.reason ? (
                <Descriptions.Item label="Reason" span={2}>
                  {open.reason}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 12 }}>
              <ViewOnlyImage src={open.front?.url ?? null} label="Front" />
              <ViewOnlyImage src={open.back?.url ?? null} label="Back" />
              <ViewOnlyImage src={open.selfie?.url ?? null} label="Selfie" />
            </div>
          </Space>
        ) : null}
      </Drawer>
      {confirm.element}
    </>
  );
}
