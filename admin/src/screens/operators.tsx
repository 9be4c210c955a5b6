import { PlusOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import { Button, Checkbox, Form, Input, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/ConfirmWithReason';
import { type DataColumn, DataTable } from '../ui/DataTable';
import { FormDrawer } from '../ui/FormDrawer';
import { when } from '../ui/format';
import { pageOf } from '../ui/lists';
import { ScreenTitle } from '../ui/Screen';

type Operator = ResponseData<'/admin/operators/list'>[number];
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
  const confirm = useConfirmWithReason();
  const [creating, setCreating] = useState(false);
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
          const out = await run(
            () =>
              call('/admin/operators/create', { name: v.name.trim(), password: v.password, roles: v.roles }),
            `Operator ${v.name} created: they enrol their second factor at first sign-in`,
          );
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
      {confirm.element}
    </>
  );
}
