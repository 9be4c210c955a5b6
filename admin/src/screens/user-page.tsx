import { ArrowLeftOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { ACCOUNT_KINDS, type ResponseData } from '@nexa/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  List,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminPath, ListItem } from '../api';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/confirm-with-reason';
import { type DataColumn, DataTable, type Page } from '../ui/data-table';
import { Amount, Mono, StatusTag, when } from '../ui/format';
import { pageOf, useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';
import { useLoad } from './programs/common';
import '../ui/screens.css';

type Detail = ResponseData<'/admin/users/detail'>;

/** A signed amount: green when it adds, red when it takes. */
function Signed({ value }: { value: string }) {
  const negative = value.startsWith('-');
  return (
    <Typography.Text className="amount" type={negative ? 'danger' : 'success'}>
      {negative ? value : `+${value}`}
    </Typography.Text>
  );
}

/** A user's page: who they are, frozen or not, and one tab per part of their account. */
export default function UserPage() {
  const { id } = useParams();
  const userId = Number(id);
  const { call, can } = useConsole();
  const navigate = useNavigate();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const load = useCallback(() => call('/admin/users/detail', { user_id: userId }), [call, userId]);
  const { data: loaded, error, loading, reload } = useLoad(load);
  const [updated, setUpdated] = useState<Detail | null>(null);
  const user = updated && updated.user_id === userId ? updated : loaded;

  if (!Number.isInteger(userId) || userId <= 0) return <Result status="404" title="No such user" />;
  if (loading && !user) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!user) {
    return (
      <Result
        status="warning"
        title="The user could not be loaded"
        subTitle={error}
        extra={
          <Space>
            <Button onClick={() => navigate('/users')}>Back to users</Button>
            <Button type="primary" onClick={reload}>
              Try again
            </Button>
          </Space>
        }
      />
    );
  }

  const freeze = () =>
    confirm.ask({
      title: `Freeze user ${user.uid}`,
      summary:
        'Every session of the user ends at once and sign-in is refused until the account is unfrozen. Balances stay as they are.',
      okText: 'Freeze account',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/users/freeze', { user_id: userId, reason }),
          'Account frozen',
        );
        if (out) setUpdated(out);
        return out !== null;
      },
    });
  const unfreeze = () =>
    confirm.ask({
      title: `Unfreeze user ${user.uid}`,
      summary: 'The user may sign in again.',
      okText: 'Unfreeze account',
      action: async (reason) => {
        const out = await run(
          () => call('/admin/users/unfreeze', { user_id: userId, reason }),
          'Account unfrozen',
        );
        if (out) setUpdated(out);
        return out !== null;
      },
    });

  const tab = (key: string, label: string, endpoint: AdminPath, children: ReactNode) =>
    can(endpoint) ? [{ key, label, children }] : [];

  return (
    <>
      <ScreenTitle
        title={`User ${user.uid}`}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              Back
            </Button>
            {user.frozen
              ? can('/admin/users/unfreeze') && (
                  <Button icon={<UnlockOutlined />} onClick={unfreeze} data-testid="user-unfreeze">
                    Unfreeze
                  </Button>
                )
              : can('/admin/users/freeze') && (
                  <Button danger icon={<LockOutlined />} onClick={freeze} data-testid="user-freeze">
                    Freeze
                  </Button>
                )}
          </Space>
        }
      />
      <Card size="small" className="user-header" data-testid="user-header">
        {user.frozen_info ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="user-frozen"
            message={`Frozen since ${when(user.frozen_info.at)}`}
            description={`Reason: ${user.frozen_info.reason}`}
          />
        ) : null}
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="UID">
            <Typography.Text className="mono" copyable data-testid="user-uid">
              {user.uid}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="User id">{user.user_id}</Descriptions.Item>
          <Descriptions.Item label="Address" span={2}>
            <Mono text={user.address} />
          </Descriptions.Item>
          <Descriptions.Item label="Email">{user.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Level">
            <Tag color="blue">V{user.level}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="State">
            {user.frozen ? (
              <Tag color="red" data-testid="user-state">
                frozen
              </Tag>
            ) : (
              <Tag color="green" data-testid="user-state">
                active
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Invite code">
            <span className="mono">{user.invite_code}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Signed up">{when(user.created_at)}</Descriptions.Item>
          <Descriptions.Item label="Parent">
            {user.team.parent ? (
              <Link to={`/users/${user.team.parent.user_id}`}>{user.team.parent.uid}</Link>
            ) : (
              'none (a root)'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Depth">{user.depth}</Descriptions.Item>
          <Descriptions.Item label="Direct referrals">{user.team.direct_referrals}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Tabs
        key={userId}
        defaultActiveKey="balances"
        type="card"
        data-testid="user-tabs"
        items={[
          ...tab('balances', 'Balances', '/admin/wallet/balances', <BalancesTab userId={userId} />),
          ...tab('journal', 'Journal', '/admin/wallet/journal', <JournalTab userId={userId} />),
          ...tab('orders', 'Orders', '/admin/spot/orders', <OrdersTab userId={userId} />),
          ...tab('positions', 'Positions', '/admin/futures/positions', <PositionsTab userId={userId} />),
          ...tab('copies', 'Copies', '/admin/copy/follows', <CopiesTab userId={userId} />),
          ...tab('stakes', 'Stakes', '/admin/earn/stakes', <StakesTab userId={userId} />),
          ...tab('cards', 'Cards', '/admin/cards/userCards', <CardsTab userId={userId} />),
          ...tab('team', 'Team', '/admin/users/referrals', <TeamTab user={user} />),
          ...tab('sessions', 'Sessions', '/admin/users/sessions', <SessionsTab userId={userId} />),
          ...tab('notes', 'Notes', '/admin/users/notes', <NotesTab userId={userId} />),
        ]}
      />
      {confirm.element}
    </>
  );
}

// ---- Balances ----

type Balance = ResponseData<'/admin/wallet/balances'>['list'][number];

const BALANCE_COLUMNS: readonly DataColumn<Balance>[] = [
  { key: 'account', title: 'Account', value: (b) => b.account, filter: true, sort: true },
  { key: 'asset', title: 'Asset', value: (b) => b.asset, filter: true, sort: true },
  {
    key: 'available',
    title: 'Available',
    value: (b) => b.available,
    render: (b) => <Amount value={b.available} />,
    align: 'right',
    sort: true,
  },
  {
    key: 'frozen',
    title: 'Frozen',
    value: (b) => b.frozen,
    render: (b) => <Amount value={b.frozen} />,
    align: 'right',
    sort: true,
  },
];

function BalancesTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const load = useCallback(
    async (page: number, size: number) =>
      pageOf((await call('/admin/wallet/balances', { user_id: userId })).list, page, size),
    [call, userId],
  );
  return (
    <DataTable
      id="user-balances"
      load={load}
      columns={BALANCE_COLUMNS}
      rowKey={(b) => `${b.account}:${b.asset}`}
      pageSize={50}
      emptyText="No account used yet"
    />
  );
}

// ---- Journal ----

type Posting = ListItem<'/admin/wallet/journal'>;

const JOURNAL_COLUMNS: readonly DataColumn<Posting>[] = [
  { key: 'id', title: 'Posting', value: (p) => p.id, width: 80 },
  { key: 'time', title: 'Time', value: (p) => p.time, render: (p) => when(p.time) },
  { key: 'account', title: 'Account', value: (p) => p.account },
  { key: 'asset', title: 'Asset', value: (p) => p.asset },
  { key: 'bucket', title: 'Part', value: (p) => p.bucket, filter: true },
  { key: 'cause', title: 'Cause', value: (p) => p.cause, filter: true, render: (p) => <Tag>{p.cause}</Tag> },
  {
    key: 'reference',
    title: 'Reference',
    value: (p) => p.reference,
    render: (p) => <span className="mono">{p.reference}</span>,
  },
  { key: 'remark', title: 'Remark', value: (p) => p.remark, hidden: true },
  {
    key: 'amount',
    title: 'Amount',
    value: (p) => p.amount,
    render: (p) => <Signed value={p.amount} />,
    align: 'right',
  },
  {
    key: 'balance',
    title: 'Balance after',
    value: (p) => p.balance_after,
    render: (p) => <Amount value={p.balance_after} />,
    align: 'right',
  },
  { key: 'tx', title: 'Transaction', value: (p) => p.transaction_id, hidden: true },
];

type AccountKind = (typeof ACCOUNT_KINDS)[number];

function JournalTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const [asset, setAsset] = useState<string | undefined>();
  const [account, setAccount] = useState<AccountKind | undefined>();
  const [bucket, setBucket] = useState<'available' | 'frozen' | undefined>();
  const assetsLoad = useCallback(() => call('/admin/wallet/balances', { user_id: userId }), [call, userId]);
  const assets = useLoad(assetsLoad);
  const assetOptions = useMemo(
    () =>
      [...new Set((assets.data?.list ?? []).map((b) => b.asset))].sort().map((a) => ({ label: a, value: a })),
    [assets.data],
  );
  const load = useListLoader('/admin/wallet/journal', {
    user_id: userId,
    ...(asset ? { asset } : {}),
    ...(account ? { account } : {}),
    ...(bucket ? { bucket } : {}),
  });
  return (
    <DataTable
      id="user-journal"
      load={load}
      columns={JOURNAL_COLUMNS}
      rowKey={(p) => p.id}
      emptyText="No postings for this filter"
      toolbar={
        <>
          <Select
            placeholder="Asset"
            allowClear
            value={asset}
            onChange={setAsset}
            options={assetOptions}
            style={{ width: 120 }}
            data-testid="journal-asset"
          />
          <Select
            placeholder="Account"
            allowClear
            value={account}
            onChange={setAccount}
            options={ACCOUNT_KINDS.map((a) => ({ label: a, value: a }))}
            style={{ width: 120 }}
          />
          <Select
            placeholder="Part"
            allowClear
            value={bucket}
            onChange={setBucket}
            options={[
              { label: 'available', value: 'available' },
              { label: 'frozen', value: 'frozen' },
            ]}
            style={{ width: 120 }}
          />
          <Typography.Text type="secondary">
            The balance after is that account part's, asset by asset.
          </Typography.Text>
        </>
      }
    />
  );
}

// ---- Orders ----

type Order = ListItem<'/admin/spot/orders'>;

const ORDER_COLUMNS: readonly DataColumn<Order>[] = [
  { key: 'id', title: 'Order', value: (o) => o.id, render: (o) => <span className="mono">{o.id}</span> },
  { key: 'time', title: 'Time', value: (o) => o.created_at, render: (o) => when(o.created_at) },
  { key: 'inst', title: 'Instrument', value: (o) => o.inst_id, filter: true },
  {
    key: 'side',
    title: 'Side',
    value: (o) => o.side,
    render: (o) => <Tag color={o.side === 'buy' ? 'green' : 'red'}>{o.side}</Tag>,
    filter: true,
  },
  { key: 'type', title: 'Type', value: (o) => o.type, filter: true },
  { key: 'price', title: 'Price', value: (o) => o.price, align: 'right' },
  { key: 'size', title: 'Size', value: (o) => `${o.size} ${o.size_ccy}`, align: 'right' },
  { key: 'filled', title: 'Filled', value: (o) => o.filled, align: 'right' },
  { key: 'avg', title: 'Avg price', value: (o) => o.avg_price, align: 'right' },
  { key: 'fee', title: 'Fee', value: (o) => o.fee, align: 'right' },
  {
    key: 'state',
    title: 'State',
    value: (o) => o.state,
    render: (o) => <StatusTag status={o.state} />,
    filter: true,
  },
  { key: 'cancel', title: 'Cancel reason', value: (o) => o.cancel_reason, hidden: true },
];

function OrdersTab({ userId }: { userId: number }) {
  const [state, setState] = useState<'open' | 'done' | 'all'>('all');
  const load = useListLoader('/admin/spot/orders', {
    user_id: userId,
    ...(state === 'all' ? {} : { state }),
  });
  return (
    <DataTable
      id="user-orders"
      load={load}
      columns={ORDER_COLUMNS}
      rowKey={(o) => o.id}
      emptyText="No spot orders"
      toolbar={
        <Segmented<'open' | 'done' | 'all'>
          value={state}
          onChange={setState}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Open', value: 'open' },
            { label: 'Done', value: 'done' },
          ]}
        />
      }
    />
  );
}

