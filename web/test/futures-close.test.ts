import { describe, expect, it } from 'vitest';
import { estimateClose } from '../src/features/futures/futures-math';

const rules = { ctVal: 0.01, takerRate: 0.0005 };
// Bids best first (a long's close sells into them), sizes in contracts.
const bids = [
  ['100', '10', 1],
  ['99', '20', 2],
  ['98', '50', 1],
] as const;
const asks = [
  ['101', '5', 1],
  ['102', '5', 1],
] as const;

describe('the close preview walks the visible book for the size', () => {
  it('fills within the best level at the best price, with no slippage', () => {
    const e = estimateClose(bids, 'long', 10, 90, rules);
    expect(e.covered).toBe(10);
    expect(e.fillPx).toBe(100);
    expect(e.slippagePct).toBe(0);
    // (100 − 90) × 10 contracts × 0.01
    expect(e.pnl).toBeCloseTo(1, 10);
    expect(e.fee).toBeCloseTo(100 * 0.1 * 0.0005, 10);
  });

  it('averages over the levels a larger close reaches, and prices the PnL from that fill, not the mark', () => {
    const e = estimateClose(bids, 'long', 40, 100, rules);
    // 10 @ 100 + 20 @ 99 + 10 @ 98 = 3960 over 40 contracts
    expect(e.fillPx).toBeCloseTo(99, 10);
    expect(e.slippagePct).toBeCloseTo(1, 10);
    expect(e.pnl).toBeCloseTo(-0.4, 10);
  });

  it('a short buys from the asks: a higher fill is a loss', () => {
    const e = estimateClose(asks, 'short', 10, 101, rules);
    expect(e.fillPx).toBeCloseTo(101.5, 10);
    expect(e.pnl).toBeCloseTo(-0.05, 10);
  });

  it('says how much the visible book covers when it is thinner than the close', () => {
    const e = estimateClose(asks, 'short', 30, 100, rules);
    expect(e.covered).toBe(10);
  });

  it('has no estimate for an empty side', () => {
    const e = estimateClose([], 'long', 5, 100, rules);
    expect(e.fillPx).toBeNull();
    expect(e.pnl).toBeNull();
  });
});
