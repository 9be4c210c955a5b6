import type { ResponseData } from '@nexa/contract';
import { Alert, Card, Col, Empty, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminListPath, AdminPath } from '../api';
import { failureText, useConsole } from '../console';
import { Amount, when } from '../ui/format';
import { ScreenTitle } from '../ui/screen';
import { HotWallets } from './hot-wallets';

type Solvency = ResponseData<'/admin/solvency'>;
type Today = ResponseData<'/admin/dashboard'>;

/** Loads one call's data for a panel: the data, or the failure's words, or still loading. */
function useData<T>(load: (() => Promise<T>) | null, key: unknown = null) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({
    loading: load !== null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is rebuilt each render; key says when to load again
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ loading: true });
    load()
      .then((data) => live && setState({ data, loading: false }))
      .catch((e: unknown) => live && setState({ error: failureText(e), loading: false }));
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

/** An open queue: how many wait, from its list call; a click opens its screen. */
interface Queue {
  readonly label: string;
  readonly path: AdminListPath;
  readonly filters: Record<string, string>;
  readonly screen: string;
  /** The key of the same queue in the day's summary, when the server sends one. */
  readonly key: string;
}

const QUEUES: readonly Queue[] = [
  {
    label: 'Deposits to confirm',
    path: '/admin/deposits/list',
    filters: { status: 'pending' },
    screen: '/deposits',
    key: 'deposits',
  },
  {
    label: 'Withdrawals to approve',
    path: '/admin/withdrawals/list',
    filters: { status: 'pending' },
    screen: '/withdrawals',
    key: 'withdrawals',
  },
  {
    label: 'Identity to review',
    path: '/admin/kyc/list',
    filters: { status: 'pending' },
    screen: '/reviews/identity',
    key: 'kyc',
  },
  {
    label: 'Merchants to review',
    path: '/admin/shop/merchants',
    filters: { status: 'pending' },
    screen: '/reviews/merchants',
    key: 'merchants',
  },
  {
    label: 'Products to review',
    path: '/admin/shop/products',
    filters: { status: 'pending' },
    screen: '/reviews/products',
    key: 'products',
  },
  {
    label: 'Claims waiting on a dry pool',
    path: '/admin/insurance/claims',
    filters: { status: 'queued' },
    screen: '/programs?tab=insurance',
    key: 'claims',
  },
];

function QueueCard({ q }: { q: Queue }) {
  const { call } = useConsole();
  const navigate = useNavigate();
  const state = useData(async () => {
    const body = { ...q.filters, page: 1, size: 1 } as never;
    const data = (await call(q.path, body)) as { total: number };
    return data.total;
  });
  return (
    <Card hoverable size="small" onClick={() => navigate(q.screen)} data-testid={`queue-${q.key}`}>
      <Statistic
        title={q.label}
        loading={state.loading}
        value={state.error ? '—' : (state.data ?? 0)}
        valueStyle={{ color: (state.data ?? 0) > 0 ? '#d46b08' : undefined }}
      />
    </Card>
  );
}

function Panel(props: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title={props.title} extra={props.extra} size="small" style={{ marginBottom: 16 }}>
      {props.children}
    </Card>
  );
}

const FIGURE_LABELS: Record<string, string> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  signups: 'Sign-ups',
  volume: 'Trading volume',
  fees: 'Fees',
};