// ---- Positions ----

type Positions = ResponseData<'/admin/futures/positions'>;
type Closed = Positions['list'][number];
type Open = Positions['open'][number];

const CLOSED_COLUMNS: readonly DataColumn<Closed>[] = [
  { key: 'id', title: 'Id', value: (p) => p.id, width: 70 },
  { key: 'inst', title: 'Contract', value: (p) => p.instId, filter: true },
  { key: 'side', title: 'Side', value: (p) => p.pos_side, filter: true },
  { key: 'lever', title: 'Leverage', value: (p) => `${p.lever}x`, align: 'right' },
  { key: 'max', title: 'Max size', value: (p) => p.max_pos, align: 'right' },
  { key: 'open', title: 'Open avg', value: (p) => p.open_avg_px, align: 'right' },
  { key: 'close', title: 'Close avg', value: (p) => p.close_avg_px, align: 'right' },
  {
    key: 'net',
    title: 'Net PnL',
    value: (p) => p.net_pnl,
    render: (p) => <Signed value={p.net_pnl} />,
    align: 'right',
  },
  { key: 'type', title: 'Closed by', value: (p) => p.close_type, filter: true },
  {
    key: 'opened',
    title: 'Opened',
    value: (p) => p.opened_at,
    render: (p) => when(p.opened_at),
    hidden: true,
  },
  { key: 'closed', title: 'Closed', value: (p) => p.closed_at, render: (p) => when(p.closed_at) },
];

function PositionsTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const [open, setOpen] = useState<readonly Open[] | null>(null);
  const load = useCallback(
    async (page: number, size: number): Promise<Page<Closed>> => {
      const d = await call('/admin/futures/positions', { user_id: userId, page, size });
      setOpen(d.open);
      return { list: d.list, total: d.total };
    },
    [call, userId],
  );
  return (
    <>
      <Card size="small" title="Open positions" style={{ marginBottom: 12 }}>
        <Table<Open>
          size="small"
          bordered
          loading={open === null}
          pagination={false}
          rowKey={(p) => `${p.instId}:${p.pos_side}`}
          dataSource={open ? [...open] : []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No open position" />,
          }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Contract', dataIndex: 'instId' },
            { title: 'Side', dataIndex: 'pos_side' },
            { title: 'Size', dataIndex: 'pos', align: 'right' },
            { title: 'Leverage', render: (_, p) => `${p.lever}x`, align: 'right' },
            { title: 'Entry', dataIndex: 'avg_px', align: 'right' },
            { title: 'Mark', render: (_, p) => p.mark_px ?? '—', align: 'right' },
            {
              title: 'Liquidation',
              render: (_, p) => <Typography.Text type="danger">{p.liq_px ?? '—'}</Typography.Text>,
              align: 'right',
            },
            { title: 'Margin', dataIndex: 'margin', align: 'right' },
            { title: 'Margin ratio %', render: (_, p) => p.margin_ratio ?? '—', align: 'right' },
            { title: 'Unrealized PnL', render: (_, p) => <Signed value={p.upl} />, align: 'right' },
          ]}
        />
      </Card>
      <DataTable
        id="user-positions"
        load={load}
        columns={CLOSED_COLUMNS}
        rowKey={(p) => p.id}
        emptyText="No closed positions"
        toolbar={<Typography.Text strong>Closed positions</Typography.Text>}
      />
    </>
  );
}

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

