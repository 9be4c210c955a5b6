import {
  CONTENT_KINDS,
  type CONTENT_STATES,
  LANGS,
  type Lang,
  type RequestInput,
  type ResponseData,
} from '@nexa/contract';
import { isoOf, localOf } from '../ui/format';

// The content editor's draft, pure: what an item holds while it is edited, how it comes from the server and
// how it goes back (checked first).

export type Kind = (typeof CONTENT_KINDS)[number];
export type State = (typeof CONTENT_STATES)[number];

export const KIND_LABELS: Record<Kind, string> = {
  news: 'News',
  banner: 'Banners',
  bulletin: 'Bulletin',
  question: 'Q&A',
};
export const LANG_LABELS: Record<Lang, string> = {
  en: 'English',
  zh: '中文',
  ko: '한국어',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  ja: '日本語',
  de: 'Deutsch',
};

/** The kinds in the order the console offers them, with their labels. */
export const KIND_OPTIONS = CONTENT_KINDS.map((k) => ({ label: KIND_LABELS[k], value: k }));

/** One language's text as the editor holds it. */
export interface Translation {
  title: string;
  summary: string;
  body: string;
  image: string;
  link: string;
}

const EMPTY: Translation = { title: '', summary: '', body: '', image: '', link: '' };

export interface Draft {
  kind: Kind;
  group_key: string | null;
  sort: number;
  publish_at: string;
  expire_at: string;
  feature: string;
  translations: Record<Lang, Translation>;
}

/** What the editor opens: an item of a kind, new (no key) or saved. */
export interface Target {
  kind: Kind;
  group_key: string | null;
}

export function emptyDraft(kind: Kind): Draft {
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

/** A saved item as a draft: its languages (the ones the console knows), schedule and placement. */
export function draftOf(item: ResponseData<'/admin/content/get'>): Draft {
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
  return {
    ...d,
    group_key: item.group_key,
    sort: item.sort,
    publish_at: localOf(item.publish_at),
    expire_at: localOf(item.expire_at),
    feature: item.feature ?? '',
  };
}

/** The languages with a title: the ones saved. */
export const filledLangs = (d: Draft) => LANGS.filter((l) => d.translations[l].title.trim() !== '');

/** A feature name as the app reads it: lower case letters and dashes. */
export const featureOk = (feature: string) => !feature || /^[a-z][a-z-]{1,31}$/.test(feature.trim());

/** Whether saving now schedules the item (its publish time is ahead). */
export const isScheduled = (d: Draft) => (isoOf(d.publish_at) ?? '') > new Date().toISOString();

/** The save call's body of a draft, or what is wrong with the draft. */
export function saveBodyOf(draft: Draft): { body: RequestInput<'/admin/content/save'> } | { error: string } {
  const publish = isoOf(draft.publish_at);
  const expire = isoOf(draft.expire_at);
  if (!draft.translations.en.title.trim()) return { error: 'English is required: give it a title.' };
  if (!publish) return { error: 'Give a publish time.' };
  if (expire && Date.parse(expire) <= Date.parse(publish))
    return { error: 'The expiry must come after the publish time.' };
  return {
    body: {
      kind: draft.kind,
      ...(draft.group_key ? { group_key: draft.group_key } : {}),
      sort: draft.sort,
      publish_at: publish,
      expire_at: expire,
      feature: draft.feature.trim() || null,
      translations: filledLangs(draft).map((l) => {
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
    },
  };
}
