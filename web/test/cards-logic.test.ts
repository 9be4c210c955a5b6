import { describe, expect, it } from 'vitest';
import {
  ageOn,
  binPreview,
  birthDateProblem,
  brandMark,
  docNumberProblem,
  expiryText,
  groupCardNumber,
  imageProblem,
  latestBirthDate,
  normalizeDocNumber,
  pinProblem,
  pinWeakness,
  secondsLeft,
  sixDigits,
  sizeText,
  topupSplit,
} from '../src/features/cards/cards-math';

describe('top-up fee', () => {
  it.each([
    // amount, rate, fee, what reaches the card
    ['100', '0.01', '1', '99'],
    ['10', '0.01', '0.1', '9.9'],
    ['250.5', '0.015', '3.7575', '246.7425'],
    ['1000000', '0.01', '10000', '990000'],
    ['100', '0', '0', '100'],
  ])('%s USDT at %s: fee %s, %s arrives', (amount, rate, fee, received) => {
    expect(topupSplit(amount, rate)).toEqual({ fee, received });
  });

  it('rounds the fee up to the micro-USDT: a charge never rounds down to free', () => {
    expect(topupSplit('0.000001', '0.01')).toEqual({ fee: '0.000001', received: '0' });
    expect(topupSplit('1.000001', '0.01')).toEqual({ fee: '0.010001', received: '0.99' });
  });

  it('knows nothing of amounts that are not positive USDT amounts, or of rates that are not fractions', () => {
    for (const amount of ['', '0', '-5', 'abc', '1.0000001', '1e3'])
      expect(topupSplit(amount, '0.01')).toBeNull();
    for (const rate of ['', '1', '1.5', 'x']) expect(topupSplit('100', rate)).toBeNull();
  });
});

describe('document number', () => {
  const passportDE = '^[CFGHJKLMNPRTVWXYZ0-9]{9}$';
  it('is asked for when empty', () => {
    expect(docNumberProblem('', passportDE)).toBe('required');
    expect(docNumberProblem('   ', passportDE)).toBe('required');
  });
  it('follows the country format of its document type', () => {
    expect(docNumberProblem('C01X00T47', passportDE)).toBeNull();
    expect(docNumberProblem('c01x 00t47', passportDE)).toBeNull();
    expect(docNumberProblem('C01X00T4', passportDE)).toBe('invalid');
    expect(docNumberProblem('A01X00T47', passportDE)).toBe('invalid');
  });
  it('matches the whole number, whether or not the pattern is anchored', () => {
    expect(docNumberProblem('AB1234567', '[0-9]{7}')).toBe('invalid');
    expect(docNumberProblem('1234567', '[0-9]{7}')).toBeNull();
    expect(docNumberProblem('12345678', '\\d{7}|\\d{9}')).toBe('invalid');
    expect(docNumberProblem('123456789', '\\d{7}|\\d{9}')).toBeNull();
  });
  it('keeps to 4 … 30 characters, with or without a pattern (a broken one is ignored)', () => {
    expect(docNumberProblem('AB1', undefined)).toBe('invalid');
    expect(docNumberProblem('A'.repeat(31), undefined)).toBe('invalid');
    expect(docNumberProblem('AB12', undefined)).toBeNull();
    expect(docNumberProblem('AB12', '([')).toBeNull();
  });
  it('is sent without spaces, in capitals', () => {
    expect(normalizeDocNumber(' x12 345 z ')).toBe('X12345Z');
  });
});

