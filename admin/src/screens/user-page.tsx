import { ArrowLeftOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { ResponseData } from '@nexa/contract';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAction, useConsole } from '../console';
import { type AskConfirm, useConfirmWithReason } from '../ui/confirm-with-reason';
import { Mono, when } from '../ui/format';
import { ScreenTitle } from '../ui/screen';
import { useLoad } from './programs/common';
import { userTabs } from './user-tabs/registry';
import '../ui/screens.css';

// Each domain's tabs register themselves from their own file of user-tabs/.
import.meta.glob('./user-tabs/*.tsx', { eager: true });

type Detail = ResponseData<'/admin/users/detail'>;

/** A user's page: who they are, frozen or not, and the tabs the domains register (user-tabs/). */
export default function UserPage() {
  const { id } = useParams();
  const userId = Number(id);
  const { call } = useConsole();
  const navigate = useNavigate();
  const confirm = useConfirmWithReason();
  const load = useCallback(() => call('/admin/users/detail', { user_id: userId }), [call, userId]);
  const { data: loaded, error, loading, reload } = useLoad(load);
  const [updated, setUpdated] = useState<Detail | null>(null);
  const user = updated && updated.user_id === userId ? updated : loaded;

  if (!Number.isInteger(userId) || userId <= 0) return <Result status="404" title="No such user" />;
  if (loading && !user) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!user) {
    return (
      <Result
        status="warning"
        title="The user could not be loaded"
        subTitle={error}
        extra={
          <Space>
            <Button onClick={() => navigate('/users')}>Back to users</Button>
            <Button type="primary" onClick={reload}>
              Try again
            </Button>
          </Space>
        }
      />
    );
  }

  return (
    <>
      <ScreenTitle
        title={`User ${user.uid}`}
        extra={<UserActions userId={userId} user={user} ask={confirm.ask} onChanged={setUpdated} />}
      />
      <UserHeader user={user} />
      <UserTabs key={userId} user={user} />
      {confirm.element}
    </>
  );
}

/** Back, and freeze or unfreeze (confirmed with a reason) as the operator's roles allow. */
function UserActions(props: {
  userId: number;
  user: Detail;
  ask: AskConfirm;
  onChanged: (user: Detail) => void;
}) {
  const { call, can } = useConsole();
  const navigate = useNavigate();
  const run = useAction();
  const { userId, user, ask, onChanged } = props;

  const freeze = () =>
    ask({
      title: `Freeze user ${user.uid}`,
      summary:
        'Every session of the user ends at once and sign-in is refused until the account is unfrozen. Balances stay as they are.',
      okText: 'Freeze account',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/users/freeze', { user_id: userId, reason }),
          'Account frozen',
        );
        if (out) onChanged(out);
        return out !== null;
      },
    });
  const unfreeze = () =>
    ask({
      title: `Unfreeze user ${user.uid}`,
      summary: 'The user may sign in again.',
      okText: 'Unfreeze account',
      action: async (reason) => {
        const out = await run(
          () => call('/admin/users/unfreeze', { user_id: userId, reason }),
          'Account unfrozen',
        );
        if (out) onChanged(out);
        return out !== null;
      },
    });

  return (
    <Space>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
        Back
      </Button>
      {user.frozen
        ? can('/admin/users/unfreeze') && (
            <Button icon={<UnlockOutlined />} onClick={unfreeze} data-testid="user-unfreeze">
              Unfreeze
            </Button>
          )
        : can('/admin/users/freeze') && (
            <Button danger icon={<LockOutlined />} onClick={freeze} data-testid="user-freeze">
              Freeze
            </Button>
          )}
    </Space>
  );
}

/** Who the user is: frozen or not (and why), their identifiers, level, invite and place in the team. */
function UserHeader({ user }: { user: Detail }) {
  return (
    <Card size="small" className="user-header" data-testid="user-header">
      {user.frozen_info ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="user-frozen"
          message={`Frozen since ${when(user.frozen_info.at)}`}
          description={`Reason: ${user.frozen_info.reason}`}
        />
      ) : null}
      <Descriptions size="small" column={4}>
        <Descriptions.Item label="UID">
          <Typography.Text className="mono" copyable data-testid="user-uid">
            {user.uid}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="User id">{user.user_id}</Descriptions.Item>
        <Descriptions.Item label="Address" span={2}>
          <Mono text={user.address} />
        </Descriptions.Item>
        <Descriptions.Item label="Email">{user.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Level">
          <Tag color="blue">V{user.level}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="State">
          {user.frozen ? (
            <Tag color="red" data-testid="user-state">
              frozen
            </Tag>
          ) : (
            <Tag color="green" data-testid="user-state">
              active
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Invite code">
          <span className="mono">{user.invite_code}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Signed up">{when(user.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Parent">
          {user.team.parent ? (
            <Link to={`/users/${user.team.parent.user_id}`}>{user.team.parent.uid}</Link>
          ) : (
            'none (a root)'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Depth">{user.depth}</Descriptions.Item>
        <Descriptions.Item label="Direct referrals">{user.team.direct_referrals}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The tabs the domains register, those whose call the operator's roles may make. */
function UserTabs({ user }: { user: Detail }) {
  const { can } = useConsole();
  const tabs = userTabs()
    .filter((t) => can(t.endpoint))
    .map((t) => ({ key: t.id, label: t.title, children: t.render(user) }));
  return <Tabs defaultActiveKey={tabs[0]?.key} type="card" data-testid="user-tabs" items={tabs} />;
}
