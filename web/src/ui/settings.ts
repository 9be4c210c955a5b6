import type { Lang } from '@nexa/contract';
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';

export type Theme = 'dark' | 'light';
export type UpDown = 'green-up' | 'red-up';

export interface Appearance {
  readonly theme: Theme;
  /** The user's explicit choice; null follows the language (red-up for zh, green-up otherwise). */
  readonly upDownChoice: UpDown | null;
  readonly upDown: UpDown;
}

export const THEME_COLOR: Readonly<Record<Theme, string>> = { dark: '#0b0e11', light: '#f5f6f8' };

/** Default up/down colors per language, as in the leading apps. */
export function defaultUpDown(lang: Lang): UpDown {
  return lang === 'zh' ? 'red-up' : 'green-up';
}

function readTheme(): Theme {
  return readStored(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

function readUpDown(): UpDown | null {
  const v = readStored(STORAGE_KEYS.upDown);
  return v === 'green-up' || v === 'red-up' ? v : null;
}

let lang: Lang = 'en';
let state: Appearance = { theme: readTheme(), upDownChoice: readUpDown(), upDown: 'green-up' };
const listeners = new Set<() => void>();

function update(next: Omit<Appearance, 'upDown'>): void {
  state = { ...next, upDown: next.upDownChoice ?? defaultUpDown(lang) };
  if (typeof document !== 'undefined') {
    const root = document.documentElement;
    root.dataset.theme = state.theme;
    root.dataset.updown = state.upDown;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[state.theme]);
  }
  for (const l of listeners) l();
}

export function applyAppearance(forLang: Lang): void {
  lang = forLang;
  update(state);
}

export function setTheme(theme: Theme): void {
  writeStored(STORAGE_KEYS.theme, theme);
  update({ ...state, theme });
}

export function setUpDown(upDown: UpDown): void {
  writeStored(STORAGE_KEYS.upDown, upDown);
  update({ ...state, upDownChoice: upDown });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Appearance {
  return state;
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
