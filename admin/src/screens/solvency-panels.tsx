/**
 * Solvency as the dashboard shows it: per asset (liabilities against system accounts, the audit's findings),
 * the holds against what is behind them, loans against their collateral, the pools' day by cause, and every
 * rewards program's pool against what it owes; anything short or unbalanced in red.
 */
import type { ResponseData } from '@nexa/contract';
import { Alert, Card, Empty, Skeleton, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Amount, when } from '../ui/format';

type Solvency = ResponseData<'/admin/solvency'>;

function Panel(props: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title={props.title} extra={props.extra} size="small" style={{ marginBottom: 16 }}>
      {props.children}
    </Card>
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
