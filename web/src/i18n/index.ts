import { DEFAULT_LANG, headerForLang, isLang, LANGS, type Lang } from '@nexa/contract';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import en from './locales/en.json';

export type Messages = typeof en;

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

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const messages = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', messages.default);
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
