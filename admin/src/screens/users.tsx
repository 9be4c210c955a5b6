import { Input, Tag } from 'antd';
import { lazy, useState } from 'react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router';
import type { ListItem } from '../api';
import { type DataColumn, DataTable } from '../ui/data-table';
import { Mono, when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';

const UserPage = lazy(() => import('./user-page'));

type User = ListItem<'/admin/users/search'>;

const COLUMNS: readonly DataColumn<User>[] = [
  { key: 'id', title: 'User id', value: (u) => u.user_id, sort: true, width: 80 },
  { key: 'uid', title: 'UID', value: (u) => u.uid, render: (u) => <span className="mono">{u.uid}</span> },
  {
    key: 'address',
    title: 'Address',
    value: (u) => u.address,
    render: (u) => <Mono text={u.address} short />,
  },
  { key: 'email', title: 'Email', value: (u) => u.email },
  { key: 'level', title: 'Level', value: (u) => u.level, sort: true, filter: true, align: 'right' },
  {
    key: 'frozen',
    title: 'State',
    value: (u) => (u.frozen ? 'frozen' : 'active'),
    render: (u) => (u.frozen ? <Tag color="red">frozen</Tag> : <Tag color="green">active</Tag>),
    filter: true,
  },
  { key: 'parent', title: 'Parent UID', value: (u) => u.parent_uid },
  {
    key: 'created',
    title: 'Signed up',
    value: (u) => u.created_at,
    render: (u) => when(u.created_at),
    sort: true,
  },
];

/** Users: find one by UID, address or email; the newest users while the box is empty. */
function UserSearch() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const load = useListLoader('/admin/users/search', { q });
  return (
    <>
      <ScreenTitle title="Users" note="Search by UID, address (whole or its start), email or user id." />
      <DataTable
        id="users"
        load={load}
        columns={COLUMNS}
        rowKey={(u) => u.user_id}
        onOpen={(u) => navigate(`/users/${u.user_id}`)}
        emptyText={q ? 'No user matches' : 'No users yet'}
        toolbar={
          <Input.Search
            placeholder="UID, 0x address, email or id"
            allowClear
            enterButton="Search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {})}
            style={{ width: 420 }}
            data-testid="user-search"
          />
        }
      />
    </>
  );
}

/** The users screen: the search, and each user's page under /users/:id. */
export default function UsersScreen() {
  return (
    <Routes>
      <Route index element={<UserSearch />} />
      <Route path=":id" element={<UserPage />} />
    </Routes>
  );
}
