import { describe, expect, it } from 'vitest';
import {
  affordable,
  checkPrice,
  checkPurchase,
  costMinor,
  feeMinor,
  meetsMinimum,
  premiumPercent,
  shareOf,
  tradeFigures,
} from '../src/features/token-market/p2p-math';

describe('token market figures (as the server counts them)', () => {
  // token (scale 8), price, amount, fee rate → what the buyer pays, the seller's fee, what the seller receives
  const rows: readonly [string, string, string, string, string, string, string][] = [
    ['BWC', '0.5', '400', '0.002', '200', '0.4', '199.6'],
    ['NEU', '2', '4', '0.002', '8', '0.016', '7.984'],
    ['BWC', '0.5', '1000', '0.002', '500', '1', '499'],
    // price × amount is rounded up to the USDT minor unit: 0.333333 × 0.00000001 → 0.000001
    // and the fee up, so no trade is free: 0.000000002 → 0.000001
    ['BWC', '0.333333', '0.00000001', '0.002', '0.000001', '0.000001', '0'],
    // 0.1 × 0.12345678 = 0.012345678 → 0.012346; the fee rounds up: 0.000024692 → 0.000025
    ['ALEO', '0.1', '0.12345678', '0.002', '0.012346', '0.000025', '0.012321'],
    ['SATS', '0.000001', '123456789', '0', '123.456789', '0', '123.456789'],
  ];
  for (const [symbol, price, amount, rate, total, fee, net] of rows) {
    it(`${amount} ${symbol} at ${price}: pays ${total}, fee ${fee}, seller gets ${net}`, () => {
      expect(tradeFigures(8, price, amount, rate)).toMatchObject({ total, fee, net });
    });
  }

  it('is null while the price or amount is not a number at the asset scale', () => {
    expect(tradeFigures(8, '', '1', '0.002')).toBeNull();
    expect(tradeFigures(8, '0.1234567', '1', '0.002')).toBeNull();
    expect(tradeFigures(8, '1', '0.000000001', '0.002')).toBeNull();
  });

  it('rounds cost and fee up in minor units', () => {
    expect(costMinor(1n, 1n, 8)).toBe(1n);
    expect(costMinor(100_000_000n, 100_000_000n, 8)).toBe(100_000_000n);
    expect(feeMinor(0n, '0.002')).toBe(0n);
    expect(feeMinor(1n, '0.002')).toBe(1n);
    expect(feeMinor(500n, '0.002')).toBe(1n);
    expect(feeMinor(501n, '0.002')).toBe(2n);
    expect(feeMinor(500n, 'nonsense')).toBe(0n);
  });

  it('takes shares of what is left, cut to the token decimals', () => {
    expect(shareOf(8, '600', 25)).toBe('150');
    expect(shareOf(8, '0.00000003', 50)).toBe('0.00000001');
    expect(shareOf(8, '600', 100)).toBe('600');
  });

  it('knows the most one can pay for, never more than is left', () => {
    expect(affordable(8, '2', '50', '10')).toBe('5');
    expect(affordable(8, '3', '50', '10')).toBe('3.33333333');
    expect(affordable(8, '2', '4', '10')).toBe('4');
    expect(affordable(8, '2', '50', null)).toBe('50');
  });

  it('finds the first problem of a purchase', () => {
    expect(checkPurchase(8, '2', '', '50', '10')).toBe('required');
    expect(checkPurchase(8, '2', '0', '50', '10')).toBe('invalid');
    expect(checkPurchase(8, '2', '51', '50', '1000')).toBe('aboveRemaining');
    expect(checkPurchase(8, '2', '5.00000001', '50', '10')).toBe('insufficient');
    expect(checkPurchase(8, '2', '5', '50', '10')).toBeNull();
    expect(checkPurchase(8, '2', '50', '50', null)).toBeNull();
  });

  it('keeps every purchase at the minimum trade value, and what it leaves too', () => {
    // 50 NEU at 2 USDT, minimum 5 USDT: 2 NEU is 4 USDT; 48 NEU would leave 4 USDT; all of it is fine.
    expect(checkPurchase(8, '2', '2', '50', '1000', '5')).toBe('belowMinimum');
    expect(checkPurchase(8, '2', '48', '50', '1000', '5')).toBe('leavesTooLittle');
    expect(checkPurchase(8, '2', '47.5', '50', '1000', '5')).toBeNull();
    expect(checkPurchase(8, '2', '50', '50', '1000', '5')).toBeNull();
    expect(checkPurchase(8, '2', '1', '1', '1000', '5')).toBeNull();
  });

  it('checks a listing price and the smallest total', () => {
    expect(checkPrice('')).toBe('required');
    expect(checkPrice('0')).toBe('invalid');
    expect(checkPrice('0.0000001')).toBe('invalid');
    expect(checkPrice('0.000001')).toBeNull();
    expect(meetsMinimum(4_999_999n, '5')).toBe(false);
    expect(meetsMinimum(5_000_000n, '5')).toBe(true);
  });
});

describe('premiumPercent', () => {
  it.each([
    ['0.55', '0.5', '+10.0'],
    ['0.45', '0.5', '-10.0'],
    ['0.5', '0.5', '0.0'],
    ['1', '3', '-66.7'],
    ['2', '3', '-33.3'],
    ['0.500001', '0.5', '0.0'],
    ['0.50025', '0.5', '+0.1'],
  ])('%s against %s is %s%', (price, market, expected) => {
    expect(premiumPercent(price, market)).toBe(expected);
  });

  it('is null without a market or a price', () => {
    expect(premiumPercent('1', null)).toBeNull();
    expect(premiumPercent('', '1')).toBeNull();
    expect(premiumPercent('abc', '1')).toBeNull();
    expect(premiumPercent('1', '0')).toBeNull();
  });
});
