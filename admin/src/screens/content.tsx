import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTENT_STATES, LANGS, type ResponseData } from '@nexa/contract';
import { Button, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useConsole } from '../console';
import { type AskConfirm, useConfirmWithReason } from '../ui/confirm-with-reason';
import { type DataColumn, DataTable } from '../ui/data-table';
import { when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';
import { KIND_LABELS, KIND_OPTIONS, type Kind, type State, type Target } from './content-draft';
import { ContentEditor } from './content-editor';
import '../ui/screens.css';

// The editor (content-editor.tsx) and its draft (content-draft.ts) and preview (content-preview.tsx) live
// beside this file; this one is the list.

type Item = ResponseData<'/admin/content/list'>['list'][number];

const STATE_COLORS: Record<State, string> = { scheduled: 'blue', live: 'green', expired: 'default' };

function StateTag({ state }: { state: State }) {
  return (
    <Tag color={STATE_COLORS[state]} data-testid="content-state">
      {state}
    </Tag>
  );
}

/** Content: news, banners, bulletin and Q&A in the seven languages, scheduled and expiring. */
export default function ContentScreen() {
  const { can } = useConsole();
  const confirm = useConfirmWithReason();
  const [kind, setKind] = useState<Kind | 'all'>('all');
  const [state, setState] = useState<State | undefined>();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Target | null>(null);
  const load = useListLoader('/admin/content/list', {
    ...(kind === 'all' ? {} : { kind }),
    ...(state ? { state } : {}),
  });
  const mayEdit = can('/admin/content/save');
  const again = () => setReload((n) => n + 1);
  const remove = useRemove(confirm.ask, again);
  const open = (i: Item) => setEditing({ kind: i.kind, group_key: i.group_key });

  return (
    <>
      <ScreenTitle
        title="Content"
        note="What the app shows in its seven languages. A future publish time schedules an item; English is required."
        extra={
          mayEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ kind: kind === 'all' ? 'news' : kind, group_key: null })}
              data-testid="content-new"
            >
              New item
            </Button>
          ) : null
        }
      />
      <DataTable
        id="content"
        load={load}
        columns={contentColumns({ mayEdit, mayDelete: can('/admin/content/delete'), open, remove })}
        rowKey={(i) => `${i.kind}:${i.group_key}`}
        onOpen={open}
        reloadKey={reload}
        emptyText="No content here"
        toolbar={
          <>
            <Segmented<Kind | 'all'>
              value={kind}
              onChange={setKind}
              options={[{ label: 'All', value: 'all' }, ...KIND_OPTIONS]}
              data-testid="content-kind"
            />
            <Select<State>
              placeholder="Any state"
              allowClear
              value={state}
              onChange={setState}
              options={CONTENT_STATES.map((s) => ({ label: s, value: s }))}
              style={{ width: 140 }}
            />
          </>
        }
      />
      {editing ? (
        <ContentEditor
          target={editing}
          readOnly={!mayEdit}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            again();
          }}
        />
      ) : null}
      {confirm.element}
    </>
  );
}

/** Deleting an item and its translations, confirmed with a reason; `done` when it went through. */
function useRemove(ask: AskConfirm, done: () => void) {
  const { call } = useConsole();
  const run = useAction();
  return (item: Item) =>
    ask({
      title: `Delete ${KIND_LABELS[item.kind].toLowerCase()} "${item.title}"`,
      summary: `The item and its ${item.langs.length} translation(s) are removed from the app at once.`,
      okText: 'Delete',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/content/delete', { kind: item.kind, group_key: item.group_key, reason }),
          'Deleted',
        );
        if (out) done();
        return out !== null;
      },
    });
}

/** The list's columns; the last holds the row's edit (or view) and delete buttons. */
const contentColumns = (p: {
  mayEdit: boolean;
  mayDelete: boolean;
  open: (i: Item) => void;
  remove: (i: Item) => void;
}): readonly DataColumn<Item>[] => [
  { key: 'kind', title: 'Kind', value: (i) => KIND_LABELS[i.kind], filter: true, width: 90 },
  {
    key: 'title',
    title: 'Title (English)',
    value: (i) => i.title,
    render: (i) => <Typography.Text strong>{i.title}</Typography.Text>,
  },
  {
    key: 'state',
    title: 'State',
    value: (i) => i.state,
    render: (i) => <StateTag state={i.state} />,
    filter: true,
  },
  {
    key: 'langs',
    title: 'Languages',
    value: (i) => i.langs.join(' '),
    render: (i) => (
      <Space size={2} wrap>
        {LANGS.map((l) => (
          <Tag
            key={l}
            color={i.langs.includes(l) ? 'geekblue' : undefined}
            style={i.langs.includes(l) ? undefined : { opacity: 0.35 }}
          >
            {l}
          </Tag>
        ))}
      </Space>
    ),
  },
  {
    key: 'publish',
    title: 'Publish',
    value: (i) => i.publish_at,
    render: (i) => when(i.publish_at),
    sort: true,
  },
  {
    key: 'expire',
    title: 'Expires',
    value: (i) => i.expire_at,
    render: (i) => when(i.expire_at),
    sort: true,
  },
  { key: 'sort', title: 'Order', value: (i) => i.sort, sort: true, align: 'right' },
  { key: 'feature', title: 'Feature', value: (i) => i.feature, filter: true },
  { key: 'key', title: 'Key', value: (i) => i.group_key, hidden: true },
  {
    key: 'actions',
    title: '',
    action: true,
    value: () => null,
    render: (i) => (
      <Space size={4} onClick={(e) => e.stopPropagation()}>
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => p.open(i)}
          aria-label={p.mayEdit ? 'Edit' : 'View'}
          title={p.mayEdit ? 'Edit' : 'View'}
        />
        {p.mayDelete ? (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => p.remove(i)}
            aria-label="Delete"
            title="Delete"
          />
        ) : null}
      </Space>
    ),
  },
];