// ---- Stakes ----

type Stake = ListItem<'/admin/earn/stakes'>;

const STAKE_COLUMNS: readonly DataColumn<Stake>[] = [
  { key: 'kind', title: 'Kind', value: (s) => s.kind, filter: true },
  { key: 'id', title: 'Id', value: (s) => s.id, width: 70 },
  { key: 'line', title: 'Line', value: (s) => s.line },
  {
    key: 'amount',
    title: 'Amount',
    value: (s) => s.amount,
    render: (s) => <Amount value={s.amount} asset={s.asset} />,
    align: 'right',
  },
  { key: 'days', title: 'Days', value: (s) => s.days, align: 'right' },
  { key: 'rate', title: 'Rate', value: (s) => s.rate, align: 'right' },
  { key: 'paid', title: 'Paid / charged', value: (s) => s.paid, align: 'right' },
  { key: 'pledge', title: 'Against stake', value: (s) => s.pledge_id, hidden: true },
  {
    key: 'state',
    title: 'State',
    value: (s) => s.state,
    render: (s) => <StatusTag status={s.state} />,
    filter: true,
  },
  { key: 'start', title: 'Start', value: (s) => s.start_at, render: (s) => when(s.start_at) },
  { key: 'end', title: 'End', value: (s) => s.end_at, render: (s) => when(s.end_at) },
];

