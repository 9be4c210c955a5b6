import { PARTIAL_REASONS } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import de from '../src/features/wallet/locales/de.json';
import en from '../src/features/wallet/locales/en.json';
import ja from '../src/features/wallet/locales/ja.json';
import ko from '../src/features/wallet/locales/ko.json';
import th from '../src/features/wallet/locales/th.json';
import vi from '../src/features/wallet/locales/vi.json';
import zh from '../src/features/wallet/locales/zh.json';
import { returnedWhyKey } from '../src/features/wallet/returned';

const order = { kind: 'order', inst: 'BTC-USDT', side: 'buy', type: 'market' } as const;
const words = (key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);

describe('what a record says of the amount that came back', () => {
  it('a market buy that partly filled says so, and why, as the order list does', () => {
    expect(returnedWhyKey({ ...order, partial: 'lot_size' })).toBe('records.partial.lot_size');
    expect(words(returnedWhyKey({ ...order, partial: 'book_depth' }))).toBe(
      'Partly filled: the order book had nothing more (book depth); the rest came back to your balance.',
    );
    expect(words(returnedWhyKey({ ...order, partial: 'price_band' }))).toMatch(
      /^Partly filled: .*price band/,
    );
  });

  it('a full fill that got a better price, another cause or an older record says what was held and not used', () => {
    expect(returnedWhyKey({ ...order, partial: null })).toBe('records.returnedWhy');
    expect(returnedWhyKey({ kind: 'cancel', inst: 'BTC-USDT', count: 2 })).toBe('records.returnedWhy');
    expect(returnedWhyKey(null)).toBe('records.returnedWhy');
    expect(en.records.returnedWhy).not.toMatch(/price band|lot size/);
  });

  it('every language words every reason', () => {
    for (const l of [en, zh, ko, th, vi, ja, de]) {
      for (const r of PARTIAL_REASONS) expect(l.records.partial[r].length).toBeGreaterThan(10);
    }
  });
});
