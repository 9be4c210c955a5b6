import { Button, Descriptions, Form, Input, InputNumber, Select, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { Amount, StatusTag } from '../../ui/format';
import { ProgramTable, useLoad } from './common';

interface PoolForm {
  id?: number;
  collection_id: number;
  name: string;
  daily_budget: string;
  status: 'active' | 'paused' | 'closed';
}
interface CollectionForm {
  name: string;
  symbol: string;
  kind: 'art' | 'nameplate';
  fee: string;
  cap: number | null;
}

/** NFT pools and the liquidity pool: budgets against what they paid and owe, the rewards accounts, funding. */
export function NftPanel() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const pools = useLoad(useCallback(() => call('/admin/nft/pools', {}), [call]));
  const [pool, setPool] = useState<Partial<PoolForm> | null>(null);
  const [collection, setCollection] = useState(false);
  const [funding, setFunding] = useState(false);
  const maySavePool = can('/admin/nft/savePool');
  const mayCollection = can('/admin/nft/saveCollection');
  const mayFund = can('/admin/nft/fund');
  const lp = pools.data?.lp;

  return (
    <>
      <ProgramTable
        title="NFT pools"
        extra={
          <Space>
            {mayCollection ? <Button onClick={() => setCollection(true)}>Add collection</Button> : null}
            {maySavePool ? <Button onClick={() => setPool({ status: 'active' })}>Open a pool</Button> : null}
            {mayFund ? (
              <Button type="primary" onClick={() => setFunding(true)}>
                Fund
              </Button>
            ) : null}
          </Space>
        }
        rows={pools.data?.list}
        loading={pools.loading}
        error={pools.error}
        rowKey={(r) => r.id}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Collection', dataIndex: 'collection_id' },
          {
            title: 'Daily budget',
            align: 'right',
            render: (_, r) => <Amount value={r.daily_budget} asset={r.asset} />,
          },
          { title: 'Staked weight', dataIndex: 'staked_weight', align: 'right' },
          { title: 'Paid', align: 'right', render: (_, r) => <Amount value={r.paid} /> },
          { title: 'Queued (owed)', align: 'right', render: (_, r) => <Amount value={r.queued} /> },
          { title: 'Status', render: (_, r) => <StatusTag status={r.status} /> },
          ...(maySavePool
            ? [
                {
                  title: '',
                  render: (_: unknown, r: PoolForm) => (
                    <Button size="small" onClick={() => setPool(r)}>
                      Edit
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ProgramTable
        title="Rewards accounts"
        rows={pools.data?.accounts}
        loading={pools.loading}
        error={pools.error}
        rowKey={(r) => r.account}
        columns={[
          { title: 'Account', dataIndex: 'account' },
          {
            title: 'Balance',
            align: 'right',
            render: (_, r) => <Amount value={r.balance} asset={r.asset} />,
          },
        ]}
      />
      {lp ? (
        <Descriptions title="Liquidity pool" size="small" bordered column={4}>
          <Descriptions.Item label="Daily budget">{lp.daily_budget}</Descriptions.Item>
          <Descriptions.Item label="Paid">{lp.paid}</Descriptions.Item>
          <Descriptions.Item label="Queued">{lp.queued}</Descriptions.Item>
          <Descriptions.Item label="Total value">{lp.total_value}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <FormDrawer<PoolForm>
        open={pool !== null}
        title={pool?.id ? `Pool #${pool.id}` : 'Open a pool'}
        initial={pool ?? undefined}
        submitText="Save"
        onClose={() => setPool(null)}
        onSubmit={(v) => {
          const body = { ...v, id: pool?.id };
          const save = async () => {
            const done = await run(() => call('/admin/nft/savePool', body), 'Pool saved');
            if (done) {
              setPool(null);
              pools.reload();
            }
            return done !== null;
          };
          if (v.status === 'closed') {
            confirm.ask({
              title: `Close pool ${v.name}`,
              summary: 'The pool stops paying; its staked NFTs go back to their owners.',
              okText: 'Close pool',
              danger: true,
              action: save,
            });
          } else void save();
        }}
      >
        <Form.Item name="collection_id" label="Collection ID" rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} disabled={Boolean(pool?.id)} />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <AmountField name="daily_budget" label="Daily budget" />
        <Form.Item name="status" label="Status" rules={[{ required: true }]}>
          <Select options={[{ value: 'active' }, { value: 'paused' }, { value: 'closed' }]} />
        </Form.Item>
      </FormDrawer>
      <FormDrawer<CollectionForm>
        open={collection}
        title="Add a collection"
        initial={{ kind: 'art', cap: null }}
        submitText="Save"
        onClose={() => setCollection(false)}
        onSubmit={async (v) => {
          if (
            await run(
              () => call('/admin/nft/saveCollection', { ...v, cap: v.cap ?? null }),
              'Collection added',
            )
          ) {
            setCollection(false);
            pools.reload();
          }
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="symbol" label="Symbol" rules={[{ required: true, max: 10 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label="Kind" rules={[{ required: true }]}>
          <Select options={[{ value: 'art' }, { value: 'nameplate' }]} />
        </Form.Item>
        <AmountField name="fee" label="Casting fee" />
        <Form.Item name="cap" label="Cap (empty: none)">
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormDrawer>
      <FormDrawer<{ account: 'nft' | 'lp'; amount: string }>
        open={funding}
        title="Fund a rewards account"
        initial={{ account: 'nft' }}
        onClose={() => setFunding(false)}
        onSubmit={(v) =>
          confirm.ask({
            title: 'Fund a rewards account',
            summary: `${v.amount} moves from the platform's capital into the ${v.account === 'nft' ? 'NFT pools' : 'liquidity pool'}' rewards account.`,
            okText: 'Fund',
            action: async (reason) => {
              const done = await run(() => call('/admin/nft/fund', { ...v, reason }), 'Account funded');
              if (done) {
                setFunding(false);
                pools.reload();
              }
              return done !== null;
            },
          })
        }
      >
        <Form.Item name="account" label="Account" rules={[{ required: true }]}>
          <Select
            options={[
              { value: 'nft', label: 'NFT pools' },
              { value: 'lp', label: 'Liquidity pool' },
            ]}
          />
        </Form.Item>
        <AmountField />
      </FormDrawer>
      {confirm.element}
    </>
  );
}
