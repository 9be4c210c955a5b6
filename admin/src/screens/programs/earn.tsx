import type { ResponseData } from '@nexa/contract';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { type AskConfirm, useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { Amount, StatusTag, when } from '../../ui/format';
import { type Loaded, ProgramTable, useLoad } from './common';

interface PlanForm {
  days: number;
  apr: string;
  status: 'active' | 'paused';
}
interface FundForm {
  pool: 'pledge' | 'burn' | 'loans';
  line: 'main' | 'neu';
  amount: string;
}
type PlanSave = PlanForm | (Omit<PlanForm, 'status'> & { status: 'closed' });

/** Staking: every rewards program's pool against its queue, the plans (add, change, pause, close), funding. */
export function EarnPanel() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const programs = useLoad(useCallback(() => call('/admin/earn/programs', {}), [call]));
  const plans = useLoad(useCallback(() => call('/admin/earn/plans', {}), [call]));
  const [plan, setPlan] = useState<Partial<PlanForm> | null>(null);
  const [funding, setFunding] = useState(false);

  const save = async (v: PlanSave) => {
    const done = await run(() => call('/admin/earn/savePlan', v), 'Plan saved');
    if (done) {
      setPlan(null);
      plans.reload();
    }
    return done !== null;
  };

  return (
    <>
      <PoolsTable programs={programs} onFund={can('/admin/earn/fund') ? () => setFunding(true) : null} />
      <PlansTable
        plans={plans}
        onEdit={can('/admin/earn/savePlan') ? setPlan : null}
        onSave={save}
        ask={confirm.ask}
      />
      <PlanDrawer plan={plan} onClose={() => setPlan(null)} onSave={save} />
      <FundDrawer
        open={funding}
        ask={confirm.ask}
        onClose={() => setFunding(false)}
        onFunded={() => {
          setFunding(false);
          programs.reload();
        }}
      />
      {confirm.element}
    </>
  );
}

/** Each program's pool against what it owes; the pool funding button where the operator may fund. */
function PoolsTable(props: {
  programs: Loaded<ResponseData<'/admin/earn/programs'>>;
  onFund: (() => void) | null;
}) {
  const { programs, onFund } = props;
  return (
    <ProgramTable
      title="Programs: pools and queues"
      testId="earn-programs"
      extra={
        onFund ? (
          <Button type="primary" onClick={onFund}>
            Fund a pool
          </Button>
        ) : null
      }
      rows={programs.data?.list}
      loading={programs.loading}
      error={programs.error}
      rowKey={(r) => `${r.program}:${r.pool}`}
      rowDanger={(r) => Number(r.pool_balance) < Number(r.queued)}
      columns={[
        { title: 'Program', dataIndex: 'program' },
        { title: 'Pool', dataIndex: 'pool' },
        {
          title: 'Held',
          align: 'right',
          render: (_, r) => <Amount value={r.pool_balance} asset={r.asset} />,
        },
        { title: 'Queued (owed)', align: 'right', render: (_, r) => <Amount value={r.queued} /> },
        { title: 'Paid', align: 'right', render: (_, r) => <Amount value={r.paid} /> },
        { title: 'Open runs', dataIndex: 'runs_open', align: 'right' },
        { title: 'Last settled', render: (_, r) => when(r.last_period_day) },
      ]}
    />
  );
}

