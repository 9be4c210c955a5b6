import { describe, expect, it } from 'vitest';
import {
  onTick,
  pnlFromTrigger,
  pnlText,
  triggerFromPnl,
  triggerSideOk,
} from '../src/features/futures/tpsl-math';

/* The order form's TP/SL: a PnL % of the margin converted to a trigger price and back. */

describe('TP/SL by PnL %', () => {
  it('puts a long’s take-profit above the entry and its stop-loss below, by PnL ÷ leverage', () => {
    // 10×: +50 % of the margin is a 5 % move.
    expect(triggerFromPnl('long', 'tp', 60000, 10, 50, '0.1')).toBe('63000.0');
    expect(triggerFromPnl('long', 'sl', 60000, 10, 20, '0.1')).toBe('58800.0');
  });

  it('mirrors them for a short', () => {
    expect(triggerFromPnl('short', 'tp', 60000, 10, 50, '0.1')).toBe('57000.0');
    expect(triggerFromPnl('short', 'sl', 60000, 10, 20, '0.1')).toBe('61200.0');
  });

  it('rounds to the contract’s tick', () => {
    expect(triggerFromPnl('long', 'tp', 3000.37, 3, 10, '0.01')).toBe('3100.38');
    expect(onTick(61234.56, '0.1')).toBe('61234.6');
  });

  it('gives no price for a loss at or beyond the whole position, or without an entry', () => {
    expect(triggerFromPnl('long', 'sl', 60000, 10, 1000, '0.1')).toBeNull();
    expect(triggerFromPnl('long', 'sl', 60000, 10, 1200, '0.1')).toBeNull();
    expect(triggerFromPnl('long', 'tp', 0, 10, 50, '0.1')).toBeNull();
    expect(triggerFromPnl('long', 'tp', 60000, 10, Number.NaN, '0.1')).toBeNull();
    expect(triggerFromPnl('long', 'tp', 60000, 10, -5, '0.1')).toBeNull();
  });

  it('turns a price back into the PnL % it gives, both ways round', () => {
    expect(pnlFromTrigger('long', 60000, 10, 63000)).toBeCloseTo(50, 9);
    expect(pnlFromTrigger('short', 60000, 10, 63000)).toBeCloseTo(-50, 9);
    expect(pnlFromTrigger('short', 60000, 20, 58800)).toBeCloseTo(40, 9);
    for (const [side, kind, pct] of [
      ['long', 'tp', 37],
      ['long', 'sl', 12],
      ['short', 'tp', 80],
      ['short', 'sl', 5],
    ] as const) {
      const px = Number(triggerFromPnl(side, kind, 60000, 25, pct, '0.1'));
      const back = pnlFromTrigger(side, 60000, 25, px) ?? 0;
      expect(Math.abs(back)).toBeCloseTo(pct, 1);
      expect(back > 0).toBe(kind === 'tp');
    }
    expect(pnlText(50)).toBe('+50.00%');
    expect(pnlText(-12.345)).toBe('-12.35%');
    expect(pnlText(null)).toBe('--');
  });

  it('checks each trigger against the order price as the server does', () => {
    expect(triggerSideOk('long', 'tp', 60000, 60000.1)).toBe(true);
    expect(triggerSideOk('long', 'tp', 60000, 60000)).toBe(false);
    expect(triggerSideOk('long', 'sl', 60000, 59999)).toBe(true);
    expect(triggerSideOk('short', 'tp', 60000, 59999)).toBe(true);
    expect(triggerSideOk('short', 'sl', 60000, 59999)).toBe(false);
  });
});
