/**
 * The demo market maker's arithmetic: one side's ladder of levels and sizes, and the decimal steps its prices
 * and sizes are rounded to.
 */
import { parseAmount, roundDecimal } from '@nexa/contract';

/** Price levels the makers quote on each side. */
const LEVELS = 8;
/** The makers sharing a level: one to this many orders rest at it. */
const MAKERS_PER_LEVEL = 3;

/** How an instrument's book is quoted: the depth near the mid and how far apart the levels stand. */
export interface LadderProfile {
  /** USDT at the first level on average (the last holds about a third of it). */
  readonly depthUsdt: number;
  /** Gaps between levels (and from the mid) are multiplied by this; 1 for the calmest instrument. */
  readonly spread: number;
}

/**
 * Depth at the first level per base asset, in USDT: the larger and more traded an asset, the deeper the
 * makers quote it (as on the large exchanges, if far thinner). Assets not listed get the platform tokens'.
 */
const DEPTH_USDT: Readonly<Record<string, number>> = {
  BTC: 6000,
  ETH: 4500,
  SOL: 2500,
  BNB: 2200,
  XRP: 2000,
  DOGE: 1600,
  LTC: 1200,
  ADA: 1100,
  LINK: 1100,
  TRX: 1000,
};
const THIN_DEPTH_USDT = 900;
/** The volatility whose book is the tightest (the spread factor is the volatility over this, at least 1). */
const CALM_VOLATILITY = 0.55;

/** The profile of an instrument on `base` whose walk has this annualized volatility. */
export function ladderProfile(base: string, volatility: number): LadderProfile {
  return {
    depthUsdt: DEPTH_USDT[base] ?? THIN_DEPTH_USDT,
    spread: Math.max(1, volatility / CALM_VOLATILITY),
  };
}

const DEFAULT_PROFILE: LadderProfile = { depthUsdt: THIN_DEPTH_USDT, spread: 1 };

/**
 * One side's ladder as several makers would quote it: uneven gaps that widen away from the mid (2–9 basis
 * points between neighbours, the first 1–4 from the mid, times the profile's spread), sizes that are largest
 * near the mid and fall off with distance (the profile's depth at the first level), each level split among one
 * to three orders of uneven size. `random` makes it repeatable.
 */
export function makerLadder(
  random: () => number,
  profile: LadderProfile = DEFAULT_PROFILE,
): { readonly bps: bigint; readonly usdt: readonly bigint[] }[] {
  const out: { bps: bigint; usdt: bigint[] }[] = [];
  const { depthUsdt, spread } = profile;
  let bps = (1 + Math.floor(random() * 4)) * spread;
  for (let k = 0; k < LEVELS; k++) {
    // Depth near the mid, thinning to about a third of it at the last level.
    const level = depthUsdt * (1 - (k / LEVELS) * 0.65) * Math.exp(0.45 * (random() * 2 - 1));
    const parts = 1 + Math.floor(random() * MAKERS_PER_LEVEL);
    const weights = Array.from({ length: parts }, () => 0.4 + random());
    const sum = weights.reduce((a, b) => a + b, 0);
    out.push({
      bps: BigInt(Math.round(bps)),
      usdt: weights.map((w) => BigInt(Math.max(20, Math.round((level * w) / sum)))),
    });
    bps += (2 + Math.floor(random() * (3 + k))) * spread;
  }
  return out;
}

function decimals(step: string): number {
  const i = step.indexOf('.');
  return i < 0 ? 0 : step.length - i - 1;
}

/** Rounds a decimal to a multiple of `step` (down or up), as text. */
export function toStep(value: string, step: string, up: boolean): string | null {
  const scale = decimals(step);
  const v = parseAmount(roundDecimal(value, scale + 6) ?? '', scale + 6);
  const s = parseAmount(step, scale + 6);
  if (v === null || s === null || s === 0n) return null;
  let n = v / s;
  if (up && v % s !== 0n) n += 1n;
  const units = n * s;
  const text = (units / 10n ** 6n).toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** A price moved by `bps` basis points, as a decimal with 12 places. */
export function scaleBps(price: string, bps: bigint): string {
  const p = parseAmount(roundDecimal(price, 12) ?? '0', 12) ?? 0n;
  const v = (p * (10_000n + bps)) / 10_000n;
  const s = v.toString().padStart(13, '0');
  return `${s.slice(0, -12)}.${s.slice(-12)}`;
}

/** How much base `usdt` whole USDT buy at `price`, as a decimal with 12 places. */
export function quoteToSize(usdt: bigint, price: string): string {
  const p = parseAmount(roundDecimal(price, 12) ?? '0', 12) ?? 0n;
  if (p === 0n) return '0';
  const units = (usdt * 10n ** 24n) / p;
  const t = units.toString().padStart(13, '0');
  return `${t.slice(0, -12)}.${t.slice(-12)}`;
}
