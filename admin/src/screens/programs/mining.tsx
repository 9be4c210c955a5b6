import type { ResponseData } from '@nexa/contract';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { type AskConfirm, useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { Amount, StatusTag, when } from '../../ui/format';
import { type Loaded, ProgramTable, useLoad } from './common';

type Lines = ResponseData<'/admin/mining/lines'>;
type Machine = ResponseData<'/admin/mining/machines'>['list'][number];
type MachineStatus = 'active' | 'paused' | 'closed';

interface MachineForm {
  id?: number;
  name: string;
  price: string;
  power: string;
  bonus_power: string;
  term_days: number;
  stock: number | null;
  sort: number;
}

/** Mining: each line's output pool against what it owes, funding, and each line's machines (save, status). */
export function MiningPanel() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const lines = useLoad(useCallback(() => call('/admin/mining/lines', {}), [call]));
  const [line, setLine] = useState('main');
  const machines = useLoad(useCallback(() => call('/admin/mining/machines', { line }), [call, line]));
  const [machine, setMachine] = useState<Partial<MachineForm> | null>(null);
  const [funding, setFunding] = useState<string | null>(null);

  const setStatus = async (id: number, status: MachineStatus) => {
    if (await run(() => call('/admin/mining/machineStatus', { id, status }), 'Machine updated'))
      machines.reload();
  };

  return (
    <>
      <LinesTable lines={lines} onFund={can('/admin/mining/fund') ? setFunding : null} />
      <ProgramTable
        title="Machines"
        extra={
          <Space>
            <Select
              value={line}
              onChange={setLine}
              style={{ width: 140 }}
              options={(lines.data?.list ?? [{ line: 'main' }]).map((l) => ({ value: l.line }))}
            />
            {can('/admin/mining/saveMachine') ? (
              <Button onClick={() => setMachine({ bonus_power: '0', sort: 0, stock: null })}>
                Add machine
              </Button>
            ) : null}
          </Space>
        }
        rows={machines.data?.list}
        loading={machines.loading}
        error={machines.error}
        rowKey={(r) => r.id}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          {
            title: 'Price',
            align: 'right',
            render: (_, r) => <Amount value={r.price} asset={r.pay_asset} />,
          },
          { title: 'Power', dataIndex: 'power', align: 'right' },
          { title: 'Bonus', dataIndex: 'bonus_power', align: 'right' },
          { title: 'Term (days)', dataIndex: 'term_days', align: 'right' },
          { title: 'Stock', render: (_, r) => r.stock ?? '∞', align: 'right' },
          { title: 'Sold', dataIndex: 'sold', align: 'right' },
          { title: 'Status', render: (_, r) => <StatusTag status={r.status} /> },
          {
            title: '',
            render: (_, r) => (
              <MachineActions machine={r} onEdit={setMachine} onStatus={setStatus} ask={confirm.ask} />
            ),
          },
        ]}
      />
      <MachineDrawer
        machine={machine}
        line={line}
        onClose={() => setMachine(null)}
        onSaved={() => {
          setMachine(null);
          machines.reload();
        }}
      />
      <FundDrawer
        line={funding}
        ask={confirm.ask}
        onClose={() => setFunding(null)}
        onFunded={() => {
          setFunding(null);
          lines.reload();
        }}
      />
      {confirm.element}
    </>
  );
}

