/**
 * The cross-margin arithmetic (modules/futures/math.ts), for any position, mark and available balance: a
 * top-up is never negative nor more than the balance, lifts equity to the initial margin at the mark or spends
 * the whole balance, and the liquidation price shown with the balance counted is where the balance runs out:
 * a mark on the safe side of it is lifted above maintenance, a mark beyond it is liquidated even with all of it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backed,
  crossTarget,
  crossTopUp,
  equityOf,
  initialMargin,
  isLiquidatable,
  liquidationPrice,
  type SwapSpec,
  valueAt,
} from '../src/modules/futures/math';

const SPEC: SwapSpec = {
  instId: 'BTC-USDT-SWAP',
  ctMinor: 1_000_000n,
  baseUnit: 100_000_000n,
  tick: 100_000n,
  tiers: [
    { maxNotional: 100_000_000_000n, mmr: 500_000n },
    { maxNotional: 500_000_000_000n, mmr: 1_000_000n },
    { maxNotional: null, mmr: 2_000_000n },
  ],
};

const position = fc
  .record({
    contracts: fc.integer({ min: 1, max: 5_000 }),
    long: fc.boolean(),
    // Open price 1,000 to 200,000 USDT, in ticks.
    openTicks: fc.integer({ min: 10_000, max: 2_000_000 }),
    lever: fc.constantFrom(1, 2, 5, 10, 20, 50, 100),
  })
  .map(({ contracts, long, openTicks, lever }) => {
    const size = BigInt(long ? contracts : -contracts);
    const entry = valueAt(SPEC, BigInt(openTicks) * SPEC.tick, size);
    return { size, entry, margin: initialMargin(entry, lever), lever, mgnMode: 'cross' as const };
  });
const usdt = fc.bigInt({ min: 0n, max: 2_000_000_000_000n });
// The mark as a fraction of the open price: 0.2× to 2×.
const markBps = fc.integer({ min: 2_000, max: 20_000 });

const markOf = (p: { size: bigint; entry: bigint }, bps: number) => {
  const open = (p.entry * SPEC.baseUnit) / ((p.size < 0n ? -p.size : p.size) * SPEC.ctMinor);
  const m = (open * BigInt(bps)) / 10_000n;
  return m - (m % SPEC.tick) + SPEC.tick;
};

describe('cross margin arithmetic', () => {
  it('tops up between nothing and the balance, to the initial margin at the mark (at least twice maintenance) or all of the balance', () => {
    fc.assert(
      fc.property(position, usdt, markBps, (p, free, bps) => {
        const mark = markOf(p, bps);
        const t = crossTopUp(SPEC, p, mark, free);
        expect(t >= 0n && t <= free).toBe(true);
        const im = crossTarget(SPEC, p, mark);
        expect(im >= initialMargin(valueAt(SPEC, mark, p.size), p.lever)).toBe(true);
        const after = equityOf(SPEC, { ...p, margin: p.margin + t }, mark);
        if (t < free) expect(after >= im || t === 0n).toBe(true);
        if (t > 0n && t < free) expect(after).toBe(im);
      }),
      { numRuns: 2_000 },
    );
  });

  it('liquidates exactly beyond the liquidation price that counts the balance', () => {
    fc.assert(
      fc.property(position, usdt, markBps, (p, free, bps) => {
        const mark = markOf(p, bps);
        const liq = liquidationPrice(SPEC, backed(p, free));
        const t = crossTopUp(SPEC, p, mark, free);
        const lifted = { ...p, margin: p.margin + t };
        const long = p.size > 0n;
        const beyond = liq !== null && (long ? mark <= liq - SPEC.tick : mark >= liq + SPEC.tick);
        const safe = liq === null || (long ? mark >= liq + SPEC.tick : mark <= liq - SPEC.tick);
        // The tier at the mark can differ from the tier at the open price the estimate uses: only compare
        // where both fall in the same tier.
        const sameTier = (v: bigint) => (v <= 100_000_000_000n ? 0 : v <= 500_000_000_000n ? 1 : 2);
        if (sameTier(valueAt(SPEC, mark, p.size)) !== sameTier(p.entry)) return;
        if (beyond) expect(isLiquidatable(SPEC, { ...p, margin: p.margin + free }, mark)).toBe(true);
        if (safe) expect(isLiquidatable(SPEC, lifted, mark)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('shows an isolated position as it is, and a cross one farther from liquidation the more is available', () => {
    fc.assert(
      fc.property(position, usdt, (p, free) => {
        const iso = { ...p, mgnMode: 'isolated' as const };
        expect(backed(iso, free)).toBe(iso);
        const own = liquidationPrice(SPEC, p);
        const counted = liquidationPrice(SPEC, backed(p, free));
        if (own === null) return;
        if (p.size > 0n) expect(counted === null || counted <= own).toBe(true);
        else expect(counted !== null && counted >= own).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
