import { Button, Card, Descriptions, Empty, Input, List, Result, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ListItem } from '../../api';
import { useAction, useConsole } from '../../console';
import { useConfirmWithReason } from '../../ui/confirm-with-reason';
import { type DataColumn, DataTable } from '../../ui/data-table';
import { Mono, when } from '../../ui/format';
import { useListLoader } from '../../ui/lists';
import { useLoad } from '../programs/common';
import { registerUserTab, type UserDetail } from './registry';

/* The account's tabs: the user's referral team, their sessions, and operators' notes on them. */

registerUserTab({
  id: 'team',
  title: 'Team',
  endpoint: '/admin/users/referrals',
  order: 80,
  render: (user) => <TeamTab user={user} />,
});

registerUserTab({
  id: 'sessions',
  title: 'Sessions',
  endpoint: '/admin/users/sessions',
  order: 90,
  render: (user) => <SessionsTab userId={user.user_id} />,
});

registerUserTab({
  id: 'notes',
  title: 'Notes',
  endpoint: '/admin/users/notes',
  order: 100,
  render: (user) => <NotesTab userId={user.user_id} />,
});

// ---- Team ----

type Referral = ListItem<'/admin/users/referrals'>;

function TeamTab({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const f = user.team.figures;
  const load = useListLoader('/admin/users/referrals', { user_id: user.user_id });
  const columns: readonly DataColumn<Referral>[] = [
    {
      key: 'uid',
      title: 'UID',
      value: (r) => r.uid,
      render: (r) => <Link to={`/users/${r.user_id}`}>{r.uid}</Link>,
    },
    {
      key: 'address',
      title: 'Address',
      value: (r) => r.address,
      render: (r) => <Mono text={r.address} short />,
    },
    { key: 'level', title: 'Level', value: (r) => r.level, sort: true, align: 'right' },
    { key: 'volume', title: 'Team volume (USDT)', value: (r) => r.team_volume, sort: true, align: 'right' },
    {
      key: 'joined',
      title: 'Joined',
      value: (r) => r.created_at,
      render: (r) => when(r.created_at),
      sort: true,
    },
  ];
  return (
    <>
      <Card size="small" title="Figures" style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="Parent">
            {user.team.parent ? (
              <Link to={`/users/${user.team.parent.user_id}`}>{user.team.parent.uid}</Link>
            ) : (
              'none'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Headcount">{f.headcount}</Descriptions.Item>
          <Descriptions.Item label="Direct (valid)">
            {f.direct} ({f.valid_direct})
          </Descriptions.Item>
          <Descriptions.Item label="Best level below">V{f.best_below}</Descriptions.Item>
          <Descriptions.Item label="Personal volume">{f.personal_volume}</Descriptions.Item>
          <Descriptions.Item label="Team volume">{f.team_volume}</Descriptions.Item>
          <Descriptions.Item label="Personal performance">{f.personal_performance}</Descriptions.Item>
          <Descriptions.Item label="Team performance">{f.team_performance}</Descriptions.Item>
          <Descriptions.Item label="Node today">{f.node_today}</Descriptions.Item>
          <Descriptions.Item label="Node total">{f.node_total}</Descriptions.Item>
          <Descriptions.Item label="Legs by level" span={2}>
            {f.legs.map((n, i) => `V${i + 1}${i === f.legs.length - 1 ? '+' : ''}: ${n}`).join(' · ') || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <DataTable
        id="user-referrals"
        load={load}
        columns={columns}
        rowKey={(r) => r.user_id}
        onOpen={(r) => navigate(`/users/${r.user_id}`)}
        emptyText="No direct referrals"
        toolbar={<Typography.Text strong>Direct referrals</Typography.Text>}
      />
    </>
  );
}

// ---- Sessions ----

type Session = ListItem<'/admin/users/sessions'>;

function SessionsTab({ userId }: { userId: number }) {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [reload, setReload] = useState(0);
  const load = useListLoader('/admin/users/sessions', { user_id: userId });
  const mayRevoke = can('/admin/users/revokeSession');
  const revoke = (s: Session) =>
    confirm.ask({
      title: `End session #${s.id}`,
      summary: 'The session ends at once: its next call is refused and the app asks to sign in again.',
      okText: 'End session',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/users/revokeSession', { user_id: userId, session_id: s.id, reason }),
          'Session ended',
        );
        if (out) setReload((n) => n + 1);
        return out !== null;
      },
    });
  const columns: readonly DataColumn<Session>[] = [
    { key: 'id', title: 'Session', value: (s) => s.id, width: 80 },
    { key: 'created', title: 'Signed in', value: (s) => s.created_at, render: (s) => when(s.created_at) },
    { key: 'expires', title: 'Expires', value: (s) => s.expires_at, render: (s) => when(s.expires_at) },
    {
      key: 'ip',
      title: 'IP',
      value: (s) => s.ip,
      render: (s) => <span className="mono">{s.ip ?? '—'}</span>,
    },
    {
      key: 'state',
      title: 'State',
      value: (s) => (s.active ? 'active' : s.revoked_at ? 'revoked' : 'expired'),
      render: (s) =>
        s.active ? (
          <Tag color="green">active</Tag>
        ) : s.revoked_at ? (
          <Tag color="red">revoked {when(s.revoked_at)}</Tag>
        ) : (
          <Tag>expired</Tag>
        ),
      filter: true,
    },
    {
      key: 'actions',
      title: '',
      action: true,
      value: () => null,
      render: (s) =>
        mayRevoke && s.active ? (
          <Button size="small" danger onClick={() => revoke(s)} data-testid="session-revoke">
            End session
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable
        id="user-sessions"
        load={load}
        columns={columns}
        rowKey={(s) => s.id}
        reloadKey={reload}
        emptyText="No sessions"
      />
      {confirm.element}
    </>
  );
}

// ---- Notes ----

function NotesTab({ userId }: { userId: number }) {
  const { call, can } = useConsole();
  const run = useAction();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const loadNotes = useCallback(
    () => call('/admin/users/notes', { user_id: userId, page: 1, size: 100 }),
    [call, userId],
  );
  const notes = useLoad(loadNotes);
  const mayAdd = can('/admin/users/addNote');
  const add = async () => {
    setBusy(true);
    const out = await run(
      () => call('/admin/users/addNote', { user_id: userId, text: text.trim() }),
      'Note added',
    );
    setBusy(false);
    if (out) {
      setText('');
      notes.reload();
    }
  };
  return (
    <div style={{ maxWidth: 900 }}>
      {mayAdd ? (
        <Card size="small" title="Add a note" style={{ marginBottom: 12 }}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            showCount
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="What other operators should know. Notes are kept as written: they cannot be edited or removed."
            data-testid="note-text"
          />
          <Button
            type="primary"
            style={{ marginTop: 8 }}
            disabled={!text.trim()}
            loading={busy}
            onClick={add}
            data-testid="note-add"
          >
            Add note
          </Button>
        </Card>
      ) : null}
      {notes.error && !notes.data ? (
        <Result
          status="warning"
          title="The notes could not be loaded"
          subTitle={notes.error}
          extra={<Button onClick={notes.reload}>Try again</Button>}
        />
      ) : (
        <List
          bordered
          loading={notes.loading}
          dataSource={notes.data?.list ?? []}
          locale={{ emptyText: <Empty description="No notes yet" /> }}
          header={notes.data ? `${notes.data.total} note${notes.data.total === 1 ? '' : 's'}` : null}
          data-testid="notes"
          renderItem={(n) => (
            <List.Item data-testid="note">
              <List.Item.Meta
                title={
                  <Space>
                    <Typography.Text strong>{n.operator_name}</Typography.Text>
                    <Typography.Text type="secondary">{when(n.created_at)}</Typography.Text>
                  </Space>
                }
                description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{n.text}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
