import { PlusOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import { Button, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../console';
import { type AskConfirm, type ConfirmOptions, useConfirmWithReason } from '../ui/confirm-with-reason';
import { type DataColumn, DataTable } from '../ui/data-table';
import { when } from '../ui/format';
import { pageOf } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';
import { NewOperatorDrawer, RolesDrawer } from './operator-drawers';

type Operator = ResponseData<'/admin/operators/list'>[number];
type OperatorRequest = ResponseData<'/admin/operators/requests'>[number];

const ROLE_COLORS: Record<string, string> = { admin: 'red', finance: 'blue', support: 'green' };

/**
 * Operators: who may use the console, with which roles; sessions ended and accounts disabled with a reason.
 * The new operator's and the roles' forms are in operator-drawers.tsx.
 */
export default function OperatorsScreen() {
  const { call, session } = useConsole();
  const confirm = useConfirmWithReason();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const [reload, setReload] = useState(0);
  const load = useCallback(
    async (page: number, size: number) => pageOf(await call('/admin/operators/list', {}), page, size),
    [call],
  );
  const loadRequests = useCallback(
    async (page: number, size: number) => pageOf(await call('/admin/operators/requests', {}), page, size),
    [call],
  );
  const again = () => setReload((n) => n + 1);
  const asks = useOperatorAsks(confirm.ask, again);

  return (
    <>
      <ScreenTitle
        title="Operators"
        note="Roles decide what each operator sees and may do; the server enforces them."
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="operator-create"
          >
            New operator
          </Button>
        }
      />
      <DataTable
        id="operators"
        load={load}
        columns={operatorColumns({ me: session.name, roles: setEditing, ...asks })}
        rowKey={(o) => o.id}
        reloadKey={reload}
        emptyText="No operators"
      />
      <NewOperatorDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          again();
        }}
      />
      <RolesDrawer
        operator={editing}
        onClose={() => setEditing(null)}
        onChanged={() => {
          setEditing(null);
          again();
        }}
      />
      <ScreenTitle
        title="Requests for money roles"
        note="A new operator with finance or admin, or such a role given later, waits for a second admin; the admin who asked cannot approve it."
      />
      <DataTable
        id="operator-requests"
        load={loadRequests}
        columns={requestColumns({ me: session.name, decide: asks.decide })}
        rowKey={(r) => r.id}
        reloadKey={reload}
        emptyText="No requests"
      />
      {confirm.element}
    </>
  );
}

/**
 * The actions on an operator or a request, each confirmed with a reason and saying what happens: end the
 * sessions, disable or enable, unlock, approve or refuse a request. `done` runs after one went through.
 */
function useOperatorAsks(ask: AskConfirm, done: () => void) {
  const { call } = useConsole();
  const run = useAction();
  const confirmed = <T,>(
    words: Omit<ConfirmOptions, 'action'>,
    work: (reason: string) => Promise<T>,
    ok: string,
  ) =>
    ask({
      ...words,
      action: async (reason) => {
        const out = await run(() => work(reason), ok);
        if (out) done();
        return out !== null;
      },
    });

  const revoke = (o: Operator) =>
    confirmed(
      {
        title: `End every session of ${o.name}`,
        summary: `${o.active_sessions} active session(s) end at once; ${o.name} signs in again to go on.`,
        okText: 'End sessions',
        danger: true,
      },
      (reason) => call('/admin/operators/revokeSessions', { operator_id: o.id, reason }),
      'Sessions ended',
    );

  const setDisabled = (o: Operator, disabled: boolean) =>
    confirmed(
      {
        title: `${disabled ? 'Disable' : 'Enable'} ${o.name}`,
        summary: disabled
          ? `${o.name}'s sessions end at once and sign-in is refused until an admin enables the account again.`
          : `${o.name} may sign in again.`,
        okText: disabled ? 'Disable operator' : 'Enable operator',
        danger: disabled,
      },
      (reason) => call('/admin/operators/setDisabled', { operator_id: o.id, disabled, reason }),
      disabled ? 'Operator disabled' : 'Operator enabled',
    );

  const unlock = (o: Operator) =>
    confirmed(
      {
        title: `Unlock ${o.name}`,
        summary: `${o.name} was locked after ${o.failed_codes ?? 0} wrong second-factor codes. Make sure it was them (call them) before unlocking.`,
        okText: 'Unlock',
      },
      (reason) => call('/admin/operators/unlock', { operator_id: o.id, reason }),
      'Operator unlocked',
    );

  const decide = (r: OperatorRequest, approve: boolean) =>
    confirmed(
      {
        title: `${approve ? 'Approve' : 'Refuse'} ${r.roles.join(', ')} for ${r.operator_name}`,
        summary: approve
          ? `Asked by ${r.requested_by ?? 'unknown'}. ${r.operator_name} holds these roles at once, and approves money only after the cooldown (admin.new_operator_cooldown_hours).`
          : `${r.operator_name} ${r.kind === 'create' ? 'is not made' : 'keeps the roles it has'}.`,
        okText: approve ? 'Approve' : 'Refuse',
        danger: !approve,
      },
      (reason) => call('/admin/operators/decide', { request_id: r.id, approve, reason }),
      approve ? 'Approved' : 'Refused',
    );

  return { revoke, setDisabled, unlock, decide };
}

