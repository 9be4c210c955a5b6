import { PlusOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import { App, Button, Checkbox, Form, Input, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/confirm-with-reason';
import { type DataColumn, DataTable } from '../ui/data-table';
import { FormDrawer } from '../ui/form-drawer';
import { when } from '../ui/format';
import { pageOf } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';

type Operator = ResponseData<'/admin/operators/list'>[number];
type OperatorRequest = ResponseData<'/admin/operators/requests'>[number];
type Role = 'admin' | 'finance' | 'support';

const ROLE_COLORS: Record<string, string> = { admin: 'red', finance: 'blue', support: 'green' };

const ROLE_OPTIONS: { label: string; value: Role }[] = [
  { label: 'admin: everything, settings and operators', value: 'admin' },
  { label: 'finance: moves money (deposits, withdrawals, pools)', value: 'finance' },
  { label: 'support: users, reviews, content', value: 'support' },
];

interface NewOperator {
  name: string;
  password: string;
  roles: Role[];
}

/** Operators: who may use the console, with which roles; sessions ended and accounts disabled with a reason. */
export default function OperatorsScreen() {
  const { call, session } = useConsole();
  const run = useAction();
  const { message } = App.useApp();
  const confirm = useConfirmWithReason();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const [reload, setReload] = useState(0);
  const load = useCallback(
    async (page: number, size: number) => pageOf(await call('/admin/operators/list', {}), page, size),
    [call],
  );
  const again = () => setReload((n) => n + 1);

  const revoke = (o: Operator) =>
    confirm.ask({
      title: `End every session of ${o.name}`,
      summary: `${o.active_sessions} active session(s) end at once; ${o.name} signs in again to go on.`,
      okText: 'End sessions',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/operators/revokeSessions', { operator_id: o.id, reason }),
          'Sessions ended',
        );
        if (out) again();
        return out !== null;
      },
    });

  const setDisabled = (o: Operator, disabled: boolean) =>
    confirm.ask({
      title: `${disabled ? 'Disable' : 'Enable'} ${o.name}`,
      summary: disabled
        ? `${o.name}'s sessions end at once and sign-in is refused until an admin enables the account again.`
        : `${o.name} may sign in again.`,
      okText: disabled ? 'Disable operator' : 'Enable operator',
      danger: disabled,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/operators/setDisabled', { operator_id: o.id, disabled, reason }),
          disabled ? 'Operator disabled' : 'Operator enabled',
        );
        if (out) again();
        return out !== null;
      },
    });

  const unlock = (o: Operator) =>
    confirm.ask({
      title: `Unlock ${o.name}`,
      summary: `${o.name} was locked after ${o.failed_codes ?? 0} wrong second-factor codes. Make sure it was them (call them) before unlocking.`,
      okText: 'Unlock',
      action: async (reason) => {
        const out = await run(
          () => call('/admin/operators/unlock', { operator_id: o.id, reason }),
          'Operator unlocked',
        );
        if (out) again();
        return out !== null;
      },
    });

  const decide = (r: OperatorRequest, approve: boolean) =>
    confirm.ask({
      title: `${approve ? 'Approve' : 'Refuse'} ${r.roles.join(', ')} for ${r.operator_name}`,
      summary: approve
        ? `Asked by ${r.requested_by ?? 'unknown'}. ${r.operator_name} holds these roles at once, and approves money only after the cooldown (admin.new_operator_cooldown_hours).`
        : `${r.operator_name} ${r.kind === 'create' ? 'is not made' : 'keeps the roles it has'}.`,
      okText: approve ? 'Approve' : 'Refuse',
      danger: !approve,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/operators/decide', { request_id: r.id, approve, reason }),
          approve ? 'Approved' : 'Refused',
        );
        if (out) again();
        return out !== null;
      },
    });

  const loadRequests = useCallback(
    async (page: number, size: number) => pageOf(await call('/admin/operators/requests', {}), page, size),
    [call],
  );
  const requestColumns: readonly DataColumn<OperatorRequest>[] = [
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
        r.status !== 'pending' ? null : r.requested_by === session.name ? (
          <Typography.Text type="secondary">yours: another admin decides</Typography.Text>
        ) : (
          <Space size={4}>
            <Button size="small" type="primary" onClick={() => decide(r, true)}>
              Approve
            </Button>
            <Button size="small" danger onClick={() => decide(r, false)}>
              Refuse
            </Button>
          </Space>
        ),
    },
  ];

  const columns: readonly DataColumn<Operator>[] = [
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
        o.name === session.name ? (
          <Typography.Text type="secondary">you</Typography.Text>
        ) : (
          <Space size={4}>
            {o.locked_at ? (
              <Button size="small" onClick={() => unlock(o)}>
                Unlock
              </Button>
            ) : null}
            <Button size="small" onClick={() => setEditing(o)}>
              Roles
            </Button>
            <Button size="small" disabled={o.active_sessions === 0} onClick={() => revoke(o)}>
              End sessions
            </Button>
            {o.disabled_at ? (
              <Button size="small" onClick={() => setDisabled(o, false)}>
                Enable
              </Button>
            ) : (
              <Button size="small" danger onClick={() => setDisabled(o, true)}>
                Disable
              </Button>
            )}
          </Space>
        ),
    },
  ];

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
        columns={columns}
        rowKey={(o) => o.id}
        reloadKey={reload}
        emptyText="No operators"
      />
      <FormDrawer<NewOperator>
        open={creating}
        title="New operator"
        submitText="Create operator"
        initial={{ roles: ['support'] }}
        onClose={() => setCreating(false)}
        onSubmit={async (v) => {
          const out = await run(async () => {
            const made = await call('/admin/operators/create', {
              name: v.name.trim(),
              password: v.password,
              roles: v.roles,
            });
            message.info(
              made.pending
                ? `${v.name} waits for a second admin to approve the money role (request #${made.request_id})`
                : `Operator ${v.name} created: they enrol their second factor at first sign-in`,
            );
            return made;
          });
          if (out) {
            setCreating(false);
            again();
          }
        }}
      >
        <Form.Item
          name="name"
          label="Name"
          extra="Lower case, 3 to 32 characters: letters, digits, . _ -"
          rules={[
            { required: true, message: 'Enter a name' },
            {
              pattern: /^[a-z][a-z0-9_.-]{2,31}$/,
              message: 'Lower case, starting with a letter, 3 to 32 characters',
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label="First password"
          extra="At least 12 characters; hand it over apart from the name."
          rules={[
            { required: true, message: 'Enter a password' },
            { min: 12, message: 'At least 12 characters' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="roles"
          label="Roles"
          rules={[{ required: true, type: 'array', min: 1, message: 'Pick a role' }]}
        >
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={ROLE_OPTIONS}
          />
        </Form.Item>
      </FormDrawer>
      <FormDrawer<{ roles: Role[]; reason: string }>
        key={editing?.id ?? 0}
        open={editing !== null}
        title={`Roles of ${editing?.name ?? ''}`}
        submitText="Change roles"
        initial={{ roles: (editing?.roles ?? []) as Role[], reason: '' }}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (!editing) return;
          const out = await run(() =>
            call('/admin/operators/setRoles', { operator_id: editing.id, roles: v.roles, reason: v.reason }),
          );
          if (out) {
            message.info(
              out.pending
                ? `A money role waits for a second admin (request #${out.request_id})`
                : 'Roles changed',
            );
            setEditing(null);
            again();
          }
        }}
      >
        <Form.Item name="roles" label="Roles" extra="Giving finance or admin waits for a second admin.">
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={ROLE_OPTIONS}
          />
        </Form.Item>
        <Form.Item name="reason" label="Reason" rules={[{ required: true, min: 3, message: 'Say why' }]}>
          <Input />
        </Form.Item>
      </FormDrawer>
      <ScreenTitle
        title="Requests for money roles"
        note="A new operator with finance or admin, or such a role given later, waits for a second admin; the admin who asked cannot approve it."
      />
      <DataTable
        id="operator-requests"
        load={loadRequests}
        columns={requestColumns}
        rowKey={(r) => r.id}
        reloadKey={reload}
        emptyText="No requests"
      />
      {confirm.element}
    </>
  );
}
