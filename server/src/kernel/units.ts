import assert from 'node:assert/strict';
import {
  applyRate,
  formatAmount,
  parseAmount,
  parseRate as parseContractRate,
  RATE_ONE,
} from '@nexa/contract';
import { memoByText } from './memo';

/**
 * Units of the spot market, shared by the engine, the ledger and the store:
 * - a price is in quote minor units per whole base unit (BTC-USDT 65000.1 → 65_000_100_000);
 * - a size is in base minor units (0.0001 BTC → 10_000);
 * - the quote value of a fill is price × size / 10^baseScale, in quote minor units. Instruments are refused
 *   unless tick × lot is a multiple of 10^baseScale, so this division is always exact: no rounding ever
 *   happens on a notional;
 * - the engine's notional unit is price × size (quote minor × base minor); quote minor × 10^baseScale.
 * Fee rates are fractions with 8 decimals (0.0008 → 80_000 of 10^8). A fee is rounded up to the quote's
 * minor unit, so no non-zero trade is free. A taker's fee is counted on what it filled so far in the call
 * (ceil(total × rate), spread over its fills); a resting order pays each later fill's fee rounded up, at
 * most one minor unit over the exact fee per fill, and each fill is at least one lot: so a buy's hold is its
 * value, the fee at the higher rate rounded up, and one minor unit per lot of its open size. That bound is
 * what lets the hold be computed once, up front (see holdOf).
 */

export { RATE_ONE, RATE_SCALE } from '@nexa/contract';

export interface AssetScale {
  readonly symbol: string;
  readonly scale: number;
}

/** A spot instrument as the service uses it: steps fixed when its book was built. */
export interface Instrument {
  readonly instId: string;
  readonly base: AssetScale;
  readonly quote: AssetScale;
  /** Price step, quote minor units. */
  readonly tick: bigint;
  /** Size step, base minor units. */
  readonly lot: bigint;
  /** 10^baseScale: base minor units per whole base unit. */
  readonly baseUnit: bigint;
  readonly tickText: string;
  readonly lotText: string;
}

export function makeInstrument(
  instId: string,
  base: AssetScale,
  quote: AssetScale,
  tickText: string,
  lotText: string,
): Instrument {
  const tick = parseAmount(tickText, quote.scale);
  const lot = parseAmount(lotText, base.scale);
  if (tick === null || tick <= 0n)
    throw new Error(`${instId}: tick size ${tickText} is not a positive ${quote.symbol} amount`);
  if (lot === null || lot <= 0n)
    throw new Error(`${instId}: lot size ${lotText} is not a positive ${base.symbol} amount`);
  const baseUnit = 10n ** BigInt(base.scale);
  if ((tick * lot) % baseUnit !== 0n) {
    throw new Error(`${instId}: tick × lot must be a whole number of ${quote.symbol} minor units`);
  }
  return { instId, base, quote, tick, lot, baseUnit, tickText, lotText };
}

/** Quote minor units of price × size; exact by construction of the instrument. */
export function quoteOf(inst: Instrument, price: bigint, size: bigint): bigint {
  const n = price * size;
  if (n % inst.baseUnit !== 0n) assert.fail(`${inst.instId}: inexact notional ${price} × ${size}`);
  return n / inst.baseUnit;
}

/** A rate text (0.0008) as units of 10^-8; a text that is not a rate is a bug (rates are validated on the way in). */
export const parseRate: (text: string) => bigint = memoByText((text) => {
  const r = parseContractRate(text);
  assert(r !== null, `bad rate ${text}`);
  return r;
});

/** The fee on a quote amount, rounded up to the quote's minor unit (never zero on a non-zero amount at a non-zero rate). */
export function feeOf(quote: bigint, rate: bigint): bigint {
  return applyRate(quote, rate, 'ceil');
}

export const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
export const minOf = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * What an order still holds on the book: a buy holds the quote value of its open size at its price, the
 * larger of its two fees on it rounded up (it may end up maker or taker), and one quote minor unit per open
 * lot (each later fill, at least a lot, rounds its fee up by less than one unit); a sell holds its open size.
 */
export function holdOf(
  inst: Instrument,
  o: { side: 'buy' | 'sell'; price: bigint; remaining: bigint; makerRate: bigint; takerRate: bigint },
): bigint {
  if (o.remaining === 0n) return 0n;
  if (o.side === 'sell') return o.remaining;
  const q = quoteOf(inst, o.price, o.remaining);
  return q + feeOf(q, maxOf(o.makerRate, o.takerRate)) + o.remaining / inst.lot;
}

/** The price band around a reference price, snapped inward to the tick (never below one tick). */
export function bandPrice(inst: Instrument, ref: bigint, band: bigint, side: 'buy' | 'sell'): bigint {
  if (side === 'buy') {
    const p = (ref * (RATE_ONE + band)) / RATE_ONE;
    return p - (p % inst.tick);
  }
  const p = (ref * (RATE_ONE - band) + RATE_ONE - 1n) / RATE_ONE;
  const up = p % inst.tick === 0n ? p : p - (p % inst.tick) + inst.tick;
  return up < inst.tick ? inst.tick : up;
}

/** Average price (quote minor per whole base unit, rounded down) of a filled quote over a filled size. */
export function avgPrice(inst: Instrument, filledQuote: bigint, filledSize: bigint): bigint | null {
  if (filledSize === 0n) return null;
  return (filledQuote * inst.baseUnit) / filledSize;
}

export const fmt = (a: AssetScale, minor: bigint): string => formatAmount(minor, a.scale);