describe('age', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2008-05-17', '2026-05-16')).toBe(17);
    expect(ageOn('2008-05-17', '2026-05-17')).toBe(18);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });
  it('refuses dates that do not exist and births after today', () => {
    expect(ageOn('2001-02-29', '2026-01-01')).toBeNull();
    expect(ageOn('1990-04-31', '2026-01-01')).toBeNull();
    expect(ageOn('2027-01-01', '2026-01-01')).toBeNull();
    expect(ageOn('17/05/1990', '2026-01-01')).toBeNull();
  });
  it.each([
    ['', 'required'],
    ['1990-13-01', 'invalid'],
    ['1800-01-01', 'invalid'],
    ['2030-01-01', 'invalid'],
    ['2008-11-28', 'tooYoung'],
    ['2008-11-27', null],
    ['1960-01-01', null],
  ])('born %s, 18 needed on 2026-11-27: %s', (birth, problem) => {
    expect(birthDateProblem(birth, '2026-11-27', 18)).toBe(problem);
  });
  it('offers the latest date of birth old enough (a leap day falls back to the 28th)', () => {
    expect(latestBirthDate('2026-11-27', 18)).toBe('2008-11-27');
    expect(latestBirthDate('2028-02-29', 18)).toBe('2010-02-28');
    expect(latestBirthDate('2028-02-29', 16)).toBe('2012-02-29');
    expect(birthDateProblem(latestBirthDate('2026-11-27', 18), '2026-11-27', 18)).toBeNull();
  });
});

describe('PIN', () => {
  it.each([
    ['000000', 'repeated'],
    ['777777', 'repeated'],
    ['123456', 'sequence'],
    ['654321', 'sequence'],
    ['890123', 'sequence'],
    ['210987', 'sequence'],
    ['135790', null],
    ['482915', null],
    ['12345', null],
  ])('%s is weak: %s', (pin, weakness) => {
    expect(pinWeakness(pin)).toBe(weakness);
  });
  it('names the first problem of a PIN and its repetition', () => {
    expect(pinProblem('', '')).toBe('required');
    expect(pinProblem('12a456', '12a456')).toBe('format');
    expect(pinProblem('12345', '12345')).toBe('format');
    expect(pinProblem('111111', '111111')).toBe('repeated');
    expect(pinProblem('123456', '123456')).toBe('sequence');
    expect(pinProblem('482915', '482951')).toBe('mismatch');
    expect(pinProblem('482915', '')).toBe('mismatch');
    expect(pinProblem('482915', '482915')).toBeNull();
  });
  it('keeps only digits, at most six', () => {
    expect(sixDigits('12 34-56 78')).toBe('123456');
    expect(sixDigits('abc')).toBe('');
  });
});

describe('images', () => {
  it('takes JPEG and PNG only, not empty, within the server limit once it is known', () => {
    expect(imageProblem({ type: 'image/png', size: 2048 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 2048 }, 4096)).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 2048 })).toBe('type');
    expect(imageProblem({ type: 'application/pdf', size: 2048 })).toBe('type');
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(imageProblem({ type: 'image/png', size: 4097 }, 4096)).toBe('size');
  });
  it('says sizes as people read them', () => {
    expect(sizeText(300)).toBe('1 KB');
    expect(sizeText(820 * 1024)).toBe('820 KB');
    expect(sizeText(4.5 * 1024 * 1024)).toBe('4.5 MB');
    expect(sizeText(12 * 1024 * 1024)).toBe('12 MB');
  });
});

describe('card face', () => {
  it('groups a full number by four and shows an expiry as cards print it', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242 4242 4242 4242')).toBe('4242 4242 4242 4242');
    expect(expiryText('2029-11')).toBe('11/29');
    expect(expiryText('2029-11-30')).toBe('11/29');
    expect(expiryText('11/29')).toBe('11/29');
    expect(expiryText('3/2031')).toBe('03/31');
    expect(expiryText('soon')).toBe('soon');
  });
  it('shows a BIN as the start of a masked number', () => {
    expect(binPreview('424242')).toBe('4242 42•• •••• ••••');
    expect(binPreview('53999912')).toBe('5399 9912 •••• ••••');
  });
  it('knows the networks it draws', () => {
    expect(brandMark('Visa')).toBe('visa');
    expect(brandMark('VISA Platinum')).toBe('visa');
    expect(brandMark('Mastercard')).toBe('mastercard');
    expect(brandMark('UnionPay')).toBe('other');
  });
  it('counts a reveal down in whole seconds, never below zero', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 100)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
    expect(secondsLeft(30_000, 30_000)).toBe(0);
    expect(secondsLeft(30_000, 31_000)).toBe(0);
  });
});
