/**
 * The money arithmetic of USDT-margined perpetual swaps, pure and in bigint minor units.
 *
 * Units. A price is USDT minor units (10^-6) per whole underlying unit; a size is a whole number of
 * contracts; a contract is `ctMinor` minor units of the underlying, whose whole unit is `baseUnit` minor
 * units. A position's value at price p is p × contracts × ctMinor / baseUnit USDT minor units; instruments
 * are refused unless tick × ctMinor is a multiple of baseUnit, so that value is always exact.
 *
 * A position (net mode: one per contract and user) is its signed size (long > 0), its entry value E (the
 * exact sum of what its open contracts were opened at, so the open average is E / (size × ct)), its isolated
 * margin M and its leverage. At mark price P:
 *   unrealized PnL  upl = dir × (value(P) − E)                      (dir = +1 long, −1 short)
 *   equity              = M + upl
 *   maintenance margin  = value(P) × mmr(value(P))                  (the tier the value falls in)
 *   liquidated when equity ≤ maintenance margin
 *   liquidation price   long (E − M) / (q·ct·(1 − mmr)), short (E + M) / (q·ct·(1 + mmr))
 *   bankruptcy price    long (E − M) / (q·ct),             short (E + M) / (q·ct)   (equity is zero)
 * Reducing by r of q contracts at price p takes e = E·r/q of the entry (all of it on the last contract),
 * realizes dir × (value(p, r) − e) and releases M·r/q of the margin (all of it on the last contract).
 * Rates are fractions in units of 10^-8 (RATE_ONE). Fees and margins round up (what the platform charges),
 * payouts down.
 */
import { RATE_ONE } from '@nexa/contract';

export interface SwapSpec {
  readonly instId: string;
  /** Minor units of the underlying per contract (0.01 BTC → 1_000_000). */
  readonly ctMinor: bigint;
  /** Minor units per whole unit of the underlying (10^8 for BTC). */
  readonly baseUnit: bigint;
  /** Price step, USDT minor. */
  readonly tick: bigint;
  /** Maintenance-margin tiers, ascending by ceiling; the last has none. */
  readonly tiers: readonly { readonly maxNotional: bigint | null; readonly mmr: bigint }[];
}

export interface PositionState {
  /** Contracts, signed: long > 0, short < 0, 0 none. */
  size: bigint;
  /** Entry value of the open contracts, USDT minor. */
  entry: bigint;
  /** Isolated margin, USDT minor. */
  margin: bigint;
  lever: number;
}

const abs = (v: bigint) => (v < 0n ? -v : v);
const ceilDiv = (a: bigint, b: bigint) => (a <= 0n ? -(-a / b) : (a + b - 1n) / b);
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** Value of `contracts` at `price`, USDT minor (exact). */
export function valueAt(spec: SwapSpec, price: bigint, contracts: bigint): bigint {
  return (price * abs(contracts) * spec.ctMinor) / spec.baseUnit;
}

/** Initial margin for a value at a leverage, rounded up. */
export const initialMargin = (value: bigint, lever: number): bigint => ceilDiv(value, BigInt(lever));

/** A fee on a value at a rate, rounded up. */
export const feeOn = (value: bigint, rate: bigint): bigint => ceilDiv(value * rate, RATE_ONE);

/** The maintenance-margin rate of a position value (its tier). */
export function mmrOf(spec: SwapSpec, value: bigint): bigint {
  for (const t of spec.tiers) if (t.maxNotional === null || value <= t.maxNotional) return t.mmr;
  const last = spec.tiers[spec.tiers.length - 1];
  if (!last) throw new Error(`${spec.instId}: no maintenance-margin tier`);
  return last.mmr;
}

/** Maintenance margin at a mark price, rounded up. */
export function maintenanceOf(spec: SwapSpec, p: PositionState, mark: bigint): bigint {
  const v = valueAt(spec, mark, p.size);
  return ceilDiv(v * mmrOf(spec, v), RATE_ONE);
}

export function uplOf(spec: SwapSpec, p: PositionState, mark: bigint): bigint {
  if (p.size === 0n) return 0n;
  const v = valueAt(spec, mark, p.size);
  return p.size > 0n ? v - p.entry : p.entry - v;
}

export const equityOf = (spec: SwapSpec, p: PositionState, mark: bigint): bigint =>
  p.margin + uplOf(spec, p, mark);

/** Whether the position is at or below its maintenance margin at this mark. */
export function isLiquidatable(spec: SwapSpec, p: PositionState, mark: bigint): boolean {
  return p.size !== 0n && equityOf(spec, p, mark) <= maintenanceOf(spec, p, mark);
}

/** Contracts × ct in price units: what one USDT minor unit of price moves the value by, times baseUnit. */
const unitsOf = (spec: SwapSpec, size: bigint) => abs(size) * spec.ctMinor;

/**
 * The mark price at which the position is liquidated, for the tier of its value at the open average: a long
 * at or below it, a short at or above it. Null when it cannot be reached (a long whose margin covers its whole
 * entry). Rounded toward safety: up for a long, down for a short.
 */
