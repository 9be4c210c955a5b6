import type { ResponseData } from '@nexa/contract';
import { Button, Descriptions, Form, Input, InputNumber, Select, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../../console';
import { type AskConfirm, useConfirmWithReason } from '../../ui/confirm-with-reason';
import { AmountField, FormDrawer } from '../../ui/form-drawer';
import { Amount, StatusTag } from '../../ui/format';
import { type Loaded, ProgramTable, useLoad } from './common';

type Pools = ResponseData<'/admin/nft/pools'>;

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
  const { call } = useConsole();
  const confirm = useConfirmWithReason();
  const pools = useLoad(useCallback(() => call('/admin/nft/pools', {}), [call]));
  const [pool, setPool] = useState<Partial<PoolForm> | null>(null);
  const [collection, setCollection] = useState(false);
  const [funding, setFunding] = useState(false);
  const lp = pools.data?.lp;

  return (
    <>
      <PoolsTable
        pools={pools}
        onPool={setPool}
        onCollection={() => setCollection(true)}
        onFund={() => setFunding(true)}
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
      <PoolDrawer
        pool={pool}
        ask={confirm.ask}
        onClose={() => setPool(null)}
        onSaved={() => {
          setPool(null);
          pools.reload();
        }}
      />
      <CollectionDrawer
        open={collection}
        onClose={() => setCollection(false)}
        onSaved={() => {
          setCollection(false);
          pools.reload();
        }}
      />
      <FundDrawer
        open={funding}
        ask={confirm.ask}
        onClose={() => setFunding(false)}
        onFunded={() => {
          setFunding(false);
          pools.reload();
        }}
      />
      {confirm.element}
    </>
  );
}

/** The NFT pools, with the buttons the operator's roles allow: add a collection, open or edit a pool, fund. */
function PoolsTable(props: {
  pools: Loaded<Pools>;
  onPool: (pool: Partial<PoolForm>) => void;
  onCollection: () => void;
  onFund: () => void;
}) {
  const { can } = useConsole();
  const { pools, onPool } = props;
  const maySavePool = can('/admin/nft/savePool');
  return (
    <ProgramTable
      title="NFT pools"
      extra={
        <Space>
          {can('/admin/nft/saveCollection') ? (
            <Button onClick={props.onCollection}>Add collection</Button>
          ) : null}
          {maySavePool ? <Button onClick={() => onPool({ status: 'active' })}>Open a pool</Button> : null}
          {can('/admin/nft/fund') ? (
            <Button type="primary" onClick={props.onFund}>
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
                  <Button size="small" onClick={() => onPool(r)}>
                    Edit
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** A pool: a new one, or one to change; closing one is confirmed with a reason. */
function PoolDrawer(props: {
  pool: Partial<PoolForm> | null;
  ask: AskConfirm;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { call } = useConsole();
  const run = useAction();
  const { pool } = props;
  return (
    <FormDrawer<PoolForm>
      open={pool !== null}
      title={pool?.id ? `Pool #${pool.id}` : 'Open a pool'}
      initial={pool ?? undefined}
      submitText="Save"
      onClose={props.onClose}
      onSubmit={(v) => {
        const body = { ...v, id: pool?.id };
        const save = async () => {
          const done = await run(() => call('/admin/nft/savePool', body), 'Pool saved');
          if (done) props.onSaved();
          return done !== null;
        };
        if (v.status === 'closed') {
          props.ask({
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
  );
}

/** A new collection: its name, symbol, kind, casting fee and cap. */
function CollectionDrawer(props: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  return (
    <FormDrawer<CollectionForm>
      open={props.open}
      title="Add a collection"
      initial={{ kind: 'art', cap: null }}
      submitText="Save"
      onClose={props.onClose}
      onSubmit={async (v) => {
        if (
          await run(() => call('/admin/nft/saveCollection', { ...v, cap: v.cap ?? null }), 'Collection added')
        )
          props.onSaved();
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
  );
}

/** Funding a rewards account (the NFT pools' or the liquidity pool's) from the platform's capital. */
function FundDrawer(props: { open: boolean; ask: AskConfirm; onClose: () => void; onFunded: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  return (
    <FormDrawer<{ account: 'nft' | 'lp'; amount: string }>
      open={props.open}
      title="Fund a rewards account"
      initial={{ account: 'nft' }}
      onClose={props.onClose}
      onSubmit={(v) =>
        props.ask({
          title: 'Fund a rewards account',
          summary: `${v.amount} moves from the platform's capital into the ${v.account === 'nft' ? 'NFT pools' : 'liquidity pool'}' rewards account.`,
          okText: 'Fund',
          action: async (reason) => {
            const done = await run(() => call('/admin/nft/fund', { ...v, reason }), 'Account funded');
            if (done) props.onFunded();
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
  );
}
