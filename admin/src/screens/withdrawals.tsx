import { Alert, Button, Card, Descriptions, Input, Space, Steps, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import type { ListItem } from '../api';
import { useConsole } from '../console';
import { type DataColumn, DataTable } from '../ui/data-table';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { pageOf, useListLoader } from '../ui/lists';
import { type Queue, ReviewQueue, useReviewQueue } from '../ui/review-queue';
import { SameAdminFlag } from '../ui/same-admin-flag';

type Withdrawal = ListItem<'/admin/withdrawals/list'>;

const COLUMNS: readonly DataColumn<Withdrawal>[] = [
  { key: 'id', title: 'ID', value: (w) => w.id, sort: true, width: 70 },
  { key: 'time', title: 'Time', value: (w) => w.time, render: (w) => when(w.time), sort: true },
  { key: 'uid', title: 'User UID', value: (w) => w.user.uid, filter: true },
  { key: 'asset', title: 'Asset', value: (w) => w.asset, filter: true },
  {
    key: 'amount',
    title: 'Amount',
    value: (w) => w.amount,
    render: (w) => <Amount value={w.amount} />,
    sort: true,
    align: 'right',
  },
  { key: 'fee', title: 'Fee', value: (w) => w.fee, align: 'right', hidden: true },
  { key: 'chain', title: 'Chain', value: (w) => w.chain, filter: true, hidden: true },
  {
    key: 'address',
    title: 'To address',
    value: (w) => w.address,
    render: (w) => <Mono text={w.address} short />,
  },
  {
    key: 'approvals',
    title: 'Approvals',
    value: (w) => `${w.approvals.length}/${w.required_approvals}`,
    render: (w) => (
      <span data-testid="withdrawal-approvals">
        {w.approvals.length}/{w.required_approvals}
        {w.approvals.length ? (
          <Typography.Text type="secondary"> {w.approvals.join(', ')}</Typography.Text>
        ) : null}
        <SameAdminFlag approvers={w.approvals} />
      </span>
    ),
    filter: true,
  },
  {
    key: 'stage',
    title: 'Stage',
    value: (w) => w.stage,
    render: (w) => <StatusTag status={w.stage} />,
    filter: true,
  },
  {
    key: 'status',
    title: 'Status',
    value: (w) => w.status,
    render: (w) => <StatusTag status={w.status} />,
    filter: true,
  },
  {
    key: 'tx',
    title: 'Payment hash',
    value: (w) => w.tx_hash,
    render: (w) => <Mono text={w.tx_hash} short />,
  },
  { key: 'reason', title: 'Reason', value: (w) => w.reason, hidden: true },
];

/** Still waiting on an approval or a rejection. */
const decidable = (w: Withdrawal) =>
  w.status === 'pending' && (w.stage === 'requested' || w.stage === 'first_approved');
/** Approved, but sending it failed: approving sends it again. */
const retry = (w: Withdrawal) => w.stage === 'send_failed';
/** The next approval is the last: it pays. */
const last = (w: Withdrawal) => w.approvals.length + 1 >= w.required_approvals;

/**
 * Withdrawals: first and second approval (four eyes: from the threshold on, two different operators; one who
 * credited this user by hand may not pay them out), rejection with the reason the user reads, and the payment
 * hash where the platform pays by hand. The drawer shows the user's history and the address's past use.
 */
export default function WithdrawalsScreen() {
  const { can, session } = useConsole();
  const [txHash, setTxHash] = useState('');
  // A withdrawal opened (or the drawer closed) starts without a payment hash; one acted on keeps it.
  const clearHash = useCallback(() => setTxHash(''), []);
  const queue = useReviewQueue('/admin/withdrawals/list', 'pending', { onShow: clearHash });
  const asks = useWithdrawalAsks(queue, txHash);
  const mayApprove = can('/admin/withdrawals/approve');
  const mayReject = can('/admin/withdrawals/reject');
  const mine = (w: Withdrawal) => w.approvals.includes(session.name);

  return (
    <ReviewQueue
      queue={queue}
      title="Withdrawals"
      note="Newest first. From the threshold on, two different operators approve; the last approval pays."
      id="withdrawals"
      columns={COLUMNS}
      emptyText="No withdrawals in this state"
      statuses={[
        { label: 'Pending', value: 'pending' },
        { label: 'Paid', value: 'approved' },
        { label: 'Rejected', value: 'failed' },
        { label: 'All', value: 'all' },
      ]}
      drawer={{
        size: 720,
        title: (w) => `Withdrawal #${w.id}`,
        actions: (w) =>
          decidable(w) || retry(w) ? (
            <>
              {mayReject && decidable(w) ? (
                <Button danger onClick={() => asks.reject(w)} data-testid="withdrawal-reject">
                  Reject
                </Button>
              ) : null}
              {mayApprove ? (
                <Button
                  type="primary"
                  onClick={() => asks.approve(w)}
                  disabled={mine(w)}
                  data-testid="withdrawal-approve"
                >
                  {retry(w) ? 'Send again' : w.approvals.length > 0 ? 'Second approval' : 'Approve'}
                </Button>
              ) : null}
            </>
          ) : null,
        body: (w) => (
          <WithdrawalDetails
            w={w}
            mine={mine(w)}
            // Where the platform pays by hand, the last approver may give the payment's hash.
            hash={
              decidable(w) && mayApprove && last(w) && !mine(w) ? { value: txHash, set: setTxHash } : null
            }
          />
        ),
      }}
    />
  );
}

/** The queue's decisions, each asked with a reason and saying what happens: approve (paying on the last), reject. */
function useWithdrawalAsks(queue: Queue<'/admin/withdrawals/list'>, txHash: string) {
  const { call } = useConsole();

  const approve = (w: Withdrawal) => {
    const hash = txHash.trim();
    const which = w.required_approvals > 1 ? (w.approvals.length === 0 ? 'First' : 'Second') : 'Single';
    queue.ask({
      title: `${which} approval of withdrawal #${w.id}`,
      summary: last(w)
        ? `${w.amount} ${w.asset} (fee ${w.fee}) leaves user ${w.user.uid}'s account and is paid to ${w.address}${hash ? ` (payment ${hash})` : ''}.`
        : `First of ${w.required_approvals} approvals for ${w.amount} ${w.asset}: another operator gives the next, and only then is it paid.`,
      okText: last(w) ? 'Approve and pay' : 'Approve',
      call: (reason) =>
        call('/admin/withdrawals/approve', {
          withdrawal_id: w.id,
          reason,
          ...(last(w) && hash ? { tx_hash: hash } : {}),
        }),
      done: 'Withdrawal approved',
      next: (out) => out,
    });
  };

  const reject = (w: Withdrawal) =>
    queue.ask({
      title: `Reject withdrawal #${w.id}`,
      summary: `The hold of ${w.amount} ${w.asset} (and fee) goes back to user ${w.user.uid}; the user reads the reason.`,
      okText: 'Reject',
      danger: true,
      call: (reason) => call('/admin/withdrawals/reject', { withdrawal_id: w.id, reason }),
      done: 'Withdrawal rejected',
      next: (out) => out,
    });

  return { approve, reject };
}

/**
 * A withdrawal in the drawer: its approvals as steps, its details, the payment hash field (`hash`, when this
 * operator may give it), the user's history and the address's past use.
 */
function WithdrawalDetails(props: {
  w: Withdrawal;
  mine: boolean;
  hash: { value: string; set: (hash: string) => void } | null;
}) {
  const { w, mine, hash } = props;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {mine && decidable(w) ? (
        <Alert type="info" showIcon message="You gave an approval: the next one is another operator's." />
      ) : null}
      <Steps
        size="small"
        current={w.status === 'approved' ? w.required_approvals + 1 : w.approvals.length}
        status={w.stage === 'rejected' || w.stage === 'send_failed' ? 'error' : undefined}
        items={[
          ...Array.from({ length: w.required_approvals }, (_, i) => ({
            title: i === 0 ? 'First approval' : 'Second approval',
            description: w.approvals[i] ?? 'waiting',
          })),
          { title: 'Paid', description: w.tx_hash ? 'hash recorded' : w.stage },
        ]}
      />
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="Status">
          <StatusTag status={w.status} /> <StatusTag status={w.stage} />
        </Descriptions.Item>
        <Descriptions.Item label="User">{w.user.uid}</Descriptions.Item>
        <Descriptions.Item label="Amount">
          <Amount value={w.amount} asset={w.asset} />
        </Descriptions.Item>
        <Descriptions.Item label="Fee">
          <Amount value={w.fee} asset={w.asset} />
        </Descriptions.Item>
        <Descriptions.Item label="To address" span={2}>
          <Mono text={w.address} />
        </Descriptions.Item>
        <Descriptions.Item label="Chain">{w.chain}</Descriptions.Item>
        <Descriptions.Item label="Requested">{when(w.time)}</Descriptions.Item>
        <Descriptions.Item label="Payment hash" span={2}>
          <Mono text={w.tx_hash} />
        </Descriptions.Item>
        <Descriptions.Item label="Reason" span={2}>
          {w.reason ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      <SignedVersions w={w} />
      {hash ? (
        <Input
          addonBefore="Payment tx hash"
          placeholder="Where the platform pays by hand: the hash of the payment made (optional)"
          value={hash.value}
          maxLength={80}
          onChange={(e) => hash.set(e.target.value)}
          data-testid="withdrawal-txhash"
        />
      ) : null}
      <UserHistory userId={w.user_id} reloadKey={`${w.stage}:${w.approvals.length}`} />
      <AddressUse address={w.address} exclude={w.id} />
    </Space>
  );
}

type Posting = ListItem<'/admin/wallet/journal'>;

const POSTINGS: readonly DataColumn<Posting>[] = [
  { key: 'time', title: 'Time', value: (p) => p.time, render: (p) => when(p.time) },
  { key: 'cause', title: 'Cause', value: (p) => p.cause, filter: true },
  { key: 'account', title: 'Account', value: (p) => `${p.account} ${p.bucket}`, filter: true },
  {
    key: 'amount',
    title: 'Amount',
    value: (p) => p.amount,
    render: (p) => <Amount value={p.amount} asset={p.asset} />,
    align: 'right',
  },
  { key: 'after', title: 'Balance after', value: (p) => p.balance_after, align: 'right' },
];

/** The user's latest postings (their history) beside the withdrawal, where the operator may read it. */
function UserHistory({ userId, reloadKey }: { userId: number; reloadKey: string }) {
  const { can } = useConsole();
  const load = useListLoader('/admin/wallet/journal', { user_id: userId });
  if (!can('/admin/wallet/journal')) return null;
  return (
    <Card size="small" title="The user's history">
      <DataTable
        id="withdrawal-user-journal"
        reloadKey={reloadKey}
        load={load}
        columns={POSTINGS}
        rowKey={(p) => p.id}
        pageSize={10}
      />
    </Card>
  );
}

type UseRow = {
  readonly kind: 'withdrawal' | 'deposit';
  readonly id: number;
  readonly uid: string;
  readonly asset: string;
  readonly amount: string;
  readonly stage: string;
  readonly time: string;
};

const USES: readonly DataColumn<UseRow>[] = [
  { key: 'kind', title: 'Kind', value: (r) => r.kind, filter: true },
  { key: 'time', title: 'Time', value: (r) => r.time, render: (r) => when(r.time) },
  { key: 'uid', title: 'User UID', value: (r) => r.uid, filter: true },
  {
    key: 'amount',
    title: 'Amount',
    value: (r) => r.amount,
    render: (r) => <Amount value={r.amount} asset={r.asset} />,
    align: 'right',
  },
  { key: 'stage', title: 'Stage', value: (r) => r.stage, render: (r) => <StatusTag status={r.stage} /> },
];

/** Who else sent to or received on this address before: its owner, how many users, each use. */
function AddressUse({ address, exclude }: { address: string; exclude: number }) {
  const { call, can } = useConsole();
  const [summary, setSummary] = useState<string | null>(null);
  const load = useCallback(
    async (page: number, size: number) => {
      const data = await call('/admin/wallet/addressUse', { address });
      const rows: UseRow[] = [
        ...data.withdrawals.list
          .filter((w) => w.id !== exclude)
          .map((w) => ({ ...w, kind: 'withdrawal' as const })),
        ...data.deposits.list.map((d) => ({ ...d, kind: 'deposit' as const })),
      ];
      const owner = data.owner
        ? ` · belongs to UID ${data.owner.uid} (${data.owner.kind.replace('_', '-')})`
        : '';
      setSummary(`${data.users} user${data.users === 1 ? '' : 's'}${owner}`);
      return pageOf(rows, page, size);
    },
    [call, address, exclude],
  );
  if (!can('/admin/wallet/addressUse')) return null;
  return (
    <Card size="small" title="The address's past use" extra={summary}>
      <DataTable
        id="withdrawal-address-use"
        load={load}
        columns={USES}
        rowKey={(r) => `${r.kind}-${r.id}`}
        pageSize={10}
        emptyText="Never used before"
      />
    </Card>
  );
}

/**
 * The signed versions of a hot-wallet payment, as stored before each broadcast: the nonce, the hash, the fees
 * (EVM fee caps, Tron's fee limit), the head it was last sent at; a replacement shares the nonce (on Tron, the
 * payment's number), a retried send retires the earlier ones.
 */
function SignedVersions({ w }: { readonly w: Withdrawal }) {
  if (w.sends.length === 0) return null;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="tx_hash"
      title={() => 'Signed versions of the payment'}
      dataSource={w.sends}
      data-testid="withdrawal-sends"
      columns={[
        { key: 'nonce', title: 'Nonce', dataIndex: 'nonce', width: 70 },
        { key: 'hash', title: 'Tx hash', render: (_, v) => <Mono text={v.tx_hash} short /> },
        {
          key: 'fees',
          title: 'Fees',
          render: (_, v) => v.fees,
        },
        { key: 'block', title: 'Sent at block', render: (_, v) => v.sent_block ?? 'not sent' },
        { key: 'time', title: 'Signed', render: (_, v) => when(v.time) },
        {
          key: 'state',
          title: '',
          render: (_, v) =>
            v.retired ? <Tag>retired</Tag> : v.tx_hash === w.tx_hash ? <Tag color="green">shown</Tag> : null,
        },
      ]}
    />
  );
}