export function liquidationPrice(spec: SwapSpec, p: PositionState): bigint | null {
  if (p.size === 0n) return null;
  const mmr = mmrOf(spec, p.entry);
  const u = unitsOf(spec, p.size);
  if (p.size > 0n) {
    const num = (p.entry - p.margin) * spec.baseUnit * RATE_ONE;
    if (num <= 0n) return null;
    return ceilDiv(num, u * (RATE_ONE - mmr));
  }
  return floorDiv((p.entry + p.margin) * spec.baseUnit * RATE_ONE, u * (RATE_ONE + mmr));
}

/** The price at which the position's equity is zero: rounded up for a long, down for a short. */
export function bankruptcyPrice(spec: SwapSpec, p: PositionState): bigint | null {
  if (p.size === 0n) return null;
  const u = unitsOf(spec, p.size);
  if (p.size > 0n) {
    const num = (p.entry - p.margin) * spec.baseUnit;
    return num <= 0n ? 0n : ceilDiv(num, u);
  }
  return floorDiv((p.entry + p.margin) * spec.baseUnit, u);
}

/** What one fill did to a position. */
export interface FillEffect {
  /** Contracts that reduced the position (closed), and that opened (added or flipped). */
  readonly closed: bigint;
  readonly opened: bigint;
  /** Realized on the closed part. */
  readonly realized: bigint;
  /** Margin released by the closed part. */
  readonly released: bigint;
  /** Margin the opened part needs. */
  readonly marginIn: bigint;
  /** Entry value taken off by the closed part. */
  readonly entryOut: bigint;
}

/**
 * Applies a fill of `contracts` at `price` on `side` to a position (mutated): it reduces an opposite position
 * first, then opens what is left at `lever` (a flip keeps the new leverage).
 */
export function applyFill(
  spec: SwapSpec,
  p: PositionState,
  side: 'buy' | 'sell',
  contracts: bigint,
  price: bigint,
  lever: number,
): FillEffect {
  const signed = side === 'buy' ? contracts : -contracts;
  let closed = 0n;
  let realized = 0n;
  let released = 0n;
  let entryOut = 0n;
  if (p.size !== 0n && p.size > 0n !== signed > 0n) {
    const held = abs(p.size);
    closed = contracts < held ? contracts : held;
    const last = closed === held;
    entryOut = last ? p.entry : (p.entry * closed) / held;
    released = last ? p.margin : (p.margin * closed) / held;
    const value = valueAt(spec, price, closed);
    realized = p.size > 0n ? value - entryOut : entryOut - value;
    p.entry -= entryOut;
    p.margin -= released;
    p.size += p.size > 0n ? -closed : closed;
  }
  const opened = contracts - closed;
  let marginIn = 0n;
  if (opened > 0n) {
    if (p.size === 0n) p.lever = lever;
    const value = valueAt(spec, price, opened);
    marginIn = initialMargin(value, p.lever);
    p.entry += value;
    p.margin += marginIn;
    p.size += signed > 0n ? opened : -opened;
  }
  return { closed, opened, realized, released, marginIn, entryOut };
}

/** A percentage of two amounts with 2 decimals, as text ("-12.34"); null when the base is not positive. */
export function percentText(part: bigint, base: bigint): string | null {
  if (base <= 0n) return null;
  const bp = floorDiv(part * 10_000n, base);
  const sign = bp < 0n ? '-' : '';
  const a = abs(bp);
  return `${sign}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** Funding of one position at a settlement: what it pays (positive) or receives (negative). */
export function fundingOf(spec: SwapSpec, p: PositionState, mark: bigint, rate: bigint): bigint {
  const v = valueAt(spec, mark, p.size);
  const owed = (v * (rate < 0n ? -rate : rate)) / RATE_ONE;
  // Longs pay a positive rate; shorts pay a negative one. A payer pays rounded up, a receiver gets it rounded down.
  const pays = p.size > 0n === rate > 0n;
  if (rate === 0n || p.size === 0n) return 0n;
  return pays ? ceilDiv(v * (rate < 0n ? -rate : rate), RATE_ONE) : -owed;
}

/** Clamps a value into [lo, hi]. */
export const clamp = (v: bigint, lo: bigint, hi: bigint): bigint => (v < lo ? lo : v > hi ? hi : v);

/**
 * The equity a cross position is lifted to at a mark: its initial margin there, and at least twice its
 * maintenance margin (at a high leverage in a high tier the initial margin can be no more than maintenance).
 */
export function crossTarget(spec: SwapSpec, p: PositionState, mark: bigint): bigint {
  const im = initialMargin(valueAt(spec, mark, p.size), p.lever);
  const mm2 = 2n * maintenanceOf(spec, p, mark);
  return im > mm2 ? im : mm2;
}

/** What a cross position at this mark takes from `free`: up to its target equity (crossTarget), at most `free`. */
export function crossTopUp(spec: SwapSpec, p: PositionState, mark: bigint, free: bigint): bigint {
  if (p.size === 0n || free <= 0n) return 0n;
  const need = crossTarget(spec, p, mark) - equityOf(spec, p, mark);
  if (need <= 0n) return 0n;
  return need < free ? need : free;
}

/** The position as the available balance backs it: a cross one's margin with `free` added. */
export function backed<P extends PositionState & { readonly mgnMode: 'isolated' | 'cross' }>(
  p: P,
  free: bigint,
): PositionState {
  return p.mgnMode === 'cross' && free > 0n ? { ...p, margin: p.margin + free } : p;
}
