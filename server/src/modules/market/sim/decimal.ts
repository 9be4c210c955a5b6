import { formatAmount } from '@nexa/contract';

/**
 * Exact decimals for market statistics (volumes, notionals): a bigint of units at a scale. Any size,
 * no rounding; sums and products keep every digit.
 */
export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

export function parseDec(text: string): Dec {
  const m = DECIMAL_RE.exec(text);
  if (!m) throw new Error(`not a decimal: ${JSON.stringify(text)}`);
  const frac = m[3] ?? '';
  const units = BigInt((m[2] ?? '0') + frac);
  return { units: m[1] ? -units : units, scale: frac.length };
}

export function isDecimalText(text: string): boolean {
  return DECIMAL_RE.test(text);
}

function rescale(d: Dec, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

export function addDec(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function mulDec(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Plain text without trailing zeros ("12.5", "0", "-3"). */
export function formatDec(d: Dec): string {
  return formatAmount(d.units, d.scale);
}

/** (to − from) / from × 100, rounded half away from zero to 2 decimals, always with 2 ("-1.25", "0.00"). */
export function percentChange(from: Dec, to: Dec): string {
  if (from.units === 0n) return '0.00';
  const scale = Math.max(from.scale, to.scale);
  const f = rescale(from, scale);
  const diff = rescale(to, scale) - f;
  const num = diff * 10_000n;
  const absNum = num < 0n ? -num : num;
  const absF = f < 0n ? -f : f;
  let q = absNum / absF;
  if ((absNum % absF) * 2n >= absF) q += 1n;
  const negative = num < 0n !== f < 0n && q !== 0n;
  const text = q.toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}
