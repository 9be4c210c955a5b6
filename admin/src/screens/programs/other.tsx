import { Button, Card, Form, Input, InputNumber, Segmented, Space, Statistic } from 'antd';
import { useCallback, useState } from 'react';
import type { ListItem } from '../../api';
import { useAction, useConsole } from '../../console';
import { useConfirmWithReason } from '../../ui/confirm-with-reason';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { AmountField } from '../../ui/form-drawer';
import { Amount, StatusTag, when } from '../../ui/format';

/** The NEU line's SPA exchange fund: funded from the platform's capital. */
export function NeuPanel() {
  const { call } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [fund, setFund] = useState<string | null>(null);
  const [form] = Form.useForm<{ amount: string }>();
  return (
    <Card size="small" title="NEU exchange fund" style={{ maxWidth: 560 }}>
      {fund ? <Statistic title="Fund now" value={fund} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          confirm.ask({
            title: 'Fund the NEU exchange fund',
            summary: `${v.amount} moves from the platform's capital into the NEU line's SPA exchange fund.`,
            okText: 'Fund',
            action: async (reason) => {
              const done = await run(() => call('/admin/neu/fund', { ...v, reason }), 'NEU fund funded');
              if (done) {
                setFund(`${done.fund} ${done.asset}`);
                form.resetFields();
              }
              return done !== null;
            },
          })
        }
      >
        <AmountField />
        <Button type="primary" htmlType="submit">
          Continue
        </Button>
      </Form>
      {confirm.element}
    </Card>
  );
}

type Claim = ListItem<'/admin/insurance/claims'>;

const CLAIMS: readonly DataColumn<Claim>[] = [
  { key: 'id', title: 'ID', value: (c) => c.id, sort: true },
  {
    key: 'created',
    title: 'Claimed',
    value: (c) => c.created_at,
    render: (c) => when(c.created_at),
    sort: true,
  },
  { key: 'uid', title: 'User UID', value: (c) => c.uid, filter: true },
  { key: 'inst', title: 'Contract', value: (c) => c.instId, filter: true },
  { key: 'kind', title: 'Kind', value: (c) => c.kind, filter: true },
  { key: 'loss', title: 'Loss', value: (c) => c.loss, align: 'right' },
  { key: 'covered', title: 'Covered loss', value: (c) => c.covered_loss, align: 'right', hidden: true },
  {
    key: 'amount',
    title: 'Compensation',
    value: (c) => c.amount,
    render: (c) => <Amount value={c.amount} />,
    align: 'right',
    sort: true,
  },
  { key: 'status', title: 'Status', value: (c) => c.status, render: (c) => <StatusTag status={c.status} /> },
  { key: 'paid', title: 'Paid', value: (c) => c.paid_at, render: (c) => when(c.paid_at), hidden: true },
];

/** Insurance compensations: those waiting for the pool to hold enough, oldest first, and those paid. */
export function ClaimsPanel() {
  const { call } = useConsole();
  const [status, setStatus] = useState<'queued' | 'paid'>('queued');
  const [pool, setPool] = useState<{ pool: string; queued_total: string } | null>(null);
  const load = useCallback(
    async (page: number, size: number) => {
      const data = await call('/admin/insurance/claims', { status, page, size });
      setPool({ pool: data.pool, queued_total: data.queued_total });
      return data;
    },
    [call, status],
  );
  return (
    <>
      {pool ? (
        <Space size="large" style={{ marginBottom: 12 }}>
          <Statistic title="Insurance pool (USDT)" value={pool.pool} />
          <Statistic
            title="Waiting (USDT)"
            value={pool.queued_total}
            valueStyle={{ color: Number(pool.pool) < Number(pool.queued_total) ? '#cf1322' : undefined }}
          />
        </Space>
      ) : null}
      <DataTable
        id="insurance-claims"
        load={load}
        columns={CLAIMS}
        rowKey={(c) => c.id}
        emptyText="No claims in this state"
        toolbar={
          <Segmented<'queued' | 'paid'>
            value={status}
            onChange={setStatus}
            options={[
              { label: 'Waiting', value: 'queued' },
              { label: 'Paid', value: 'paid' },
            ]}
          />
        }
      />
    </>
  );
}

/** Physical cards: mark one shipped with its tracking number (the issuer sends the activation code with it). */
export function CardsPanel() {
  const { call } = useConsole();
  const run = useAction();
  const [form] = Form.useForm<{ card_id: number; tracking: string }>();
  return (
    <Card size="small" title="Ship a physical card" style={{ maxWidth: 560 }}>
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          if (
            await run(
              () => call('/admin/cards/ship', { ...v, tracking: v.tracking.trim() }),
              'Card marked shipped',
            )
          ) {
            form.resetFields();
          }
        }}
      >
        <Form.Item name="card_id" label="Card ID" rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="tracking" label="Tracking number" rules={[{ required: true, min: 3, max: 40 }]}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Mark shipped
        </Button>
      </Form>
    </Card>
  );
}
