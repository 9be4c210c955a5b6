import { DEFAULT_LANG, headerForLang, isLang, LANGS, type Lang } from '@nexa/contract';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import en from './locales/en.json';

/** The shell's dictionary: what every screen may say (titles, tabs, common words, shared parts). */
export type Messages = typeof en;

/**
 * Each feature's own dictionary, by namespace. A feature adds itself here from its own folder
 * (`declare module '…/i18n' { interface FeatureMessages { wallet: typeof en } }`), so no shared file
 * changes when a feature arrives.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features' declarations
export interface FeatureMessages {}
export type FeatureNamespace = keyof FeatureMessages & string;
type NamespaceLoader = (lang: Lang) => Promise<{ default: object }>;

/** The name of each language in itself, shown in the language list. */
export const LANG_NATIVE_NAMES: Readonly<Record<Lang, string>> = {
  en: 'English',
  zh: '简体中文',
  ko: '한국어',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  ja: '日本語',
  de: 'Deutsch',
};

/** BCP 47 tags for the document and for Intl. */
export const LANG_TAGS: Readonly<Record<Lang, string>> = {
  en: 'en',
  zh: 'zh-CN',
  ko: 'ko',
  th: 'th',
  vi: 'vi',
  ja: 'ja',
  de: 'de',
};

// English ships with the first load; the other dictionaries load when chosen.
const loaders: Readonly<Record<Exclude<Lang, 'en'>, () => Promise<{ default: Messages }>>> = {
  zh: () => import('./locales/zh.json'),
  ko: () => import('./locales/ko.json'),
  th: () => import('./locales/th.json'),
  vi: () => import('./locales/vi.json'),
  ja: () => import('./locales/ja.json'),
  de: () => import('./locales/de.json'),
};

function storedLang(): Lang {
  const value = readStored(STORAGE_KEYS.lang);
  return isLang(value) ? value : DEFAULT_LANG;
}

let current: Lang = DEFAULT_LANG;
const listeners = new Set<() => void>();

export function getLang(): Lang {
  return current;
}

/** Value of the `lang` request header for the current language. */
export function langHeader(): string {
  return headerForLang(current);
}

// The features' dictionaries that some screen has asked for; a new language loads them all.
const namespaces = new Map<FeatureNamespace, NamespaceLoader>();

async function ensureNamespace(ns: FeatureNamespace, lang: Lang): Promise<void> {
  const load = namespaces.get(ns);
  if (!load || i18next.hasResourceBundle(lang, ns)) return;
  const messages = await load(lang);
  i18next.addResourceBundle(lang, ns, messages.default);
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang !== 'en' && !i18next.hasResourceBundle(lang, 'translation')) {
    const messages = await loaders[lang]();
    i18next.addResourceBundle(lang, 'translation', messages.default);
  }
  await Promise.all([...namespaces.keys()].map((ns) => ensureNamespace(ns, lang)));
}

/**
 * A feature's dictionary, loaded in the current language the first time one of its screens opens
 * (alongside the screen's chunk) and again whenever the language changes.
 */
export interface FeatureText {
  readonly ns: FeatureNamespace;
  /** Resolves once the namespace can be read in the current language. */
  readonly load: () => Promise<void>;
  /** A screen chunk that opens only with this dictionary in place. */
  readonly with: <M>(chunk: () => Promise<M>) => () => Promise<M>;
}

export function defineFeatureText(ns: FeatureNamespace, loader: NamespaceLoader): FeatureText {
  const load = (): Promise<void> => {
    namespaces.set(ns, loader);
    return ensureNamespace(ns, current);
  };
  return {
    ns,
    load,
    with: (chunk) => () => Promise.all([chunk(), load()]).then(([m]) => m),
  };
}

function apply(lang: Lang): void {
  current = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = LANG_TAGS[lang];
  for (const l of listeners) l();
}

/** Switches the language at once and remembers it under the `lang` key. */
export async function setLang(lang: Lang): Promise<void> {
  await ensureLoaded(lang);
  writeStored(STORAGE_KEYS.lang, lang);
  await i18next.changeLanguage(lang);
  apply(lang);
}

/** Starts i18next with English and the stored language; resolves once the first screen can render. */
export async function initI18n(): Promise<void> {
  const lang = storedLang();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'translation',
    // A feature's screens read the shell's words (common, messages, prompts) through its namespace.
    fallbackNS: 'translation',
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
  });
  try {
    await ensureLoaded(lang);
    await i18next.changeLanguage(lang);
    apply(lang);
  } catch {
    apply('en');
  }
}

/** Calls the listener whenever the language changes. */
export function onLangChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLang(): Lang {
  return useSyncExternalStore(onLangChange, getLang, getLang);
}

export { i18next };