function StakesTab({ userId }: { userId: number }) {
  const [kind, setKind] = useState<'pledge' | 'burn' | 'loan' | 'all'>('all');
  const load = useListLoader('/admin/earn/stakes', { user_id: userId, ...(kind === 'all' ? {} : { kind }) });
  return (
    <DataTable
      id="user-stakes"
      load={load}
      columns={STAKE_COLUMNS}
      rowKey={(s) => `${s.kind}:${s.id}`}
      emptyText="No stakes, burns or loans"
      toolbar={
        <Segmented<'pledge' | 'burn' | 'loan' | 'all'>
          value={kind}
          onChange={setKind}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Stakes', value: 'pledge' },
            { label: 'Burns', value: 'burn' },
            { label: 'Loans', value: 'loan' },
          ]}
        />
      }
    />
  );
}

// ---- Cards ----

type Cards = ResponseData<'/admin/cards/userCards'>;
type UserCard = Cards['list'][number];

const CARD_COLUMNS: readonly DataColumn<UserCard>[] = [
  { key: 'id', title: 'Card', value: (c) => c.id, width: 70 },
  { key: 'kind', title: 'Kind', value: (c) => c.kind, filter: true },
  { key: 'brand', title: 'Brand', value: (c) => c.brand },
  {
    key: 'masked',
    title: 'Number',
    value: (c) => c.masked,
    render: (c) => <span className="mono">{c.masked}</span>,
  },
  { key: 'holder', title: 'Holder', value: (c) => c.holder },
  { key: 'expiry', title: 'Expiry', value: (c) => c.expiry },
  {
    key: 'status',
    title: 'Status',
    value: (c) => c.status,
    render: (c) => <StatusTag status={c.status} />,
    filter: true,
  },
  { key: 'pin', title: 'PIN set', value: (c) => (c.pin_set ? 'yes' : 'no') },
  { key: 'tracking', title: 'Tracking', value: (c) => c.tracking },
  { key: 'created', title: 'Opened', value: (c) => c.created_at, render: (c) => when(c.created_at) },
];

