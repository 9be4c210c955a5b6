import { LANGS, type Lang } from '@nexa/contract';
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
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api';
import { failureText, useConsole } from '../console';
import { when } from '../ui/format';
import {
  type Draft,
  draftOf,
  emptyDraft,
  featureOk,
  filledLangs,
  isScheduled,
  KIND_LABELS,
  KIND_OPTIONS,
  type Kind,
  LANG_LABELS,
  saveBodyOf,
  type Target,
  type Translation,
} from './content-draft';
import { Preview } from './content-preview';

/** The editor: the item's schedule and placement, one tab per language, the phone preview beside it. */
export function ContentEditor(props: {
  target: Target;
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { target, readOnly } = props;
  const { draft, loadError, patch, patchLang } = useDraft(target);
  const { save, busy, error } = useSave(draft, props.onSaved);
  const [lang, setLang] = useState<Lang>('en');

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
        readOnly ? null : <EditorButtons draft={draft} busy={busy} onSave={save} onClose={props.onClose} />
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
            <Form layout="vertical" disabled={readOnly}>
              <PlacementFields draft={draft} readOnly={readOnly} patch={patch} />
              <LangTabs draft={draft} lang={lang} onLang={setLang} patchLang={patchLang} />
              <Typography.Text type="secondary">
                Languages with a title are saved ({filledLangs(draft).join(', ') || 'none yet'}); the app
                falls back to English for the others.
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

/** The draft being edited: a new one at once, a saved one once loaded; and its two ways to change. */
function useDraft(target: Target) {
  const { call } = useConsole();
  const [draft, setDraft] = useState<Draft | null>(target.group_key ? null : emptyDraft(target.kind));
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!target.group_key) return;
    let live = true;
    call('/admin/content/get', { kind: target.kind, group_key: target.group_key })
      .then((item) => {
        if (live) setDraft(draftOf(item));
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
  return { draft, loadError, patch, patchLang };
}

/** Saving the draft: checked first, then sent; what went wrong shows on the form. */
function useSave(draft: Draft | null, onSaved: () => void) {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!draft) return;
    setError(null);
    const checked = saveBodyOf(draft);
    if ('error' in checked) return setError(checked.error);
    setBusy(true);
    try {
      const out = await call('/admin/content/save', checked.body);
      message.success(
        `Saved: ${out.state === 'scheduled' ? `scheduled for ${when(out.publish_at)}` : out.state}`,
      );
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError && e.signedOut)) setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  return { save, busy, error };
}

/** The drawer's buttons: what saving does (schedule or go live), Cancel, Save. */
function EditorButtons(props: {
  draft: Draft | null;
  busy: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { draft } = props;
  return (
    <Space>
      {draft ? (
        isScheduled(draft) ? (
          <Tag color="blue">will be scheduled</Tag>
        ) : (
          <Tag color="green">goes live on saving</Tag>
        )
      ) : null}
      <Button onClick={props.onClose}>Cancel</Button>
      <Button
        type="primary"
        loading={props.busy}
        onClick={props.onSave}
        disabled={!draft}
        data-testid="content-save"
      >
        Save
      </Button>
    </Space>
  );
}

/** The item's kind, schedule, order and feature. */
function PlacementFields(props: { draft: Draft; readOnly: boolean; patch: (p: Partial<Draft>) => void }) {
  const { draft, patch } = props;
  const badFeature = !featureOk(draft.feature);
  return (
    <Row gutter={12}>
      <Col span={6}>
        <Form.Item label="Kind" required>
          <Select<Kind>
            value={draft.kind}
            disabled={draft.group_key !== null || props.readOnly}
            onChange={(k) => patch({ kind: k })}
            options={KIND_OPTIONS}
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
          validateStatus={badFeature ? 'error' : undefined}
          help={badFeature ? 'Lower case letters and dashes' : undefined}
        >
          <Input
            value={draft.feature}
            placeholder="e.g. games"
            onChange={(e) => patch({ feature: e.target.value })}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** One tab per language, a dot on the ones with a title. */
function LangTabs(props: {
  draft: Draft;
  lang: Lang;
  onLang: (l: Lang) => void;
  patchLang: (l: Lang, p: Partial<Translation>) => void;
}) {
  const { draft, patchLang } = props;
  return (
    <Tabs
      activeKey={props.lang}
      onChange={(k) => props.onLang(k as Lang)}
      type="card"
      data-testid="content-langs"
      items={LANGS.map((l) => ({
        key: l,
        label: (
          <span data-testid={`content-lang-${l}`}>
            <Badge status={draft.translations[l].title.trim() ? 'success' : 'default'} /> {LANG_LABELS[l]}
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
