import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTENT_KINDS, CONTENT_STATES, LANGS, type Lang, type ResponseData } from '@nexa/contract';
import {
  Alert,
  App,
  Badge,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api';
import { failureText, useAction, useConsole } from '../console';
import { useConfirmWithReason } from '../ui/confirm-with-reason';
import { type DataColumn, DataTable } from '../ui/data-table';
import { when } from '../ui/format';
import { useListLoader } from '../ui/lists';
import { ScreenTitle } from '../ui/screen';
import '../ui/screens.css';

type Item = ResponseData<'/admin/content/list'>['list'][number];
type Kind = (typeof CONTENT_KINDS)[number];
type State = (typeof CONTENT_STATES)[number];

const KIND_LABELS: Record<Kind, string> = {
  news: 'News',
  banner: 'Banners',
  bulletin: 'Bulletin',
  question: 'Q&A',
};
const LANG_LABELS: Record<Lang, string> = {
  en: 'English',
  zh: '中文',
  ko: '한국어',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  ja: '日本語',
  de: 'Deutsch',
};
const STATE_COLORS: Record<State, string> = { scheduled: 'blue', live: 'green', expired: 'default' };

function StateTag({ state }: { state: State }) {
  return (
    <Tag color={STATE_COLORS[state]} data-testid="content-state">
      {state}
    </Tag>
  );
}

/** One language's text as the editor holds it. */
interface Translation {
  title: string;
  summary: string;
  body: string;
  image: string;
  link: string;
}

const EMPTY: Translation = { title: '', summary: '', body: '', image: '', link: '' };

interface Draft {
  kind: Kind;
  group_key: string | null;
  sort: number;
  publish_at: string;
  expire_at: string;
  feature: string;
  translations: Record<Lang, Translation>;
}

/** A time as a local date-time field shows it. */
function localOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function isoOf(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function emptyDraft(kind: Kind): Draft {
  return {
    kind,
    group_key: null,
    sort: 0,
    publish_at: localOf(new Date().toISOString()),
    expire_at: '',
    feature: '',
    translations: Object.fromEntries(LANGS.map((l) => [l, { ...EMPTY }])) as Record<Lang, Translation>,
  };
}

/** Content: news, banners, bulletin and Q&A in the seven languages, scheduled and expiring. */
export default function ContentScreen() {
  const { call, can } = useConsole();
  const run = useAction();
  const confirm = useConfirmWithReason();
  const [kind, setKind] = useState<Kind | 'all'>('all');
  const [state, setState] = useState<State | undefined>();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<{ kind: Kind; group_key: string | null } | null>(null);
  const load = useListLoader('/admin/content/list', {
    ...(kind === 'all' ? {} : { kind }),
    ...(state ? { state } : {}),
  });
  const mayEdit = can('/admin/content/save');
  const mayDelete = can('/admin/content/delete');

  const remove = (item: Item) =>
    confirm.ask({
      title: `Delete ${KIND_LABELS[item.kind].toLowerCase()} "${item.title}"`,
      summary: `The item and its ${item.langs.length} translation(s) are removed from the app at once.`,
      okText: 'Delete',
      danger: true,
      action: async (reason) => {
        const out = await run(
          () => call('/admin/content/delete', { kind: item.kind, group_key: item.group_key, reason }),
          'Deleted',
        );
        if (out) setReload((n) => n + 1);
        return out !== null;
      },
    });

  const columns: readonly DataColumn<Item>[] = [
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
            onClick={() => setEditing({ kind: i.kind, group_key: i.group_key })}
            aria-label={mayEdit ? 'Edit' : 'View'}
            title={mayEdit ? 'Edit' : 'View'}
          />
          {mayDelete ? (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(i)}
              aria-label="Delete"
              title="Delete"
            />
          ) : null}
        </Space>
      ),
    },
  ];

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
        columns={columns}
        rowKey={(i) => `${i.kind}:${i.group_key}`}
        onOpen={(i) => setEditing({ kind: i.kind, group_key: i.group_key })}
        reloadKey={reload}
        emptyText="No content here"
        toolbar={
          <>
            <Segmented<Kind | 'all'>
              value={kind}
              onChange={setKind}
              options={[
                { label: 'All', value: 'all' },
                ...CONTENT_KINDS.map((k) => ({ label: KIND_LABELS[k], value: k })),
              ]}
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
            setReload((n) => n + 1);
          }}
        />
      ) : null}
      {confirm.element}
    </>
  );
}

