import { describe, expect, it } from 'vitest';
import {
  balanceNumber,
  displayDecimals,
  exceedsScale,
  floorDecimals,
  learnDisplayPrecision,
} from '../src/lib/amounts';

describe('one way a balance reads', () => {
  it('shows the asset’s display precision, cut down, every decimal, grouped', () => {
    // The same balance read "9,210.4" on Trade, "9,210.40" on Wallet and "9,210.403144" on Withdraw.
    expect(balanceNumber('9210.403144', 'USDT')).toBe('9,210.40');
    expect(balanceNumber('9210.4', 'USDT')).toBe('9,210.40');
    expect(balanceNumber('0.999999', 'USDT')).toBe('0.99');
    expect(balanceNumber('0.0015', 'BTC')).toBe('0.001500');
    expect(balanceNumber('10.12345', 'BWC')).toBe('10.1234');
    expect(balanceNumber('0', 'USDT')).toBe('0.00');
  });

  it('learns display precisions from answers that carry them', () => {
    expect(displayDecimals('RRT')).toBe(4);
    learnDisplayPrecision([{ asset: 'RRT', display_precision: 3 }]);
    expect(displayDecimals('RRT')).toBe(3);
    learnDisplayPrecision([{ symbol: 'RRT', display_precision: 99 }]);
    expect(displayDecimals('RRT')).toBe(3);
  });

  it('cuts, never rounds up, and says when typing went past the asset’s decimals', () => {
    expect(floorDecimals('1.239', 2)).toBe('1.23');
    expect(floorDecimals('-1.239', 2)).toBe('-1.23');
    expect(exceedsScale('10.12345', 8)).toBe(false);
    expect(exceedsScale('10.123456789', 8)).toBe(true);
    expect(exceedsScale('1,1234567', 6)).toBe(true);
    expect(exceedsScale('100', 6)).toBe(false);
  });
});
