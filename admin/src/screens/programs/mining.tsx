import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { Amount, StatusTag, when } from '../../ui/format';
import { ProgramTable, useLoad } from './common';

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
  const mayFund = can('/admin/mining/fund');
  const maySave = can('/admin/mining/saveMachine');
  const mayStatus = can('/admin/mining/machineStatus');

  const setStatus = async (id: number, status: 'active' | 'paused' | 'closed') => {
    if (await run(() => call('/admin/mining/machineStatus', { id, status }), 'Machine updated'))
      machines.reload();
  };

  return (
    <>
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
          ...(mayFund
            ? [
                {
                  title: '',
                  render: (_: unknown, r: { line: string }) => (
                    <Button size="small" onClick={() => setFunding(r.line)}>
                      Fund
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
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
            {maySave ? (
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
              <Space>
                {maySave ? (
                  <Button size="small" onClick={() => setMachine(r)}>
                    Edit
                  </Button>
                ) : null}
                {mayStatus && r.status !== 'closed' ? (
                  <>
                    <Button
                      size="small"
                      onClick={() => setStatus(r.id, r.status === 'active' ? 'paused' : 'active')}
                    >
                      {r.status === 'active' ? 'Pause sale' : 'Put on sale'}
                    </Button>
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        confirm.ask({
                          title: `Close ${r.name}`,
                          summary:
                            'The machine leaves the catalogue for good; running orders run their term.',
                          okText: 'Close',
                          danger: true,
                          action: async () => {
                            await setStatus(r.id, 'closed');
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
            ),
          },
        ]}
      />
      <FormDrawer<MachineForm>
        open={machine !== null}
        title={machine?.id ? `Machine #${machine.id}` : `Add a machine to ${line}`}
        initial={machine ?? undefined}
        submitText="Save"
        onClose={() => setMachine(null)}
        onSubmit={async (v) => {
          const body = { ...v, id: machine?.id, line, stock: v.stock ?? null };
          if (await run(() => call('/admin/mining/saveMachine', body), 'Machine saved')) {
            setMachine(null);
            machines.reload();
          }
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
      <FormDrawer<{ amount: string }>
        open={funding !== null}
        title={`Fund the ${funding ?? ''} line's output pool`}
        onClose={() => setFunding(null)}
        onSubmit={(v) =>
          funding &&
          confirm.ask({
            title: 'Fund a mining line',
            summary: `${v.amount} moves from the platform's capital into the ${funding} line's output pool.`,
            okText: 'Fund',
            action: async (reason) => {
              const done = await run(
                () => call('/admin/mining/fund', { line: funding, amount: v.amount, reason }),
                'Line funded',
              );
              if (done) {
                setFunding(null);
                lines.reload();
              }
              return done !== null;
            },
          })
        }
      >
        <AmountField />
      </FormDrawer>
      {confirm.element}
    </>
  );
}
