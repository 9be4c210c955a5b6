import { PlusOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import type { DataColumn } from '../ui/data-table';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { DECISION_STATUSES, type Queue, ReviewQueue, useReviewQueue } from '../ui/review-queue';
import { SameAdminFlag } from '../ui/same-admin-flag';

type Deposit = ListItem<'/admin/deposits/list'>;

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
        <SameAdminFlag approvers={d.approvals} />
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

type DepositQueue = Queue<'/admin/deposits/list'>;

/** Deposits: the queue to confirm (a reported transfer, or one recorded by hand) or reject with a reason. */
export default function DepositsScreen() {
  const { can, session } = useConsole();
  const queue = useReviewQueue('/admin/deposits/list', 'pending');
  const [recording, setRecording] = useState(false);
  const asks = useDepositAsks(queue, () => setRecording(false));
  const mayConfirm = can('/admin/deposits/confirm');
  const mayReject = can('/admin/deposits/reject');
  const mine = (d: Deposit) => d.approvals.includes(session.name);

  return (
    <ReviewQueue
      queue={queue}
      title="Deposits"
      note="Newest first. Confirm a reported transfer once it is seen on chain; reject one that is not."
      extra={
        mayConfirm ? (
          <Button icon={<PlusOutlined />} onClick={() => setRecording(true)}>
            Record a deposit
          </Button>
        ) : null
      }
      id="deposits"
      columns={COLUMNS}
      emptyText="No deposits in this state"
      statuses={DECISION_STATUSES}
      drawer={{
        size: 560,
        title: (d) => `Deposit #${d.id}`,
        actions: (d) =>
          d.status === 'pending' ? (
            <>
              {mayReject ? (
                <Button danger onClick={() => asks.reject(d)} data-testid="deposit-reject">
                  Reject
                </Button>
              ) : null}
              {mayConfirm ? (
                <Button
                  type="primary"
                  onClick={() => asks.confirm(d)}
                  disabled={mine(d)}
                  data-testid="deposit-confirm"
                >
                  {d.approvals.length > 0 ? 'Second approval' : 'Confirm'}
                </Button>
              ) : null}
            </>
          ) : null,
        body: (d) => <DepositDetails d={d} mine={mine(d)} />,
      }}
    >
      <RecordDeposit open={recording} onClose={() => setRecording(false)} onSubmit={asks.record} />
    </ReviewQueue>
  );
}

/**
 * The queue's decisions, each asked with a reason and saying what happens: confirm (or give the second
 * approval), reject, record one by hand (`recorded` then closes its form).
 */
function useDepositAsks(queue: DepositQueue, recorded: () => void) {
  const { call } = useConsole();

  const confirm = (d: Deposit) => {
    const second = d.approvals.length > 0;
    queue.ask({
      title: second ? `Second approval of deposit #${d.id}` : `Confirm deposit #${d.id}`,
      summary:
        d.required_approvals > 1 && !second
          ? `${d.amount} ${d.asset} for user ${d.user.uid}: this is the first of two approvals; another operator credits it.`
          : `${d.amount} ${d.asset} is credited to user ${d.user.uid}'s spot account.`,
      okText: second ? 'Approve and credit' : 'Confirm deposit',
      call: (reason) => call('/admin/deposits/confirm', { deposit_id: d.id, reason }),
      done: 'Deposit confirmed',
      next: (out) => out,
    });
  };

  const reject = (d: Deposit) =>
    queue.ask({
      title: `Reject deposit #${d.id}`,
      summary: `The claim of ${d.amount} ${d.asset} by user ${d.user.uid} is rejected; the user reads the reason.`,
      okText: 'Reject',
      danger: true,
      call: (reason) => call('/admin/deposits/reject', { deposit_id: d.id, reason }),
      done: 'Deposit rejected',
      next: (out) => out,
    });

  const record = (body: RecordBody) =>
    queue.ask({
      title: 'Record a deposit',
      summary: `${body.amount} ${body.asset} is credited to user ${body.user} for transaction ${body.tx_hash} (two approvals from the threshold on).`,
      okText: 'Record and credit',
      call: (reason) => call('/admin/deposits/confirm', { ...body, reason }),
      done: 'Deposit recorded',
      next: (out) => {
        recorded();
        return out;
      },
    });

  return { confirm, reject, record };
}

/** A deposit in the drawer: who, what, where from, its approvals and why it was decided so. */
function DepositDetails({ d, mine }: { d: Deposit; mine: boolean }) {
  return (
    <>
      {mine ? (
        <Typography.Paragraph type="warning">
          You gave the first approval: another operator gives the second.
        </Typography.Paragraph>
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Status">
          <StatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label="User">
          {d.user.uid} <Mono text={d.user.address} short />
        </Descriptions.Item>
        <Descriptions.Item label="Amount">
          <Amount value={d.amount} asset={d.asset} />
        </Descriptions.Item>
        <Descriptions.Item label="Chain">{d.chain}</Descriptions.Item>
        <Descriptions.Item label="Tx hash">
          <Mono text={d.tx_hash} />
        </Descriptions.Item>
        {d.tx_url ? (
          <Descriptions.Item label="Explorer">
            <a href={d.tx_url} target="_blank" rel="noreferrer noopener">
              View transaction
            </a>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="To address">
          <Mono text={d.address} />
        </Descriptions.Item>
        <Descriptions.Item label="Confirmations">{d.confirmations ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Approvals">
          {d.approvals.length}/{d.required_approvals} {d.approvals.join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label="Contested">
          {d.contested ? <Tag color="red">Another user claims the same transfer</Tag> : 'no'}
        </Descriptions.Item>
        <Descriptions.Item label="Reason">{d.reason ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Time">{when(d.time)}</Descriptions.Item>
      </Descriptions>
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
