import { PlusOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import { Button, Descriptions, Drawer, Form, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../api';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/ConfirmWithReason';
import { type DataColumn, DataTable } from '../ui/DataTable';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/Screen';

type Deposit = ListItem<'/admin/deposits/list'>;
type Status = 'pending' | 'approved' | 'failed' | 'all';

const COLUMNS: readonly DataColumn<Deposit>[] = [
  { key: 'id', title: 'ID', value: (d) => d.id, sort: true, width: 70 },
  { key: 'time', title: 'Time', value: (d) => d.time, render: (d) => when(d.time), sort: true },
  { key: 'uid', title: 'User UID', value: (d) => d.user.uid, filter: true },
  {
    key: 'address',
    title: 'User address',
    value: (d) => d.user.address,
    render: (d) => <Mono text={d.user.address} short />,
    hidden: true,
  },
  { key: 'asset', title: 'Asset', value: (d) => d.asset, filter: true },
  {
    key: 'amount',
    title: 'Amount',
    value: (d) => d.amount,
    render: (d) => <Amount value={d.amount} />,
    sort: true,
    align: 'right',
  },
  { key: 'chain', title: 'Chain', value: (d) => d.chain, filter: true },
  { key: 'tx', title: 'Tx hash', value: (d) => d.tx_hash, render: (d) => <Mono text={d.tx_hash} short /> },
  {
    key: 'approvals',
    title: 'Approvals',
    value: (d) => `${d.approvals.length}/${d.required_approvals}`,
    render: (d) => (
      <span>
        {d.approvals.length}/{d.required_approvals}
        {d.approvals.length ? (
          <Typography.Text type="secondary"> {d.approvals.join(', ')}</Typography.Text>
        ) : null}
      </span>
    ),
  },
  {
    key: 'contested',
    title: 'Contested',
    value: (d) => (d.contested ? 'yes' : 'no'),
    render: (d) => (d.contested ? <Tag color="red">contested</Tag> : '—'),
    filter: true,
  },
  {
    key: 'status',
    title: 'Status',
    value: (d) => d.status,
    render: (d) => <StatusTag status={d.status} />,
    filter: true,
  },
  { key: 'reason', title: 'Reason', value: (d) => d.reason, hidden: true },
];

/** Deposits: the queue to confirm (a reported transfer, or one recorded by hand) or reject with a reason. */
export default function DepositsScreen() {
  const { call, can, session } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [status, setStatus] = useState<Status>('pending');
  const [open, setOpen] = useState<Deposit | null>(null);
  const [recording, setRecording] = useState(false);
  const [reload, setReload] = useState(0);
  const load = useListLoader('/admin/deposits/list', status === 'all' ? {} : { status });
  const mayConfirm = can('/admin/deposits/confirm');
  const mayReject = can('/admin/deposits/reject');

  const after = (d: ResponseData<'/admin/deposits/confirm'>) => {
    setOpen(d);
    setReload((n) => n + 1);
  };

  const askConfirm = (d: Deposit) => {
    const second = d.approvals.length > 0;
    confirm.ask({
      title: second ? `Second approval of deposit #${d.id}` : `Confirm deposit #${d.id}`,
      summary:
        d.required_approvals > 1 && !second
          ? `${d.amount} ${d.asset} for user ${d.user.uid}: this is the first of two approvals; another operator credits it.`
          : `${d.amount} ${d.asset} is credited to user ${d.user.uid}'s spot account.`,
      okText: second ? 'Approve and credit' : 'Confirm deposit',
      action: async (reason) => {
        const done = await run(
          () => call('/admin/deposits/confirm', { deposit_id: d.id, reason }),
          'Deposit confirmed',
        );
        if (done) after(done);
        return done !== null;
      },
    });
  };

  const askReject = (d: Deposit) => {
    confirm.ask({
      title: `Reject deposit #${d.id}`,
      summary: `The claim of ${d.amount} ${d.asset} by user ${d.user.uid} is rejected; the user reads the reason.`,
      okText: 'Reject',
      danger: true,
      action: async (reason) => {
        const done = await run(
          () => call('/admin/deposits/reject', { deposit_id: d.id, reason }),
          'Deposit rejected',
        );
        if (done) after(done);
        return done !== null;
      },
    });
  };

  const pending = open?.status === 'pending';
  const mine = open?.approvals.includes(session.name) ?? false;

  return (
    <>
      <ScreenTitle
        title="Deposits"
        note="Newest first. Confirm a reported transfer once it is seen on chain; reject one that is not."
        extra={
          mayConfirm ? (
            <Button icon={<PlusOutlined />} onClick={() => setRecording(true)}>
              Record a deposit
            </Button>
          ) : null
        }
      />
      <DataTable
        id="deposits"
        load={load}
        columns={COLUMNS}
        rowKey={(d) => d.id}
        onOpen={setOpen}
        reloadKey={reload}
        emptyText="No deposits in this state"
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
        size={560}
        title={open ? `Deposit #${open.id}` : ''}
        extra={
          open && pending ? (
            <Space>
              {mayReject ? (
                <Button danger onClick={() => askReject(open)} data-testid="deposit-reject">
                  Reject
                </Button>
              ) : null}
              {mayConfirm ? (
                <Button
                  type="primary"
                  onClick={() => askConfirm(open)}
                  disabled={mine}
                  data-testid="deposit-confirm"
                >
                  {open.approvals.length > 0 ? 'Second approval' : 'Confirm'}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {open ? (
          <>
            {mine ? (
              <Typography.Paragraph type="warning">
                You gave the first approval: another operator gives the second.
              </Typography.Paragraph>
            ) : null}
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="Status">
                <StatusTag status={open.status} />
              </Descriptions.Item>
              <Descriptions.Item label="User">
                {open.user.uid} <Mono text={open.user.address} short />
              </Descriptions.Item>
              <Descriptions.Item label="Amount">
                <Amount value={open.amount} asset={open.asset} />
              </Descriptions.Item>
              <Descriptions.Item label="Chain">{open.chain}</Descriptions.Item>
              <Descriptions.Item label="Tx hash">
                <Mono text={open.tx_hash} />
              </Descriptions.Item>
              {open.tx_url ? (
                <Descriptions.Item label="Explorer">
                  <a href={open.tx_url} target="_blank" rel="noreferrer noopener">
                    View transaction
                  </a>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label="To address">
                <Mono text={open.address} />
              </Descriptions.Item>
              <Descriptions.Item label="Confirmations">{open.confirmations ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Approvals">
                {open.approvals.length}/{open.required_approvals} {open.approvals.join(', ')}
              </Descriptions.Item>
              <Descriptions.Item label="Contested">
                {open.contested ? <Tag color="red">Another user claims the same transfer</Tag> : 'no'}
              </Descriptions.Item>
              <Descriptions.Item label="Reason">{open.reason ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Time">{when(open.time)}</Descriptions.Item>
            </Descriptions>
          </>
        ) : null}
      </Drawer>
      <RecordDeposit
        open={recording}
        onClose={() => setRecording(false)}
        onSubmit={(body) =>
          confirm.ask({
            title: 'Record a deposit',
            summary: `${body.amount} ${body.asset} is credited to user ${body.user} for transaction ${body.tx_hash} (two approvals from the threshold on).`,
            okText: 'Record and credit',
            action: async (reason) => {
              const done = await run(
                () => call('/admin/deposits/confirm', { ...body, reason }),
                'Deposit recorded',
              );
              if (done) {
                setRecording(false);
                after(done);
              }
              return done !== null;
            },
          })
        }
      />
      {confirm.element}
    </>
  );
}

interface RecordBody {
  user: string;
  asset: string;
  amount: string;
  tx_hash: string;
}

/** A deposit the operator saw arrive and records by hand: the user, asset, amount and its tx hash. */
function RecordDeposit(props: { open: boolean; onClose: () => void; onSubmit: (b: RecordBody) => void }) {
  return (
    <Drawer open={props.open} onClose={props.onClose} size={480} title="Record a deposit" destroyOnHidden>
      <Form<RecordBody>
        layout="vertical"
        initialValues={{ asset: 'USDT' }}
        onFinish={(v) => props.onSubmit({ ...v, user: v.user.trim(), tx_hash: v.tx_hash.trim() })}
      >
        <Form.Item name="user" label="User (UID or address)" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="asset" label="Asset" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="amount"
          label="Amount"
          rules={[{ required: true, pattern: /^\d+(\.\d+)?$/, message: 'A positive decimal amount' }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="tx_hash" label="Tx hash" rules={[{ required: true, max: 80 }]}>
          <Input className="mono" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Continue
        </Button>
      </Form>
    </Drawer>
  );
}
