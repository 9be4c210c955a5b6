import en from 'virtual:nexa-dictionary/en';
import { DEFAULT_LANG, headerForLang, isLang, type Lang, setNumberLocale } from '@nexa/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import type shell from './locales/en.json';

/**
 * The shell's dictionary: what every screen may say (tabs, common words, shared parts) and every screen's
 * title (`screens`), which each feature brings in its own dictionary (see web/scripts/dictionaries.ts).
 */
export type Messages = typeof shell & { readonly screens: Readonly<Record<ScreenName, string>> };

/**
 * Each feature's own dictionary, by namespace. A feature adds itself here from its own folder
 * (`declare module '…/i18n' { interface FeatureMessages { wallet: typeof en } }`), so no shared file
 * changes when a feature arrives.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features' declarations
export interface FeatureMessages {}
export type FeatureNamespace = keyof FeatureMessages & string;

/** A screen's name: a key of its feature's `screens` (its title), and its path without the slash. */
export type ScreenName = {
  [N in FeatureNamespace]: FeatureMessages[N] extends { readonly screens: infer S }
    ? keyof S & string
    : never;
}[FeatureNamespace];
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

/** A dictionary: nested objects whose leaves are the texts. */
type Tree = { readonly [key: string]: string | Tree };

/** Every key of a dictionary, its path joined with dots (`walletForm.cutDecimals`). */
type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

/** The shell's namespace, which every feature's namespace falls back to. */
const SHELL = 'translation';
type Namespace = FeatureNamespace | typeof SHELL;
type Dictionary<N extends Namespace> = N extends FeatureNamespace ? FeatureMessages[N] : Messages;

/** Values put in a text's `{{name}}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

/** A namespace's texts by key, falling back to the shell's words; an unknown key does not compile. */
export type Translate<N extends Namespace = typeof SHELL> = (
  key: KeyOf<Dictionary<N>> | KeyOf<Messages>,
  values?: TextValues,
) => string;

// The dictionaries in memory, by language and namespace.
const bundles = new Map<string, Tree>();
const bundleKey = (lang: Lang, ns: string): string => `${lang}/${ns}`;

function find(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A text in the current language: the namespace first, then the shell's words, each in the current
 * language and then in English; the key itself when no dictionary has it. Placeholders take `values`
 * as they are (React escapes what it renders).
 */
export function translate(ns: Namespace, key: string, values?: TextValues): string {
  for (const space of ns === SHELL ? [SHELL] : [ns, SHELL]) {
    for (const lang of current === 'en' ? ['en' as const] : [current, 'en' as const]) {
      const text = find(bundles.get(bundleKey(lang, space)), key);
      if (text !== undefined) {
        return values ? text.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? '')) : text;
      }
    }
  }
  return key;
}

/** Puts a dictionary in place of the one loaded for a language and namespace (the build's shell page). */
export function setDictionary(lang: Lang, ns: Namespace, tree: object): void {
  bundles.set(bundleKey(lang, ns), tree as Tree);
}

/** The shell's words outside React (toasts, the API client's messages). */
export const t: Translate = (key, values) => translate(SHELL, key, values);

/** A screen's texts, in its feature's namespace (or the shell's); renders again when the language changes. */
export function useTranslation<N extends Namespace = typeof SHELL>(ns?: N): { readonly t: Translate<N> } {
  const lang = useLang();
  const space: Namespace = ns ?? SHELL;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language gives a new function, so memoized parts render again
  return useMemo(() => ({ t: (key, values) => translate(space, key, values) }), [space, lang]);
}

// English ships with the first load; the other dictionaries load when chosen.
const loaders: Readonly<Record<Exclude<Lang, 'en'>, () => Promise<{ default: object }>>> = {
  zh: () => import('virtual:nexa-dictionary/zh'),
  ko: () => import('virtual:nexa-dictionary/ko'),
  th: () => import('virtual:nexa-dictionary/th'),
  vi: () => import('virtual:nexa-dictionary/vi'),
  ja: () => import('virtual:nexa-dictionary/ja'),
  de: () => import('virtual:nexa-dictionary/de'),
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
  if (!load || bundles.has(bundleKey(lang, ns))) return;
  const messages = await load(lang);
  bundles.set(bundleKey(lang, ns), messages.default as Tree);
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (!bundles.has(bundleKey(lang, SHELL))) {
    const messages = lang === 'en' ? { default: en } : await loaders[lang]();
    bundles.set(bundleKey(lang, SHELL), messages.default as Tree);
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
  // Numbers follow the language: 1,234.50 in English, 1.234,50 in German.
  setNumberLocale(LANG_TAGS[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = LANG_TAGS[lang];
  for (const l of listeners) l();
}

/** Switches the language at once and remembers it under the `lang` key. */
export async function setLang(lang: Lang): Promise<void> {
  await ensureLoaded(lang);
  writeStored(STORAGE_KEYS.lang, lang);
  apply(lang);
}

/** Loads English and the stored language; resolves once the first screen can render. */
export async function initI18n(): Promise<void> {
  await ensureLoaded('en');
  const lang = storedLang();
  try {
    await ensureLoaded(lang);
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
