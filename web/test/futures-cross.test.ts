import { describe, expect, it } from 'vitest';
import { crossBacking, estimateOpen, type SwapRules } from '../src/features/futures/futures-math';

const rules: SwapRules = { ctVal: 0.01, takerRate: 0.0005, mmr: 0.005, maxLever: 100 };

describe('the opening estimate in cross margin', () => {
  it('counts what stays available after the order in the liquidation price, and nothing else', () => {
    const iso = estimateOpen(rules, 'long', 10, 60_000, 10);
    const cross = crossBacking(rules, 'long', iso, 2_000);
    // 10 contracts = 0.1 BTC = 6,000 USDT: margin 600, fee 3, 1,397 left.
    expect(cross?.margin).toBeCloseTo(600, 9);
    expect(cross?.fee).toBeCloseTo(3, 9);
    expect(iso?.liqPx).toBeCloseTo((6_000 - 600) / (0.1 * 0.995), 6);
    expect(cross?.liqPx).toBeCloseTo((6_000 - 1_997) / (0.1 * 0.995), 6);
    // A short's moves up by the same backing.
    const short = crossBacking(rules, 'short', estimateOpen(rules, 'short', 10, 60_000, 10), 2_000);
    expect(short?.liqPx).toBeCloseTo((6_000 + 1_997) / (0.1 * 1.005), 6);
  });

  it('adds nothing when the order takes all that is available, and keeps an empty estimate empty', () => {
    const e = estimateOpen(rules, 'long', 10, 60_000, 10);
    expect(crossBacking(rules, 'long', e, 500)?.liqPx).toBe(e?.liqPx);
    expect(crossBacking(rules, 'long', null, 2_000)).toBeNull();
  });
});
