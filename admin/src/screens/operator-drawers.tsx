import type { ResponseData } from '@nexa/contract';
import { App, Checkbox, Form, Input } from 'antd';
import { useAction, useConsole } from '../console';
import { FormDrawer } from '../ui/form-drawer';

type Operator = ResponseData<'/admin/operators/list'>[number];
type Role = 'admin' | 'finance' | 'support';

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

/** A new operator: name, first password, roles (a money role waits for a second admin). */
export function NewOperatorDrawer(props: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { call } = useConsole();
  const run = useAction();
  const { message } = App.useApp();
  return (
    <FormDrawer<NewOperator>
      open={props.open}
      title="New operator"
      submitText="Create operator"
      initial={{ roles: ['support'] }}
      onClose={props.onClose}
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
        if (out) props.onCreated();
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
        <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 6 }} options={ROLE_OPTIONS} />
      </Form.Item>
    </FormDrawer>
  );
}

/** An operator's roles changed, with a reason (giving a money role waits for a second admin). */
export function RolesDrawer(props: {
  operator: Operator | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { call } = useConsole();
  const run = useAction();
  const { message } = App.useApp();
  const editing = props.operator;
  return (
    <FormDrawer<{ roles: Role[]; reason: string }>
      key={editing?.id ?? 0}
      open={editing !== null}
      title={`Roles of ${editing?.name ?? ''}`}
      submitText="Change roles"
      initial={{ roles: (editing?.roles ?? []) as Role[], reason: '' }}
      onClose={props.onClose}
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
          props.onChanged();
        }
      }}
    >
      <Form.Item name="roles" label="Roles" extra="Giving finance or admin waits for a second admin.">
        <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 6 }} options={ROLE_OPTIONS} />
      </Form.Item>
      <Form.Item name="reason" label="Reason" rules={[{ required: true, min: 3, message: 'Say why' }]}>
        <Input />
      </Form.Item>
    </FormDrawer>
  );
}
