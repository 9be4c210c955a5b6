import { ACCOUNT_KINDS, type ResponseData } from '@nexa/contract';
import { Select, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { ListItem } from '../../api';
import { useConsole } from '../../console';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { Amount, Signed, when } from '../../ui/format';
import { pageOf, useListLoader } from '../../ui/lists';
import { useLoad } from '../programs/common';
import { registerUserTab } from './registry';

/* The wallet's tabs: the user's balances, account by account, and every posting of their journal. */

registerUserTab({
  id: 'balances',
  title: 'Balances',
  endpoint: '/admin/wallet/balances',
  order: 10,
  render: (user) => <BalancesTab userId={user.user_id} />,
});

registerUserTab({
  id: 'journal',
  title: 'Journal',
  endpoint: '/admin/wallet/journal',
  order: 20,
  render: (user) => <JournalTab userId={user.user_id} />,
});

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