function figureLabel(key: string): string {
  const words = FIGURE_LABELS[key] ?? key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Today's figures since the platform day began, from the day's summary. */
function TodayPanel({ today }: { today: Today }) {
  return (
    <Row gutter={[12, 12]}>
      {today.figures.map((f) => (
        <Col key={`${f.key}-${f.asset ?? ''}`} span={4}>
          <Card size="small">
            <Statistic
              title={`${figureLabel(f.key)}${f.asset ? ` (${f.asset})` : ''}`}
              value={f.amount ?? f.count}
              suffix={
                f.amount !== null ? <Typography.Text type="secondary"> · {f.count}</Typography.Text> : null
              }
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The dashboard: what waits in each queue, the day so far (where the operator's roles read it), the hot
 * wallets' balances (a low one flagged), solvency per
 * asset (anything short or unbalanced in red) and every rewards program's pool against what it owes.
 */
export default function DashboardScreen() {
  const { call, can } = useConsole();
  const [reload] = useState(0);
  const solvency = useData<Solvency>(() => call('/admin/solvency', {}), reload);
  const mayToday = can('/admin/dashboard');
  const today = useData<Today>(mayToday ? () => call('/admin/dashboard', {}) : null, reload);
  const queues = QUEUES.filter((q) => can(q.path as AdminPath));

  return (
    <>
      <ScreenTitle title="Dashboard" note="Open queues, the day so far, solvency and the program pools." />
      <Panel title="Open queues">
        <Row gutter={[12, 12]}>
          {queues.map((q) => (
            <Col key={q.key} span={4}>
              <QueueCard q={q} />
            </Col>
          ))}
        </Row>
      </Panel>
      {mayToday && (today.loading || today.data) ? (
        <Panel title="Today" extra={today.data ? `since ${when(today.data.day_start)}` : null}>
          {today.data ? <TodayPanel today={today.data} /> : <Skeleton active paragraph={{ rows: 2 }} />}
        </Panel>
      ) : null}
      {today.data && today.data.hot_wallets.length > 0 ? (
        <Panel title="Hot wallets">
          <HotWallets list={today.data.hot_wallets} />
        </Panel>
      ) : null}
      <SolvencyPanels state={solvency} />
    </>
  );
}

/** Solvency per asset and the program pools, anything short in red (the dashboard shows both). */
export function SolvencyPanels({ state }: { state: { data?: Solvency; error?: string; loading: boolean } }) {
  if (state.loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (state.error || !state.data) {
    return <Alert type="error" showIcon message="Solvency could not be loaded" description={state.error} />;
  }
  const s = state.data;
  return (
    <>
      <AssetsPanel s={s} />
      <HoldsPanel s={s} />
      <LoansPanel s={s} />
      <PoolsTodayPanel s={s} />
      <ProgramPoolsPanel s={s} />
    </>
  );
}

/** An asset is in the red when short or its books do not balance. */
const bad = (r: { short: boolean; balanced?: boolean }) => r.short || r.balanced === false;

/** Each asset's user liabilities against its system accounts, with the ledger audit's findings above. */
function AssetsPanel({ s }: { s: Solvency }) {
  return (
    <Panel
      title="Solvency per asset"
      extra={
        s.healthy ? (
          <Tag color="green" data-testid="solvency-healthy">
            healthy
          </Tag>
        ) : (
          <Tag color="red" data-testid="solvency-healthy">
            attention
          </Tag>
        )
      }
    >
      {s.violations.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${s.violations.length} ledger audit finding(s)`}
          description={
            <ul style={{ margin: 0 }}>
              {s.violations.slice(0, 10).map((v) => (
                <li key={v} className="mono">
                  {v}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="asset"
        dataSource={s.assets}
        rowClassName={(r) => (bad(r) ? 'row-danger' : '')}
        locale={{ emptyText: <Empty description="No assets" /> }}
        expandable={{
          expandedRowRender: (r) => (
            <Table
              size="small"
              pagination={false}
              rowKey="name"
              dataSource={r.accounts}
              rowClassName={(a) => (a.short ? 'row-danger' : '')}
              columns={[
                { title: 'System account', dataIndex: 'name' },
                { title: 'Available', dataIndex: 'available', align: 'right' },
                { title: 'Frozen', dataIndex: 'frozen', align: 'right' },
                { title: 'Counter', render: (_, a) => (a.counter ? 'yes' : '') },
                { title: '', render: (_, a) => (a.short ? <Tag color="red">short</Tag> : null) },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Asset', dataIndex: 'asset' },
          {
            title: 'User liabilities',
            align: 'right',
            render: (_, r) => <Amount value={r.liabilities} danger={bad(r)} />,
          },
          {
            title: 'System accounts',
            align: 'right',
            render: (_, r) => <Amount value={r.system} danger={bad(r)} />,
          },
          {
            title: 'Balanced',
            render: (_, r) =>
              r.balanced ? <Tag color="green">balanced</Tag> : <Tag color="red">not balanced</Tag>,
          },
          { title: 'Short', render: (_, r) => (r.short ? <Tag color="red">short</Tag> : '—') },
        ]}
      />
    </Panel>
  );
}

/** Holds that the orders, positions and requests behind them do not justify (none when all is well). */
function HoldsPanel({ s }: { s: Solvency }) {
  return (
    <Panel
      title="Holds against the orders, positions and requests behind them"
      extra={
        s.holds.length === 0 ? (
          <Tag color="green" data-testid="holds-ok">
            every hold matches
          </Tag>
        ) : (
          <Tag color="red" data-testid="holds-ok">
            {s.holds.length} mismatch(es)
          </Tag>
        )
      }
    >
      {s.holds.length > 0 ? (
        <Table
          size="small"
          bordered
          pagination={false}
          rowKey={(r) => `${r.owner}:${r.kind}:${r.asset}`}
          dataSource={s.holds}
          rowClassName={() => 'row-danger'}
          columns={[
            { title: 'Account', render: (_, r) => `${r.owner} ${r.kind}` },
            { title: 'Asset', dataIndex: 'asset' },
            { title: 'Held', align: 'right', render: (_, r) => <Amount value={r.held} danger /> },
            { title: 'Justified', align: 'right', render: (_, r) => <Amount value={r.justified} /> },
          ]}
        />
      ) : null}
    </Panel>
  );
}

/** Open loans against the staking orders that secure them. */
function LoansPanel({ s }: { s: Solvency }) {
  return (
    <Panel title="Loans outstanding against their collateral">
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="id"
        dataSource={s.loans}
        rowClassName={(r) => (r.secured ? '' : 'row-danger')}
        locale={{ emptyText: <Empty description="No open loans" /> }}
        columns={[
          { title: 'Loan', dataIndex: 'id' },
          { title: 'User', dataIndex: 'user_id' },
          { title: 'Asset', dataIndex: 'asset' },
          { title: 'Lent', align: 'right', render: (_, r) => <Amount value={r.amount} /> },
          { title: 'Owed', align: 'right', render: (_, r) => <Amount value={r.due} danger={!r.secured} /> },
          { title: 'Staking order', dataIndex: 'collateral_id' },
          {
            title: 'Collateral',
            align: 'right',
            render: (_, r) => (r.collateral === null ? '—' : <Amount value={r.collateral} />),
          },
          {
            title: '',
            render: (_, r) =>
              r.secured ? <Tag color="green">secured</Tag> : <Tag color="red">unsecured</Tag>,
          },
        ]}
      />
    </Panel>
  );
}

/** What went in and out of each pool today, by cause, against its daily limit. */
function PoolsTodayPanel({ s }: { s: Solvency }) {
  return (
    <Panel title="Pools today: in and out by cause" extra={`since ${when(s.day_start)}`}>
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => `${r.name}:${r.asset}`}
        dataSource={s.pools}
        rowClassName={(r) => (r.over ? 'row-danger' : '')}
        locale={{ emptyText: <Empty description="No pool moved today" /> }}
        expandable={{
          expandedRowRender: (r) => (
            <Table
              size="small"
              pagination={false}
              rowKey="cause"
              dataSource={r.causes}
              columns={[
                { title: 'Cause', dataIndex: 'cause' },
                { title: 'In', dataIndex: 'inflow', align: 'right' },
                { title: 'Out', dataIndex: 'outflow', align: 'right' },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Pool', dataIndex: 'name' },
          { title: 'Asset', dataIndex: 'asset' },
          { title: 'In', align: 'right', render: (_, r) => <Amount value={r.inflow} /> },
          { title: 'Out', align: 'right', render: (_, r) => <Amount value={r.outflow} danger={r.over} /> },
          { title: 'Daily limit', align: 'right', render: (_, r) => r.limit ?? '—' },
          { title: 'Held now', align: 'right', render: (_, r) => <Amount value={r.balance} /> },
          { title: '', render: (_, r) => (r.over ? <Tag color="red">over the limit</Tag> : null) },
        ]}
      />
    </Panel>
  );
}

/** Every rewards program's pool: what it holds against what it owes. */
function ProgramPoolsPanel({ s }: { s: Solvency }) {
  return (
    <Panel title="Program pools: owed against held">
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => `${r.program}:${r.pool}`}
        dataSource={s.programs}
        rowClassName={(r) => (r.short ? 'row-danger' : '')}
        columns={[
          { title: 'Program', dataIndex: 'program' },
          { title: 'Pool', dataIndex: 'pool' },
          { title: 'Asset', dataIndex: 'asset' },
          {
            title: 'Held',
            align: 'right',
            render: (_, r) => <Amount value={r.pool_balance} danger={r.short} />,
          },
          { title: 'Owed', align: 'right', render: (_, r) => <Amount value={r.owed} danger={r.short} /> },
          { title: 'Paid', align: 'right', render: (_, r) => <Amount value={r.paid} /> },
          { title: 'Last settled day', render: (_, r) => r.last_period_day ?? '—' },
          { title: '', render: (_, r) => (r.short ? <Tag color="red">short</Tag> : null) },
        ]}
      />
    </Panel>
  );
}