/** Each line's output pool against what it owes; with `onFund`, a button to fund a line. */
function LinesTable(props: { lines: Loaded<Lines>; onFund: ((line: string) => void) | null }) {
  const { lines, onFund } = props;
  return (
    <ProgramTable
      title="Lines: output pools"
      rows={lines.data?.list}
      loading={lines.loading}
      error={lines.error}
      rowKey={(r) => r.line}
      rowDanger={(r) => Number(r.pool_balance) < Number(r.queued)}
      columns={[
        { title: 'Line', dataIndex: 'line' },
        {
          title: 'Daily emission',
          align: 'right',
          render: (_, r) => <Amount value={r.daily_emission} asset={r.asset} />,
        },
        { title: 'Held', align: 'right', render: (_, r) => <Amount value={r.pool_balance} /> },
        { title: 'Queued (owed)', align: 'right', render: (_, r) => <Amount value={r.queued} /> },
        { title: 'Paid', align: 'right', render: (_, r) => <Amount value={r.paid} /> },
        { title: 'Network power', dataIndex: 'network', align: 'right' },
        { title: 'Last settled', render: (_, r) => when(r.last_period_day) },
        ...(onFund
          ? [
              {
                title: '',
                render: (_: unknown, r: { line: string }) => (
                  <Button size="small" onClick={() => onFund(r.line)}>
                    Fund
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** A machine row's buttons, as the operator's roles allow: edit, pause or put on sale, close (confirmed). */
function MachineActions(props: {
  machine: Machine;
  onEdit: (machine: Partial<MachineForm>) => void;
  onStatus: (id: number, status: MachineStatus) => Promise<void>;
  ask: AskConfirm;
}) {
  const { can } = useConsole();
  const { machine: r, onStatus } = props;
  return (
    <Space>
      {can('/admin/mining/saveMachine') ? (
        <Button size="small" onClick={() => props.onEdit(r)}>
          Edit
        </Button>
      ) : null}
      {can('/admin/mining/machineStatus') && r.status !== 'closed' ? (
        <>
          <Button size="small" onClick={() => onStatus(r.id, r.status === 'active' ? 'paused' : 'active')}>
            {r.status === 'active' ? 'Pause sale' : 'Put on sale'}
          </Button>
          <Button
            size="small"
            danger
            onClick={() =>
              props.ask({
                title: `Close ${r.name}`,
                summary: 'The machine leaves the catalogue for good; running orders run their term.',
                okText: 'Close',
                danger: true,
                action: async () => {
                  await onStatus(r.id, 'closed');
                  return true;
                },
              })
            }
          >
            Close
          </Button>
        </>
      ) : null}
    </Space>
  );
}

/** A machine of the line shown: a new one, or one to change. */
function MachineDrawer(props: {
  machine: Partial<MachineForm> | null;
  line: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { call } = useConsole();
  const run = useAction();
  const { machine, line } = props;
  return (
    <FormDrawer<MachineForm>
      open={machine !== null}
      title={machine?.id ? `Machine #${machine.id}` : `Add a machine to ${line}`}
      initial={machine ?? undefined}
      submitText="Save"
      onClose={props.onClose}
      onSubmit={async (v) => {
        const body = { ...v, id: machine?.id, line, stock: v.stock ?? null };
        if (await run(() => call('/admin/mining/saveMachine', body), 'Machine saved')) props.onSaved();
      }}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, max: 60 }]}>
        <Input />
      </Form.Item>
      <AmountField name="price" label="Price" />
      <AmountField name="power" label="Power" />
      <Form.Item name="bonus_power" label="Bonus power" rules={[{ pattern: /^\d+(\.\d+)?$/ }]}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="term_days" label="Term (days)" rules={[{ required: true }]}>
        <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="stock" label="Stock (empty: unlimited)">
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="sort" label="Sort">
        <InputNumber min={0} max={10000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDrawer>
  );
}

/** Funding one line's output pool from the platform's capital, confirmed with a reason. */
function FundDrawer(props: {
  line: string | null;
  ask: AskConfirm;
  onClose: () => void;
  onFunded: () => void;
}) {
  const { call } = useConsole();
  const run = useAction();
  const funding = props.line;
  return (
    <FormDrawer<{ amount: string }>
      open={funding !== null}
      title={`Fund the ${funding ?? ''} line's output pool`}
      onClose={props.onClose}
      onSubmit={(v) =>
        funding &&
        props.ask({
          title: 'Fund a mining line',
          summary: `${v.amount} moves from the platform's capital into the ${funding} line's output pool.`,
          okText: 'Fund',
          action: async (reason) => {
            const done = await run(
              () => call('/admin/mining/fund', { line: funding, amount: v.amount, reason }),
              'Line funded',
            );
            if (done) props.onFunded();
            return done !== null;
          },
        })
      }
    >
      <AmountField />
    </FormDrawer>
  );
}
