import { MAX_MACHINES_A_PURCHASE } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { epochDays, quotaGranted, spaToNeu } from '../src/features/neu/neu-math';
import { multiplyDown, stakeProfit } from '../src/lib/amounts';
import { maxQuantity, quantityProblem, wholeQuantity } from '../src/lib/quantity';
import { quoteClock, quoteDeadline } from '../src/lib/quote-clock';

describe('SPA quota a purchase grants: price × quantity × quota per unit paid', () => {
  it.each([
    // price, quantity, quota_per_pay → SPA
    ['100', 1, '1', '100'],
    ['100', 3, '1', '300'],
    ['500', 2, '0.5', '500'],
    ['2000', 1000, '1', '2000000'],
    ['99.99', 3, '1.5', '449.955'],
    ['0.000001', 1, '0.5', '0.0000005'],
  ])('%s × %i × %s = %s', (price, quantity, perPay, expected) => {
    expect(quotaGranted(price, quantity, perPay, 8)).toBe(expected);
  });

  it('cuts to the quota’s 8 decimals, down (the server issues it rounded down)', () => {
    expect(quotaGranted('0.000001', 1, '0.00000333', 8)).toBe('0');
    expect(quotaGranted('1.000001', 1, '0.33333333', 8)).toBe('0.33333366');
  });

  it('has nothing to say for a quantity that is not a whole number from 1, or a price that is not an amount', () => {
    expect(quotaGranted('100', 0, '1', 8)).toBeNull();
    expect(quotaGranted('100', 1.5, '1', 8)).toBeNull();
    expect(quotaGranted('abc', 1, '1', 8)).toBeNull();
    expect(quotaGranted('100', 1, '-1', 8)).toBeNull();
  });
});

describe('NEU an SPA exchange pays', () => {
  it('is SPA × rate, rounded down to NEU’s 8 decimals (as the server pays it)', () => {
    expect(spaToNeu('25', '0.1', 8)).toBe('2.5');
    expect(spaToNeu('0.00000001', '0.1', 8)).toBe('0');
    expect(spaToNeu('12.34567891', '0.1', 8)).toBe('1.23456789');
    expect(spaToNeu('', '0.1', 8)).toBeNull();
  });
});

describe('multiplying amounts', () => {
  it('never touches a float and never rounds up', () => {
    expect(multiplyDown('0.1', '3', 8)).toBe('0.3');
    expect(multiplyDown('2.675', '1', 2)).toBe('2.67');
    expect(multiplyDown('999999999999999', '1', 6)).toBe('999999999999999');
  });
});

describe('stake profit over the term: amount × APR × days ÷ 365, rounded down', () => {
  it('matches the server’s maximum profit', () => {
    // 500 × 8 % × 90 ÷ 365 = 9.86301369…
    expect(stakeProfit('500', '0.08', 90, 8)).toBe('9.86301369');
    expect(stakeProfit('100', '0.12', 90, 8)).toBe('2.9589041');
    expect(stakeProfit('10', '0.18', 180, 8)).toBe('0.88767123');
  });
  it('has nothing to say for a term that is not whole days', () => {
    expect(stakeProfit('100', '0.08', 0, 8)).toBeNull();
    expect(stakeProfit('x', '0.08', 30, 8)).toBeNull();
  });
});

describe('the life of an exchange quote', () => {
  const ttl = 30;
  const received = Date.parse('2026-03-01T00:00:00Z');

  it('counts down to the server’s expiry when the phone’s clock agrees with it', () => {
    const deadline = quoteDeadline('2026-03-01T00:00:29Z', received, ttl);
    expect(deadline).toBe(received + 29_000);
    expect(quoteClock(deadline, received, ttl)).toEqual({ seconds: 29, share: 29 / 30, expired: false });
  });

  it('counts the quote’s own life from its arrival when the phone’s clock is far off', () => {
    const deadline = quoteDeadline('2026-03-01T05:00:30Z', received, ttl);
    expect(deadline).toBe(received + 30_000);
    expect(quoteDeadline('not a time', received, ttl)).toBe(received + 30_000);
  });

  it('rounds seconds up, never shows less than 0, and is expired at 0', () => {
    const deadline = received + 30_000;
    expect(quoteClock(deadline, received + 100, ttl).seconds).toBe(30);
    expect(quoteClock(deadline, received + 29_001, ttl)).toMatchObject({ seconds: 1, expired: false });
    expect(quoteClock(deadline, received + 30_000, ttl)).toEqual({ seconds: 0, share: 0, expired: true });
    expect(quoteClock(deadline, received + 90_000, ttl)).toEqual({ seconds: 0, share: 0, expired: true });
  });

  it('shows an empty ring for a quote without a life', () => {
    expect(quoteClock(received, received - 5000, 0).share).toBe(0);
  });
});

describe('days of an emission epoch', () => {
  it('counts first and last day', () => {
    expect(epochDays('2026-01-01', '2026-06-29')).toBe(180);
    expect(epochDays('2026-01-01', '2026-01-01')).toBe(1);
  });
  it('has no count for the last epoch, which runs on, or for days out of order', () => {
    expect(epochDays('2028-01-01', null)).toBeNull();
    expect(epochDays('2026-02-01', '2026-01-01')).toBeNull();
  });
});

describe('machine quantity', () => {
  it('takes whole numbers from 1 up to what is left, at most the contract allows', () => {
    expect(maxQuantity(null)).toBe(MAX_MACHINES_A_PURCHASE);
    expect(maxQuantity(7)).toBe(7);
    expect(maxQuantity(5000)).toBe(MAX_MACHINES_A_PURCHASE);
    expect(wholeQuantity(' 12 ')).toBe(12);
    for (const bad of ['', '0', '1.5', '-1', '1e2', 'abc']) expect(wholeQuantity(bad)).toBeNull();
  });

  it('says what is wrong with a typed quantity', () => {
    expect(quantityProblem('  ', 10)).toBe('required');
    expect(quantityProblem('0', 10)).toBe('invalid');
    expect(quantityProblem('11', 10)).toBe('invalid');
    expect(quantityProblem('2.5', 10)).toBe('invalid');
    expect(quantityProblem('10', 10)).toBeNull();
  });
});
