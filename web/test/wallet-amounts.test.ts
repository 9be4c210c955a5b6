import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  checkAmount,
  compareAmounts,
  isNegative,
  maxAmount,
  ratePercent,
  sanitizeAmountInput,
  subtractAmounts,
  sumAmounts,
} from '../src/lib/amounts';

describe('amount arithmetic on decimal strings', () => {
  it('adds, subtracts and compares without floating point', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('100', '1')).toBe('101');
    expect(subtractAmounts('0.3', '0.1')).toBe('0.2');
    expect(subtractAmounts('1', '1.5')).toBe('-0.5');
    expect(sumAmounts(['12.345678', '0.000001', '1000000000000'])).toBe('1000000000012.345679');
    expect(sumAmounts([])).toBe('0');
    expect(compareAmounts('10.0', '10')).toBe(0);
    expect(compareAmounts('9.999999', '10')).toBe(-1);
    expect(compareAmounts('10.000001', '10')).toBe(1);
  });

  it('turns a rate into a percentage', () => {
    expect(ratePercent('0.005')).toBe('0.5');
    expect(ratePercent('0.1')).toBe('10');
  });

  it('tells signed amounts apart', () => {
    expect(isNegative('-1.5')).toBe(true);
    expect(isNegative('1.5')).toBe(false);
    expect(isNegative('+2')).toBe(false);
  });
});

describe('max', () => {
  it.each([
    ['available minus the withdrawal fee', '100', '1', 6, '99'],
    ['cut, never rounded up, to the asset decimals', '10.123456789', '0', 6, '10.123456'],
    ['a fee larger than the balance leaves nothing', '0.5', '1', 6, '0'],
    ['a balance equal to the fee leaves nothing', '1', '1', 6, '0'],
    ['no fee: the whole balance', '1234.5', '0', 8, '1234.5'],
    ['to the satoshi', '0.123456789', '0', 8, '0.12345678'],
  ])('%s', (_label, available, fee, scale, expected) => {
    expect(maxAmount(available, fee, scale)).toBe(expected);
  });

  it('is 0 while the balance is unknown', () => {
    expect(maxAmount(null, '1', 6)).toBe('0');
    expect(maxAmount(undefined, '0', 6)).toBe('0');
    expect(maxAmount('not a number', '0', 6)).toBe('0');
  });
});

describe('typing an amount', () => {
  it.each([
    ['12.5', 6, '12.5'],
    ['12,5', 6, '12.5'],
    ['1.2.3', 6, '1.23'],
    ['007', 6, '7'],
    ['0.5', 6, '0.5'],
    ['.5', 6, '0.5'],
    ['5.', 6, '5.'],
    ['1.1234567', 6, '1.123456'],
    ['1.5', 0, '1'],
    ['-3', 6, '3'],
    ['1e5', 6, '15'],
    [' 1 000 ', 6, '1000'],
    ['', 6, ''],
  ])('%s with %i decimals → %s', (raw, scale, expected) => {
    expect(sanitizeAmountInput(raw, scale)).toBe(expected);
  });
});

describe('checking an amount', () => {
  const withdrawal = { scale: 6, available: '100', fee: '1', min: '10', max: '50000' } as const;

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'invalid'],
    ['0', 'invalid'],
    ['0.000', 'invalid'],
    ['1.1234567', 'invalid'],
    ['9.999999', 'belowMinimum'],
    ['10', null],
    ['99', null],
    ['99.000001', 'insufficient'],
    ['100', 'insufficient'],
    ['50000.000001', 'aboveLimit'],
  ])('withdrawal of %j → %s', (amount, expected) => {
    expect(checkAmount(amount, withdrawal)).toBe(expected);
  });

  it('does not check the balance while it is unknown', () => {
    expect(checkAmount('5000', { scale: 6, available: null })).toBeNull();
  });

  it('checks the daily limit before the balance', () => {
    expect(checkAmount('60000', { ...withdrawal, available: '1' })).toBe('aboveLimit');
  });

  it('without a fee, the whole balance may go', () => {
    expect(checkAmount('100', { scale: 6, available: '100' })).toBeNull();
    expect(checkAmount('100.000001', { scale: 6, available: '100' })).toBe('insufficient');
  });

  it('applies the transfer minimum of 1', () => {
    expect(checkAmount('0.99', { scale: 6, available: '100', min: '1' })).toBe('belowMinimum');
    expect(checkAmount('1', { scale: 6, available: '100', min: '1' })).toBeNull();
  });
});
