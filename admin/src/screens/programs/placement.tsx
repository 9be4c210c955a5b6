import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { type AskConfirm, useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { Amount, StatusTag, when } from '../../ui/format';
import { ProgramTable, useLoad } from './common';

interface RoundForm {
  name: string;
  asset: string;
  price: string;
  hard_cap: string;
  per_user_cap: string;
  min_amount: string;
  vesting_months: number;
  period: [{ toISOString: () => string }, { toISOString: () => string }];
}
type RoundStatus = 'active' | 'paused' | 'closed';
interface RoundRow {
  id: number;
  name: string;
  status: string;
  left: string;
  asset: string;
}

/** Placement rounds: what each sold and to how many, opening one (its cap issued), pausing and closing. */
export function PlacementPanel() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const rounds = useLoad(useCallback(() => call('/admin/placement/rounds', {}), [call]));
  const [adding, setAdding] = useState(false);
  const mayStatus = can('/admin/placement/roundStatus');

  const status = (id: number, s: RoundStatus) =>
    run(() => call('/admin/placement/roundStatus', { id, status: s }), 'Round updated').then((d) => {
      if (d) rounds.reload();
      return d !== null;
    });

  return (
    <>
      <ProgramTable
        title="Placement rounds"
        extra={
          can('/admin/placement/saveRound') ? (
            <Button onClick={() => setAdding(true)}>Open a round</Button>
          ) : null
        }
        rows={rounds.data?.list}
        loading={rounds.loading}
        error={rounds.error}
        rowKey={(r) => r.id}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          {
            title: 'Price',
            align: 'right',
            render: (_, r) => <Amount value={r.price} asset={r.pay_asset} />,
          },
          {
            title: 'Hard cap',
            align: 'right',
            render: (_, r) => <Amount value={r.hard_cap} asset={r.asset} />,
          },
          { title: 'Sold', align: 'right', render: (_, r) => <Amount value={r.sold} /> },
          { title: 'Left', align: 'right', render: (_, r) => <Amount value={r.left} /> },
          { title: 'Buyers', dataIndex: 'buyers', align: 'right' },
          { title: 'Vesting (months)', dataIndex: 'vesting_months', align: 'right' },
          { title: 'Starts', render: (_, r) => when(r.starts_at) },
          { title: 'Ends', render: (_, r) => when(r.ends_at) },
          { title: 'Status', render: (_, r) => <StatusTag status={r.status} /> },
          ...(mayStatus
            ? [
                {
                  title: '',
                  render: (_: unknown, r: RoundRow) => (
                    <RoundActions round={r} onStatus={status} ask={confirm.ask} />
                  ),
                },
              ]
            : []),
        ]}
      />
      <RoundDrawer
        open={adding}
        ask={confirm.ask}
        onClose={() => setAdding(false)}
        onOpened={() => {
          setAdding(false);
          rounds.reload();
        }}
      />
      {confirm.element}
    </>
  );
}

/** A round's buttons while it is not closed: pause or reopen, close (confirmed). */
function RoundActions(props: {
  round: RoundRow;
  onStatus: (id: number, s: RoundStatus) => Promise<boolean>;
  ask: AskConfirm;
}) {
  const { round: r, onStatus } = props;
  return r.status === 'closed' ? null : (
    <Space>
      <Button size="small" onClick={() => onStatus(r.id, r.status === 'active' ? 'paused' : 'active')}>
        {r.status === 'active' ? 'Pause' : 'Reopen'}
      </Button>
      <Button
        size="small"
        danger
        onClick={() =>
          props.ask({
            title: `Close round ${r.name}`,
            summary: `For good: the ${r.left} ${r.asset} it did not sell goes back to the platform's capital.`,
            okText: 'Close round',
            danger: true,
            action: () => onStatus(r.id, 'closed'),
          })
        }
      >
        Close
      </Button>
    </Space>
  );
}

/** Opening a round: its terms, and its hard cap issued from the platform's capital (confirmed). */
function RoundDrawer(props: { open: boolean; ask: AskConfirm; onClose: () => void; onOpened: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  return (
    <FormDrawer<RoundForm>
      open={props.open}
      title="Open a placement round"
      initial={{ asset: 'NEU', vesting_months: 12 }}
      onClose={props.onClose}
      onSubmit={(v) => {
        const body = {
          name: v.name,
          asset: v.asset,
          price: v.price,
          hard_cap: v.hard_cap,
          per_user_cap: v.per_user_cap,
          min_amount: v.min_amount,
          vesting_months: v.vesting_months,
          starts_at: v.period[0].toISOString(),
          ends_at: v.period[1].toISOString(),
        };
        props.ask({
          title: 'Open a placement round',
          summary: `${v.hard_cap} ${v.asset} is issued from the platform's capital into the round's supply, sold at ${v.price} each.`,
          okText: 'Open round',
          action: async () => {
            const done = await run(() => call('/admin/placement/saveRound', body), 'Round opened');
            if (done) props.onOpened();
            return done !== null;
          },
        });
      }}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, max: 60 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="asset" label="Token" rules={[{ required: true, max: 10 }]}>
        <Input />
      </Form.Item>
      <AmountField name="price" label="Price (USDT)" />
      <AmountField name="hard_cap" label="Hard cap (tokens)" />
      <AmountField name="per_user_cap" label="Per-user cap" />
      <AmountField name="min_amount" label="Least one may buy" />
      <Form.Item name="vesting_months" label="Vesting (months)" rules={[{ required: true }]}>
        <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="period" label="Runs from / to" rules={[{ required: true }]}>
        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </FormDrawer>
  );
}
