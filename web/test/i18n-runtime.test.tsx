// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defineFeatureText,
  getLang,
  initI18n,
  setDictionary,
  setLang,
  t,
  translate,
  useTranslation,
} from '../src/i18n';
import en from '../src/i18n/locales/en.json';
import zh from '../src/i18n/locales/zh.json';

/*
 * The app's text layer: a key is looked up in the screen's namespace, then in the shell's words, each in
 * the current language and then in English; placeholders are filled; a screen renders again in a new
 * language, memoized parts included.
 */

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  cleanup();
  await act(() => setLang('en'));
});

describe('translate', () => {
  it("reads the shell's words by their dotted key and fills placeholders", () => {
    expect(t('tabs.home')).toBe(en.tabs.home);
    expect(t('walletForm.cutDecimals', { count: 2, asset: 'USDT' })).toBe(
      'Cut to 2 decimals, the most USDT allows',
    );
  });

  it('leaves a placeholder given no value empty, and answers an unknown key with the key', () => {
    expect(translate('translation', 'walletForm.cutDecimals', { count: 4 })).toBe(
      'Cut to 4 decimals, the most  allows',
    );
    expect(translate('translation', 'no.such.key')).toBe('no.such.key');
    // A key that names a group of words is not a text.
    expect(translate('translation', 'tabs')).toBe('tabs');
  });

  it("falls back from a feature's namespace to the shell's words, and from a language to English", async () => {
    setDictionary('en', 'wallet', { only: { here: 'Only in the wallet' } });
    setDictionary('zh', 'wallet', {});
    expect(translate('wallet', 'only.here')).toBe('Only in the wallet');
    expect(translate('wallet', 'tabs.home')).toBe(en.tabs.home);
    await setLang('zh');
    expect(getLang()).toBe('zh');
    expect(translate('wallet', 'only.here')).toBe('Only in the wallet');
    expect(translate('wallet', 'tabs.home')).toBe(zh.tabs.home);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it("loads a feature's dictionary in the current language when its screen opens", async () => {
    await setLang('de');
    const text = defineFeatureText('cards', (lang) => import(`../src/features/cards/locales/${lang}.json`));
    // The screen's chunk resolves only once its dictionary is in place.
    expect(await text.with(async () => 'the screen')()).toBe('the screen');
    const de = (await import('../src/features/cards/locales/de.json')).default as Record<string, unknown>;
    const [group, words] = Object.entries(de).find(([, v]) => typeof v === 'object') ?? [];
    const [key, value] = Object.entries(words as Record<string, unknown>).find(
      ([, v]) => typeof v === 'string',
    ) ?? ['', ''];
    expect(translate('cards', `${group}.${key}`)).toBe(value);
  });
});

/** A part that renders again only when its props change: a new language must give it a new function. */
const Title = memo(function Title({ t: text }: { t: (key: 'tabs.wallet') => string }) {
  return <h1>{text('tabs.wallet')}</h1>;
});

function Screen() {
  const { t: text } = useTranslation();
  return (
    <main>
      <p>{text('tabs.home')}</p>
      <Title t={text} />
    </main>
  );
}

describe('useTranslation', () => {
  it('renders the screen again when the language changes, memoized parts included', async () => {
    render(<Screen />);
    expect(screen.getByRole('main').querySelector('p')?.textContent).toBe(en.tabs.home);
    expect(screen.getByRole('heading').textContent).toBe(en.tabs.wallet);
    await act(() => setLang('ko'));
    const ko = (await import('../src/i18n/locales/ko.json')).default;
    expect(screen.getByRole('main').querySelector('p')?.textContent).toBe(ko.tabs.home);
    expect(screen.getByRole('heading').textContent).toBe(ko.tabs.wallet);
  });
});
