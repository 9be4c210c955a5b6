import { describe, expect, it } from 'vitest';
import {
  affordable,
  checkPrice,
  checkPurchase,
  costMinor,
  feeMinor,
  meetsMinimum,
  shareOf,
  tradeFigures,
} from '../src/screens/token-market/p2p-math';

describe('token market figures (as the server counts them)', () => {
  // symbol, price, amount, fee rate → what the buyer pays, the seller's fee, what the seller receives
  const rows: readonly [string, string, string, string, string, string, string][] = [
    ['BWC', '0.5', '400', '0.002', '200', '0.4', '199.6'],
    ['NEU', '2', '4', '0.002', '8', '0.016', '7.984'],
    ['BWC', '0.5', '1000', '0.002', '500', '1', '499'],
    // price × amount is rounded up to the USDT minor unit: 0.333333 × 0.00000001 → 0.000001
    ['BWC', '0.333333', '0.00000001', '0.002', '0.000001', '0', '0.000001'],
    // 0.1 × 0.12345678 = 0.012345678 → 0.012346; the fee rounds down: 0.000024692 → 0.000024
    ['ALEO', '0.1', '0.12345678', '0.002', '0.012346', '0.000024', '0.012322'],
    ['SATS', '0.000001', '123456789', '0', '123.456789', '0', '123.456789'],
  ];
  for (const [symbol, price, amount, rate, total, fee, net] of rows) {
    it(`${amount} ${symbol} at ${price}: pays ${total}, fee ${fee}, seller gets ${net}`, () => {
      expect(tradeFigures(symbol, price, amount, rate)).toMatchObject({ total, fee, net });
    });
  }

  it('is null while the price or amount is not a number at the asset scale', () => {
    expect(tradeFigures('BWC', '', '1', '0.002')).toBeNull();
    expect(tradeFigures('BWC', '0.1234567', '1', '0.002')).toBeNull();
    expect(tradeFigures('BWC', '1', '0.000000001', '0.002')).toBeNull();
  });

  it('rounds cost up and fee down in minor units', () => {
    expect(costMinor(1n, 1n, 8)).toBe(1n);
    expect(costMinor(100_000_000n, 100_000_000n, 8)).toBe(100_000_000n);
    expect(feeMinor(499n, '0.002')).toBe(0n);
    expect(feeMinor(500n, '0.002')).toBe(1n);
    expect(feeMinor(500n, 'nonsense')).toBe(0n);
  });

  it('takes shares of what is left, cut to the token decimals', () => {
    expect(shareOf('BWC', '600', 25)).toBe('150');
    expect(shareOf('BWC', '0.00000003', 50)).toBe('0.00000001');
    expect(shareOf('BWC', '600', 100)).toBe('600');
  });

  it('knows the most one can pay for, never more than is left', () => {
    expect(affordable('NEU', '2', '50', '10')).toBe('5');
    expect(affordable('NEU', '3', '50', '10')).toBe('3.33333333');
    expect(affordable('NEU', '2', '4', '10')).toBe('4');
    expect(affordable('NEU', '2', '50', null)).toBe('50');
  });

  it('finds the first problem of a purchase', () => {
    expect(checkPurchase('NEU', '2', '', '50', '10')).toBe('required');
    expect(checkPurchase('NEU', '2', '0', '50', '10')).toBe('invalid');
    expect(checkPurchase('NEU', '2', '51', '50', '1000')).toBe('aboveRemaining');
    expect(checkPurchase('NEU', '2', '5.00000001', '50', '10')).toBe('insufficient');
    expect(checkPurchase('NEU', '2', '5', '50', '10')).toBeNull();
    expect(checkPurchase('NEU', '2', '50', '50', null)).toBeNull();
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
