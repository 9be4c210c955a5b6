import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatNumber,
  formatUpTo,
  maskPhone,
  parseAmount,
  roundDecimal,
  setNumberLocale,
  zoneLabel,
} from '../src/index';

describe('formatNumber (thousands separators, 2 decimals by default)', () => {
  it.each<[string | number | bigint, number | undefined, string]>([
    ['0', undefined, '0.00'],
    ['1234567.891', undefined, '1,234,567.89'],
    ['1234567.895', undefined, '1,234,567.90'],
    ['999.995', undefined, '1,000.00'],
    ['-1234.5', undefined, '-1,234.50'],
    ['-0.001', undefined, '0.00'],
    [1234.5, undefined, '1,234.50'],
    [12345n, undefined, '12,345.00'],
    ['12.3456789', 6, '12.345679'],
    ['100', 0, '100'],
    ['abc', undefined, '--'],
  ])('%s with %s decimals → %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });
});

describe('formatUpTo (up to 6 decimals)', () => {
  it.each([
    ['1234.5', '1,234.5'],
    ['0.1234567', '0.123457'],
    ['5', '5'],
    ['1000000.000001', '1,000,000.000001'],
  ])('%s → %s', (value, expected) => expect(formatUpTo(value)).toBe(expected));
});

describe('roundDecimal', () => {
  it('rounds half up as text', () => {
    expect(roundDecimal('0.005', 2)).toBe('0.01');
    expect(roundDecimal('9.999', 2)).toBe('10.00');
    expect(roundDecimal('123456789012345678.125', 2)).toBe('123456789012345678.13');
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('12345')).toBe('12345');
  });
});

describe('formatDate', () => {
  it('formats YYYY-MM-DD in a fixed zone', () => {
    expect(formatDate(Date.UTC(2026, 0, 5, 20, 0), 0)).toBe('2026-01-05');
    expect(formatDate(Date.UTC(2026, 0, 5, 20, 0), 480)).toBe('2026-01-06');
    expect(formatDate('2026-11-22T00:00:00Z', 0)).toBe('2026-11-22');
    expect(formatDate('nonsense')).toBe('--');
  });
});

describe('numbers follow the app language', () => {
  it('groups and marks decimals as the language does, and goes back to English', () => {
    setNumberLocale('de');
    expect(formatNumber('1234567.8', 2)).toBe('1.234.567,80');
    expect(formatUpTo('1234.5000', 6)).toBe('1.234,5');
    expect(formatUpTo('12.000', 6)).toBe('12');
    setNumberLocale('vi');
    expect(formatNumber('-9876.5', 1)).toBe('-9.876,5');
    setNumberLocale('ja');
    expect(formatNumber('1234.5', 2)).toBe('1,234.50');
    setNumberLocale('en');
    expect(formatNumber('1234567.8', 2)).toBe('1,234,567.80');
    expect(formatUpTo('1234.5000', 6)).toBe('1,234.5');
  });
});

describe('times name their zone', () => {
  it('in a fixed zone', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 29, 8, 0, 5), 480)).toBe('2026-11-29 16:00:05 UTC+8');
    expect(formatDateTime(Date.UTC(2026, 10, 29, 8, 0, 5), 0)).toBe('2026-11-29 08:00:05 UTC');
    expect(formatDateMinute(Date.UTC(2026, 10, 29, 23, 30), 480)).toBe('2026-11-30 07:30 UTC+8');
    expect(formatDateTime('nonsense')).toBe('--');
  });

  it('in the device’s own zone, which it names', () => {
    const at = Date.UTC(2026, 10, 29, 8, 0, 0);
    const own = -new Date(at).getTimezoneOffset();
    expect(formatDateTime(at)).toBe(formatDateTime(at, own));
    expect(formatDateTime(at).endsWith(zoneLabel(own))).toBe(true);
  });

  it('labels zones as people read them', () => {
    expect(zoneLabel(0)).toBe('UTC');
    expect(zoneLabel(480)).toBe('UTC+8');
    expect(zoneLabel(-300)).toBe('UTC-5');
    expect(zoneLabel(330)).toBe('UTC+5:30');
  });
});

describe('amounts', () => {
  it.each<[string, number, bigint | null]>([
    ['1', 6, 1_000_000n],
    ['0.000001', 6, 1n],
    ['0.0000001', 6, null],
    ['-1', 6, null],
    ['1e5', 6, null],
    ['01', 6, null],
    ['1000000000000000', 6, 10n ** 21n],
    ['1000000000000001', 6, null],
    ['', 6, null],
  ])('parseAmount(%s, %i) = %s', (text, scale, minor) => {
    expect(parseAmount(text, scale)).toBe(minor);
  });

  it('formats minor units back without trailing zeros', () => {
    expect(formatAmount(1_500_000n, 6)).toBe('1.5');
    expect(formatAmount(-1n, 8)).toBe('-0.00000001');
    expect(formatAmount(0n, 6)).toBe('0');
  });

  // The plain arithmetic both functions once were, kept here as the reference of what they answer.
  const parseReference = (text: string, scale: number): bigint | null => {
    if (!/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/.test(text)) return null;
    const [whole = '0', frac = ''] = text.split('.');
    if (frac.length > scale) return null;
    const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0');
    return minor > 10n ** 15n * 10n ** BigInt(scale) ? null : minor;
  };
  const formatReference = (minor: bigint, scale: number): string => {
    const abs = minor < 0n ? -minor : minor;
    const base = 10n ** BigInt(scale);
    const frac = scale > 0 ? (abs % base).toString().padStart(scale, '0').replace(/0+$/, '') : '';
    return `${minor < 0n ? '-' : ''}${abs / base}${frac ? `.${frac}` : ''}`;
  };

  it('parses and formats as the plain arithmetic does, for any text and amount', () => {
    const text = fc.oneof(
      fc.stringMatching(/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/),
      fc.string({ maxLength: 24 }),
      fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 18 }), (t, scale) => {
        expect(parseAmount(t, scale)).toBe(parseReference(t, scale));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        (m, scale) => {
          expect(formatAmount(m, scale)).toBe(formatReference(m, scale));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