/** The staking plans; with `onEdit` (the operator may save plans), adding, editing, pausing and closing. */
function PlansTable(props: {
  plans: Loaded<ResponseData<'/admin/earn/plans'>>;
  onEdit: ((plan: Partial<PlanForm>) => void) | null;
  onSave: (v: PlanSave) => Promise<boolean>;
  ask: AskConfirm;
}) {
  const { plans, onEdit, onSave, ask } = props;
  return (
    <ProgramTable
      title="Staking plans"
      extra={
        onEdit ? (
          <Button onClick={() => onEdit({ status: 'active' })} data-testid="plan-add">
            Add plan
          </Button>
        ) : null
      }
      rows={plans.data?.list}
      loading={plans.loading}
      error={plans.error}
      rowKey={(r) => r.days}
      columns={[
        { title: 'Days', dataIndex: 'days', align: 'right' },
        { title: 'APR', dataIndex: 'apr', align: 'right' },
        { title: 'Status', render: (_, r) => <StatusTag status={r.status} /> },
        { title: 'Orders', dataIndex: 'orders', align: 'right' },
        { title: 'Staked', align: 'right', render: (_, r) => <Amount value={r.staked} /> },
        ...(onEdit
          ? [
              {
                title: '',
                render: (_: unknown, r: PlanForm) => (
                  <PlanActions plan={r} onEdit={onEdit} onSave={onSave} ask={ask} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** A plan row's buttons: edit, pause or resume, close (confirmed). */
function PlanActions(props: {
  plan: PlanForm;
  onEdit: (plan: Partial<PlanForm>) => void;
  onSave: (v: PlanSave) => Promise<boolean>;
  ask: AskConfirm;
}) {
  const { plan: r, onEdit, onSave, ask } = props;
  return (
    <Space>
      <Button size="small" onClick={() => onEdit(r)}>
        Edit
      </Button>
      <Button
        size="small"
        onClick={() => onSave({ ...r, status: r.status === 'active' ? 'paused' : 'active' })}
      >
        {r.status === 'active' ? 'Pause' : 'Resume'}
      </Button>
      <Button
        size="small"
        danger
        onClick={() =>
          ask({
            title: `Close the ${r.days}-day plan`,
            summary: 'The plan is removed from sale; its running orders run their term.',
            okText: 'Close plan',
            danger: true,
            action: () => onSave({ days: r.days, apr: r.apr, status: 'closed' }),
          })
        }
      >
        Close
      </Button>
    </Space>
  );
}

/** The plan form: a new plan, or one plan's APR and status (its days fixed). */
function PlanDrawer(props: {
  plan: Partial<PlanForm> | null;
  onClose: () => void;
  onSave: (v: PlanForm) => Promise<boolean>;
}) {
  const { plan } = props;
  return (
    <FormDrawer<PlanForm>
      open={plan !== null}
      title={plan?.days ? `The ${plan.days}-day plan` : 'Add a plan'}
      initial={plan ?? undefined}
      submitText="Save"
      onClose={props.onClose}
      onSubmit={(v) => props.onSave(v)}
    >
      <Form.Item name="days" label="Days" rules={[{ required: true }]}>
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          style={{ width: '100%' }}
          disabled={Boolean(plan?.days)}
        />
      </Form.Item>
      <Form.Item
        name="apr"
        label="APR (a fraction: 0.12 is 12%)"
        rules={[{ required: true, pattern: /^0(\.\d{1,8})?$/, message: 'Between 0 and 1, up to 8 decimals' }]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="status" label="Status" rules={[{ required: true }]}>
        <Select options={[{ value: 'active' }, { value: 'paused' }]} />
      </Form.Item>
    </FormDrawer>
  );
}

/** Funding a staking pool from the platform's capital, confirmed with a reason. */
function FundDrawer(props: { open: boolean; ask: AskConfirm; onClose: () => void; onFunded: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  return (
    <FormDrawer<FundForm>
      open={props.open}
      title="Fund a staking pool"
      initial={{ pool: 'pledge', line: 'main' }}
      onClose={props.onClose}
      onSubmit={(v) =>
        props.ask({
          title: 'Fund a staking pool',
          summary: `${v.amount} moves from the platform's capital into the ${v.pool} pool of the ${v.line} line.`,
          okText: 'Fund',
          action: async (reason) => {
            const done = await run(() => call('/admin/earn/fund', { ...v, reason }), 'Pool funded');
            if (done) props.onFunded();
            return done !== null;
          },
        })
      }
    >
      <Form.Item name="pool" label="Pool" rules={[{ required: true }]}>
        <Select options={[{ value: 'pledge' }, { value: 'burn' }, { value: 'loans' }]} />
      </Form.Item>
      <Form.Item name="line" label="Line" rules={[{ required: true }]}>
        <Select options={[{ value: 'main' }, { value: 'neu', label: 'neu (pays NEU)' }]} />
      </Form.Item>
      <AmountField />
    </FormDrawer>
  );
}
