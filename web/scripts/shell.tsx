// Build time only (vite.config.ts, shellPage): the markup the app shows on a tab root while the screen's
// code loads, rendered from the app's own components, so the page can paint it before any script arrives.
import { LANGS, type Lang } from '@nexa/contract';
import { lazy } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LANG_TAGS, setDictionary } from '../src/i18n';
import { STORAGE_KEYS } from '../src/lib/storage';
import { type RouteDef, TABS } from '../src/paths';
import { ScreenFrame } from '../src/ui/screen-frame';
import { defaultUpDown, THEME_COLOR, type UpDown } from '../src/ui/settings';

/** A word of the dictionary in the markup, filled in on the phone in its language: `@@tabs.home@@`. */
const SLOT = /@@([\w.]+)@@/g;

/** The dictionary with every word replaced by its slot. */
function slots(tree: object, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return [
        key,
        typeof value === 'object' && value !== null ? slots(value as object, path) : `@@${path}@@`,
      ];
    }),
  );
}

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A screen whose code never arrives: the frame shows what it shows while loading. */
const Loading = lazy(() => new Promise<never>(() => {}));

export interface Shell {
  /** The frame of a tab root with no tab marked, its title as `@@title@@`, its other words as slots. */
  readonly markup: string;
  /** The tab roots' names, in order. */
  readonly tabs: readonly string[];
  /** Per language: its BCP 47 tag and the words of the markup and of the tab roots' titles, escaped. */
  readonly words: Readonly<Record<Lang, { readonly tag: string; readonly text: Record<string, string> }>>;
  readonly storageKeys: { readonly lang: string; readonly theme: string; readonly upDown: string };
  readonly themeColor: Readonly<Record<'dark' | 'light', string>>;
  /** The up/down colors of each language when the user has chosen none. */
  readonly upDown: Readonly<Record<Lang, UpDown>>;
}

export function renderShell(readDictionary: (lang: Lang) => object): Shell {
  const en = readDictionary('en');
  setDictionary('en', 'translation', slots(en));
  // A route of no tab: the tab bar shows with none marked; the page marks the one it is on.
  const route: RouteDef = { name: 'home', tab: true, load: () => new Promise(() => {}) };
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/']}>
      <ScreenFrame route={route} Screen={Loading} />
    </MemoryRouter>,
  ).replace('@@screens.home@@', '@@title@@');
  const keys = new Set([...markup.matchAll(SLOT)].map((m) => m[1] ?? '').filter((k) => k !== 'title'));
  for (const tab of TABS) keys.add(`screens.${tab}`);
  const words = Object.fromEntries(
    LANGS.map((lang) => {
      const dictionary = readDictionary(lang);
      const text: Record<string, string> = {};
      for (const key of keys) {
        const value = lookup(dictionary, key) ?? lookup(en, key);
        if (value === undefined) throw new Error(`shell: no text for ${key}`);
        text[key] = escapeHtml(value);
      }
      return [lang, { tag: LANG_TAGS[lang], text }];
    }),
  ) as Shell['words'];
  return {
    markup,
    tabs: TABS,
    words,
    storageKeys: { lang: STORAGE_KEYS.lang, theme: STORAGE_KEYS.theme, upDown: STORAGE_KEYS.upDown },
    themeColor: THEME_COLOR,
    upDown: Object.fromEntries(LANGS.map((lang) => [lang, defaultUpDown(lang)])) as Record<Lang, UpDown>,
  };
}