/** The editor: the item's schedule and placement, one tab per language, the phone preview beside it. */
function ContentEditor(props: {
  target: { kind: Kind; group_key: string | null };
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { call } = useConsole();
  const { message } = App.useApp();
  const { target } = props;
  const [draft, setDraft] = useState<Draft | null>(target.group_key ? null : emptyDraft(target.kind));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [lang, setLang] = useState<Lang>('en');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!target.group_key) return;
    let live = true;
    call('/admin/content/get', { kind: target.kind, group_key: target.group_key })
      .then((item) => {
        if (!live) return;
        const d = emptyDraft(item.kind);
        for (const t of item.translations) {
          if (!(LANGS as readonly string[]).includes(t.lang)) continue;
          d.translations[t.lang as Lang] = {
            title: t.title,
            summary: t.summary,
            body: t.body,
            image: t.image ?? '',
            link: t.link ?? '',
          };
        }
        setDraft({
          ...d,
          group_key: item.group_key,
          sort: item.sort,
          publish_at: localOf(item.publish_at),
          expire_at: localOf(item.expire_at),
          feature: item.feature ?? '',
        });
      })
      .catch((e: unknown) => live && setLoadError(failureText(e)));
    return () => {
      live = false;
    };
  }, [call, target.kind, target.group_key]);

  const patch = useCallback((p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d)), []);
  const patchLang = useCallback(
    (l: Lang, p: Partial<Translation>) =>
      setDraft((d) =>
        d ? { ...d, translations: { ...d.translations, [l]: { ...d.translations[l], ...p } } } : d,
      ),
    [],
  );

  const filled = (d: Draft) => LANGS.filter((l) => d.translations[l].title.trim() !== '');

  const save = async () => {
    if (!draft) return;
    setError(null);
    const publish = isoOf(draft.publish_at);
    const expire = isoOf(draft.expire_at);
    if (!draft.translations.en.title.trim()) return setError('English is required: give it a title.');
    if (!publish) return setError('Give a publish time.');
    if (expire && Date.parse(expire) <= Date.parse(publish))
      return setError('The expiry must come after the publish time.');
    const langs = filled(draft);
    const body = {
      kind: draft.kind,
      ...(draft.group_key ? { group_key: draft.group_key } : {}),
      sort: draft.sort,
      publish_at: publish,
      expire_at: expire,
      feature: draft.feature.trim() || null,
      translations: langs.map((l) => {
        const t = draft.translations[l];
        return {
          lang: l,
          title: t.title.trim(),
          summary: t.summary.trim(),
          body: t.body,
          image: t.image.trim() || null,
          link: t.link.trim() || null,
        };
      }),
    };
    setBusy(true);
    try {
      const out = await call('/admin/content/save', body);
      message.success(
        `Saved: ${out.state === 'scheduled' ? `scheduled for ${when(out.publish_at)}` : out.state}`,
      );
      props.onSaved();
    } catch (e) {
      if (!(e instanceof ApiError && e.signedOut)) setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  const scheduled = draft ? (isoOf(draft.publish_at) ?? '') > new Date().toISOString() : false;

  return (
    <Drawer
      open
      onClose={props.onClose}
      size={1180}
      destroyOnHidden
      title={
        target.group_key
          ? `${KIND_LABELS[target.kind]}: ${target.group_key}`
          : `New ${KIND_LABELS[target.kind].toLowerCase()} item`
      }
      extra={
        props.readOnly ? null : (
          <Space>
            {draft ? (
              scheduled ? (
                <Tag color="blue">will be scheduled</Tag>
              ) : (
                <Tag color="green">goes live on saving</Tag>
              )
            ) : null}
            <Button onClick={props.onClose}>Cancel</Button>
            <Button type="primary" loading={busy} onClick={save} disabled={!draft} data-testid="content-save">
              Save
            </Button>
          </Space>
        )
      }
    >
      {loadError ? (
        <Alert type="error" showIcon message="The item could not be loaded" description={loadError} />
      ) : !draft ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Row gutter={24} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {error ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                message={error}
                data-testid="content-error"
              />
            ) : null}
            <Form layout="vertical" disabled={props.readOnly}>
              <Row gutter={12}>
                <Col span={6}>
                  <Form.Item label="Kind" required>
                    <Select<Kind>
                      value={draft.kind}
                      disabled={draft.group_key !== null || props.readOnly}
                      onChange={(k) => patch({ kind: k })}
                      options={CONTENT_KINDS.map((k) => ({ label: KIND_LABELS[k], value: k }))}
                      data-testid="content-kind-select"
                    />
                  </Form.Item>
                </Col>
                <Col span={9}>
                  <Form.Item label="Publish at (a future time schedules it)" required>
                    <Input
                      type="datetime-local"
                      value={draft.publish_at}
                      onChange={(e) => patch({ publish_at: e.target.value })}
                      data-testid="content-publish"
                    />
                  </Form.Item>
                </Col>
                <Col span={9}>
                  <Form.Item label="Expires at (optional)">
                    <Input
                      type="datetime-local"
                      value={draft.expire_at}
                      onChange={(e) => patch({ expire_at: e.target.value })}
                      data-testid="content-expire"
                    />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item label="Order (higher first)">
                    <InputNumber
                      value={draft.sort}
                      min={-1_000_000}
                      max={1_000_000}
                      precision={0}
                      onChange={(v) => patch({ sort: typeof v === 'number' ? v : 0 })}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col span={9}>
                  <Form.Item
                    label="Feature (shown only while it runs)"
                    validateStatus={
                      draft.feature && !/^[a-z][a-z-]{1,31}$/.test(draft.feature.trim()) ? 'error' : undefined
                    }
                    help={
                      draft.feature && !/^[a-z][a-z-]{1,31}$/.test(draft.feature.trim())
                        ? 'Lower case letters and dashes'
                        : undefined
                    }
                  >
                    <Input
                      value={draft.feature}
                      placeholder="e.g. games"
                      onChange={(e) => patch({ feature: e.target.value })}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Tabs
                activeKey={lang}
                onChange={(k) => setLang(k as Lang)}
                type="card"
                data-testid="content-langs"
                items={LANGS.map((l) => ({
                  key: l,
                  label: (
                    <span data-testid={`content-lang-${l}`}>
                      <Badge status={draft.translations[l].title.trim() ? 'success' : 'default'} />{' '}
                      {LANG_LABELS[l]}
                      {l === 'en' ? ' *' : ''}
                    </span>
                  ),
                  children: (
                    <TranslationForm
                      kind={draft.kind}
                      lang={l}
                      value={draft.translations[l]}
                      onChange={(p) => patchLang(l, p)}
                    />
                  ),
                }))}
              />
              <Typography.Text type="secondary">
                Languages with a title are saved ({filled(draft).join(', ') || 'none yet'}); the app falls
                back to English for the others.
              </Typography.Text>
            </Form>
          </Col>
          <Col flex="400px">
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
              Preview · {LANG_LABELS[lang]}
            </Typography.Text>
            <Preview
              kind={draft.kind}
              t={draft.translations[lang].title.trim() ? draft.translations[lang] : draft.translations.en}
              publishAt={draft.publish_at}
            />
          </Col>
        </Row>
      )}
    </Drawer>
  );
}

