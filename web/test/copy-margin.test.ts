import { describe, expect, it } from 'vitest';
import { copyMargin, MARGIN_REASON_KEYS } from '../src/features/copy/copy-margin';
import de from '../src/features/copy/locales/de.json';
import en from '../src/features/copy/locales/en.json';
import ja from '../src/features/copy/locales/ja.json';
import ko from '../src/features/copy/locales/ko.json';
import th from '../src/features/copy/locales/th.json';
import vi from '../src/features/copy/locales/vi.json';
import zh from '../src/features/copy/locales/zh.json';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

describe('the margin a copy by amount opened', () => {
  it('50 USDT per position that opened 31.12 reads with why', () => {
    const m = copyMargin({ margin_asked: '50', margin_opened: '31.120734', margin_reason: 'lot_size' });
    expect(m).toEqual({ opened: '31.12', asked: '50', reason: 'lot_size' });
    const why = en.copy.marginReason.lot_size;
    expect(fill(en.copy.marginWhy, { opened: m?.opened ?? '', asked: m?.asked ?? '', why })).toBe(
      'Margin 31.12 of 50 USDT — rounded down to whole contracts',
    );
  });

  it('an exact amount reads without a reason; other trades say nothing', () => {
    const m = copyMargin({ margin_asked: '120', margin_opened: '120', margin_reason: null });
    expect(m).toEqual({ opened: '120.00', asked: '120', reason: null });
    expect(fill(en.copy.marginOf, { opened: '120.00', asked: '120' })).toBe('Margin 120.00 of 120 USDT');
    expect(copyMargin({ margin_asked: null, margin_opened: null, margin_reason: null })).toBeNull();
  });

  it('every language has the line and every reason, and the hint says contracts are whole', () => {
    for (const l of [en, zh, ko, th, vi, ja, de]) {
      for (const k of ['opened', 'asked']) {
        expect(l.copy.marginOf).toContain(`{{${k}}}`);
        expect(l.copy.marginWhy).toContain(`{{${k}}}`);
      }
      expect(l.copy.marginWhy).toContain('{{why}}');
      for (const r of MARGIN_REASON_KEYS) expect(l.copy.marginReason[r].length).toBeGreaterThan(0);
    }
    expect(en.copy.amountHint).toContain('rounded down to whole contracts');
  });
});