/** The requests' table; a pending one shows Approve and Refuse to every admin but the one who asked (`me`). */
const requestColumns = (p: {
  me: string;
  decide: (r: OperatorRequest, approve: boolean) => void;
}): readonly DataColumn<OperatorRequest>[] => [
  { key: 'id', title: 'Id', value: (r) => r.id, width: 60 },
  { key: 'operator', title: 'Operator', value: (r) => r.operator_name },
  { key: 'kind', title: 'Kind', value: (r) => r.kind, filter: true },
  { key: 'roles', title: 'Roles asked', value: (r) => r.roles.join(' ') },
  { key: 'by', title: 'Asked by', value: (r) => r.requested_by ?? '' },
  { key: 'at', title: 'Asked', value: (r) => r.requested_at, render: (r) => when(r.requested_at) },
  {
    key: 'status',
    title: 'Status',
    value: (r) => r.status,
    filter: true,
    render: (r) => (
      <Space size={4}>
        <Tag color={r.status === 'pending' ? 'gold' : r.status === 'approved' ? 'green' : 'red'}>
          {r.status}
          {r.decided_by ? ` by ${r.decided_by}` : ''}
        </Tag>
        {r.single_admin ? (
          <Tag color="volcano" data-testid="single-admin-flag">
            single-admin exception
          </Tag>
        ) : null}
      </Space>
    ),
  },
  {
    key: 'actions',
    title: '',
    action: true,
    value: () => null,
    render: (r) =>
      r.status !== 'pending' ? null : r.requested_by === p.me ? (
        <Typography.Text type="secondary">yours: another admin decides</Typography.Text>
      ) : (
        <Space size={4}>
          <Button size="small" type="primary" onClick={() => p.decide(r, true)}>
            Approve
          </Button>
          <Button size="small" danger onClick={() => p.decide(r, false)}>
            Refuse
          </Button>
        </Space>
      ),
  },
];

/** The operators' table; the last column holds the actions on every operator but oneself (`me`). */
const operatorColumns = (p: {
  me: string;
  roles: (o: Operator) => void;
  revoke: (o: Operator) => void;
  setDisabled: (o: Operator, disabled: boolean) => void;
  unlock: (o: Operator) => void;
}): readonly DataColumn<Operator>[] => [
  { key: 'id', title: 'Id', value: (o) => o.id, width: 60, sort: true },
  {
    key: 'name',
    title: 'Name',
    value: (o) => o.name,
    sort: true,
    render: (o) => <Typography.Text strong>{o.name}</Typography.Text>,
  },
  {
    key: 'roles',
    title: 'Roles',
    value: (o) => o.roles.join(' '),
    render: (o) =>
      o.roles.map((r) => (
        <Tag key={r} color={ROLE_COLORS[r] ?? 'default'}>
          {r}
        </Tag>
      )),
  },
  {
    key: '2fa',
    title: 'Second factor',
    value: (o) => (o.second_factor ? 'enrolled' : 'none'),
    render: (o) => (o.second_factor ? <Tag color="green">enrolled</Tag> : <Tag color="orange">none</Tag>),
    filter: true,
  },
  {
    key: 'sessions',
    title: 'Active sessions',
    value: (o) => o.active_sessions,
    align: 'right',
    sort: true,
  },
  {
    key: 'state',
    title: 'State',
    value: (o) => (o.disabled_at ? 'disabled' : 'enabled'),
    render: (o) =>
      o.disabled_at ? (
        <Tag color="red">disabled {when(o.disabled_at)}</Tag>
      ) : (
        <Tag color="green">enabled</Tag>
      ),
    filter: true,
  },
  {
    key: 'four-eyes',
    title: 'Four eyes',
    value: (o) => `${o.status ?? 'active'} ${o.granted_by ?? o.created_by ?? ''}`,
    render: (o) => (
      <Space size={4} wrap>
        {o.status && o.status !== 'active' ? (
          <Tag color={o.status === 'pending' ? 'gold' : 'red'}>{o.status}</Tag>
        ) : null}
        {o.locked_at ? <Tag color="red">locked {when(o.locked_at)}</Tag> : null}
        {o.single_admin ? <Tag color="volcano">single-admin exception</Tag> : null}
        <Typography.Text type="secondary">
          {o.created_by || o.granted_by
            ? `by ${o.granted_by ?? o.created_by}${o.active_from ? `, since ${when(o.active_from)}` : ''}`
            : 'bootstrap or demo'}
        </Typography.Text>
      </Space>
    ),
  },
  {
    key: 'created',
    title: 'Created',
    value: (o) => o.created_at,
    render: (o) => when(o.created_at),
    sort: true,
  },
  {
    key: 'actions',
    title: '',
    action: true,
    value: () => null,
    render: (o) =>
      o.name === p.me ? (
        <Typography.Text type="secondary">you</Typography.Text>
      ) : (
        <Space size={4}>
          {o.locked_at ? (
            <Button size="small" onClick={() => p.unlock(o)}>
              Unlock
            </Button>
          ) : null}
          <Button size="small" onClick={() => p.roles(o)}>
            Roles
          </Button>
          <Button size="small" disabled={o.active_sessions === 0} onClick={() => p.revoke(o)}>
            End sessions
          </Button>
          {o.disabled_at ? (
            <Button size="small" onClick={() => p.setDisabled(o, false)}>
              Enable
            </Button>
          ) : (
            <Button size="small" danger onClick={() => p.setDisabled(o, true)}>
              Disable
            </Button>
          )}
        </Space>
      ),
  },
];