function TranslationForm(props: {
  kind: Kind;
  lang: Lang;
  value: Translation;
  onChange: (p: Partial<Translation>) => void;
}) {
  const { kind, lang, value: t, onChange } = props;
  const question = kind === 'question';
  return (
    <>
      <Form.Item label={question ? 'Question' : 'Title'} required={lang === 'en'}>
        <Input
          value={t.title}
          maxLength={200}
          showCount
          onChange={(e) => onChange({ title: e.target.value })}
          data-testid={`content-title-${lang}`}
        />
      </Form.Item>
      {question ? null : (
        <Form.Item label="Summary">
          <Input.TextArea
            value={t.summary}
            maxLength={500}
            rows={2}
            onChange={(e) => onChange({ summary: e.target.value })}
            data-testid={`content-summary-${lang}`}
          />
        </Form.Item>
      )}
      <Form.Item label={question ? 'Answer' : 'Body'}>
        <Input.TextArea
          value={t.body}
          maxLength={20_000}
          autoSize={{ minRows: 6, maxRows: 14 }}
          onChange={(e) => onChange({ body: e.target.value })}
          data-testid={`content-body-${lang}`}
        />
      </Form.Item>
      {question ? null : (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              label={kind === 'banner' ? 'Image (required for banners)' : 'Image'}
              extra="An https address or an app path"
            >
              <Input
                value={t.image}
                onChange={(e) => onChange({ image: e.target.value })}
                placeholder="https://…"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Link" extra="An app path (/news/1) or an https address">
              <Input
                value={t.link}
                onChange={(e) => onChange({ link: e.target.value })}
                placeholder="/earn"
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}

/** The item roughly as the phone app shows it: image, title, date, summary, body (a question and its answer). */
function Preview({ kind, t, publishAt }: { kind: Kind; t: Translation; publishAt: string }) {
  const heading =
    kind === 'question' ? 'Q&A' : kind === 'banner' ? 'Home' : kind === 'bulletin' ? 'Announcement' : 'News';
  return (
    <div className="phone-preview" data-testid="content-preview">
      <div className="phone-preview__bar">{heading}</div>
      <div className="phone-preview__body">
        {!t.title.trim() ? (
          <div className="phone-preview__empty">Nothing to show yet</div>
        ) : kind === 'question' ? (
          <>
            <div className="phone-preview__title">{t.title}</div>
            <div className="phone-preview__text">{t.body}</div>
          </>
        ) : (
          <>
            {t.image.trim() ? (
              <img className="phone-preview__image" src={t.image} alt="" draggable={false} />
            ) : null}
            <div className="phone-preview__title">{t.title}</div>
            {kind === 'banner' ? null : (
              <>
                <div className="phone-preview__meta">{publishAt ? publishAt.replace('T', ' ') : ''}</div>
                {t.summary.trim() ? <div className="phone-preview__summary">{t.summary}</div> : null}
                <div className="phone-preview__text">{t.body}</div>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