function CardsTab({ userId }: { userId: number }) {
  const { call } = useConsole();
  const [extra, setExtra] = useState<Omit<Cards, 'list' | 'total'> | null>(null);
  const load = useCallback(
    async (page: number, size: number): Promise<Page<UserCard>> => {
      const d = await call('/admin/cards/userCards', { user_id: userId, page, size });
      setExtra({ balance: d.balance, held: d.held, kyc_status: d.kyc_status, kyc_id: d.kyc_id });
      return { list: d.list, total: d.total };
    },
    [call, userId],
  );
  return (
    <DataTable
      id="user-cards"
      load={load}
      columns={CARD_COLUMNS}
      rowKey={(c) => c.id}
      emptyText="No cards"
      toolbar={
        extra ? (
          <Space size="large">
            <span>
              Card account: <Amount value={extra.balance} asset="USDT" />
            </span>
            <span>
              Held: <Amount value={extra.held} asset="USDT" />
            </span>
            <span>
              Identity: <StatusTag status={extra.kyc_status} />
            </span>
          </Space>
        ) : null
      }
    />
  );
}

// ---- Team ----

type Referral = ListItem<'/admin/users/referrals'>;

function TeamTab({ user }: { user: Detail }) {
  const navigate = useNavigate();
  const f = user.team.figures;
  const load = useListLoader('/admin/users/referrals', { user_id: user.user_id });
  const columns: readonly DataColumn<Referral>[] = [
    {
      key: 'uid',
      title: 'UID',
      value: (r) => r.uid,
      render: (r) => <Link to={`/users/${r.user_id}`}>{r.uid}</Link>,
    },
    {
      key: 'address',
      title: 'Address',
      value: (r) => r.address,
      render: (r) => <Mono text={r.address} short />,
    },
    { key: 'level', title: 'Level', value: (r) => r.level, sort: true, align: 'right' },
    { key: 'volume', title: 'Team volume (USDT)', value: (r) => r.team_volume, sort: true, align: 'right' },
    {
      key: 'joined',
      title: 'Joined',
      value: (r) => r.created_at,
      render: (r) => when(r.created_at),
      sort: true,
    },
  ];
  return (
    <>
      <Card size="small" title="Figures" style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="Parent">
            {user.team.parent ? (
              <Link to={`/users/${user.team.parent.user_id}`}>{user.team.parent.uid}</Link>
            ) : (
              'none'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Headcount">{f.headcount}</Descriptions.Item>
          <Descriptions.Item label="Direct (valid)">
            {f.direct} ({f.valid_direct})
          </Descriptions.Item>
          <Descriptions.Item label="Best level below">V{f.best_below}</Descriptions.Item>
          <Descriptions.Item label="Personal volume">{f.personal_volume}</Descriptions.Item>
          <Descriptions.Item label="Team volume">{f.team_volume}</Descriptions.Item>
          <Descriptions.Item label="Personal performance">{f.personal_performance}</Descriptions.Item>
          <Descriptions.Item label="Team performance">{f.team_performance}</Descriptions.Item>
          <Descriptions.Item label="Node today">{f.node_today}</Descriptions.Item>
          <Descriptions.Item label="Node total">{f.node_total}</Descriptions.Item>
          <Descriptions.Item label="Legs by level" span={2}>
            {f.legs.map((n, i) => `V${i + 1}${i === f.legs.length - 1 ? '+' : ''}: ${n}`).join(' · ') || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <DataTable
        id="user-referrals"
        load={load}
        columns={columns}
        rowKey={(r) => r.user_id}
        onOpen={(r) => navigate(`/users/${r.user_id}`)}
        emptyText="No direct referrals"
        toolbar={<Typography.Text strong>Direct referrals</Typography.Text>}
      />
    </>
  );
}

// ---- Sessions ----

type Session = ListItem<'/admin/users/sessions'>;

function SessionsTab({ userId }: { userId: number }) {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [reload, setReload] = useState(0);
  const load = useListLoader('/admin/users/sessions', { user_id: userId });
  const mayRevoke = can('/admin/users/revokeSession');
  const revoke = (s: Session) =>
    confirm.ask({
      title: `End session #${s.id}`,
      summary: 'The session ends at once: its next call is refused and the app asks to sign in again.',
      okText: 'End session',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/users/revokeSession', { user_id: userId, session_id: s.id, reason }),
          'Session ended',
        );
        if (out) setReload((n) => n + 1);
        return out !== null;
      },
    });
  const columns: readonly DataColumn<Session>[] = [
    { key: 'id', title: 'Session', value: (s) => s.id, width: 80 },
    { key: 'created', title: 'Signed in', value: (s) => s.created_at, render: (s) => when(s.created_at) },
    { key: 'expires', title: 'Expires', value: (s) => s.expires_at, render: (s) => when(s.expires_at) },
    {
      key: 'ip',
      title: 'IP',
      value: (s) => s.ip,
      render: (s) => <span className="mono">{s.ip ?? '—'}</span>,
    },
    {
      key: 'state',
      title: 'State',
      value: (s) => (s.active ? 'active' : s.revoked_at ? 'revoked' : 'expired'),
      render: (s) =>
        s.active ? (
          <Tag color="green">active</Tag>
        ) : s.revoked_at ? (
          <Tag color="red">revoked {when(s.revoked_at)}</Tag>
        ) : (
          <Tag>expired</Tag>
        ),
      filter: true,
    },
    {
      key: 'actions',
      title: '',
      action: true,
      value: () => null,
      render: (s) =>
        mayRevoke && s.active ? (
          <Button size="small" danger onClick={() => revoke(s)} data-testid="session-revoke">
            End session
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable
        id="user-sessions"
        load={load}
        columns={columns}
        rowKey={(s) => s.id}
        reloadKey={reload}
        emptyText="No sessions"
      />
      {confirm.element}
    </>
  );
}

// ---- Notes ----

function NotesTab({ userId }: { userId: number }) {
  const { call, can } = useConsole();
  const run = useAction();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const loadNotes = useCallback(
    () => call('/admin/users/notes', { user_id: userId, page: 1, size: 100 }),
    [call, userId],
  );
  const notes = useLoad(loadNotes);
  const mayAdd = can('/admin/users/addNote');
  const add = async () => {
    setBusy(true);
    const out = await run(
      () => call('/admin/users/addNote', { user_id: userId, text: text.trim() }),
      'Note added',
    );
    setBusy(false);
    if (out) {
      setText('');
      notes.reload();
    }
  };
  return (
    <div style={{ maxWidth: 900 }}>
      {mayAdd ? (
        <Card size="small" title="Add a note" style={{ marginBottom: 12 }}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            showCount
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="What other operators should know. Notes are kept as written: they cannot be edited or removed."
            data-testid="note-text"
          />
          <Button
            type="primary"
            style={{ marginTop: 8 }}
            disabled={!text.trim()}
            loading={busy}
            onClick={add}
            data-testid="note-add"
          >
            Add note
          </Button>
        </Card>
      ) : null}
      {notes.error && !notes.data ? (
        <Result
          status="warning"
          title="The notes could not be loaded"
          subTitle={notes.error}
          extra={<Button onClick={notes.reload}>Try again</Button>}
        />
      ) : (
        <List
          bordered
          loading={notes.loading}
          dataSource={notes.data?.list ?? []}
          locale={{ emptyText: <Empty description="No notes yet" /> }}
          header={notes.data ? `${notes.data.total} note${notes.data.total === 1 ? '' : 's'}` : null}
          data-testid="notes"
          renderItem={(n) => (
            <List.Item data-testid="note">
              <List.Item.Meta
                title={
                  <Space>
                    <Typography.Text strong>{n.operator_name}</Typography.Text>
                    <Typography.Text type="secondary">{when(n.created_at)}</Typography.Text>
                  </Space>
                }
                description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{n.text}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
