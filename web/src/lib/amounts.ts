import { formatAmount, formatNumber, parseAmount } from '@nexa/contract';

/**
 * Amount logic of the wallet forms. Amounts stay decimal strings; arithmetic runs on bigint minor
 * units at a scale exact for every asset (no float ever touches an amount).
 */
const CALC_SCALE = 18;

/** Decimals an amount of the asset may carry (RULES.md: USDT 6, the others 8). */
export function assetScale(asset: string): number {
  return asset.toUpperCase() === 'USDT' ? 6 : 8;
}

/** A non-negative decimal string in calculation units; null when it is not one. */
export function toUnits(text: string): bigint | null {
  return parseAmount(text.trim(), CALC_SCALE);
}

function fromUnits(units: bigint): string {
  return formatAmount(units, CALC_SCALE);
}

/** Units cut (not rounded) down to the asset's decimals: what a "max" may offer. */
function truncate(units: bigint, scale: number): bigint {
  const step = 10n ** BigInt(CALC_SCALE - Math.min(scale, CALC_SCALE));
  return (units / step) * step;
}

/** a + b of decimal strings (unparseable parts count as 0). */
export function addAmounts(...values: readonly string[]): string {
  return fromUnits(values.reduce((sum, v) => sum + (toUnits(v) ?? 0n), 0n));
}

/** a − b of decimal strings, possibly negative. */
export function subtractAmounts(a: string, b: string): string {
  return fromUnits((toUnits(a) ?? 0n) - (toUnits(b) ?? 0n));
}

/** −1, 0 or 1; unparseable values compare as 0. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const x = toUnits(a) ?? 0n;
  const y = toUnits(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isPositiveAmount(text: string): boolean {
  const units = toUnits(text);
  return units !== null && units > 0n;
}

/**
 * The most the user can send: available − fee, cut to the asset's decimals, never below 0.
 * "0" when the balance is unknown or does not cover the fee.
 */
export function maxAmount(available: string | null | undefined, fee: string, scale: number): string {
  const units = available ? toUnits(available) : null;
  if (units === null) return '0';
  const left = units - (toUnits(fee) ?? 0n);
  return left > 0n ? fromUnits(truncate(left, scale)) : '0';
}

/**
 * What the user types, cleaned as they type: digits and one decimal point (a comma counts as one,
 * as on German and Vietnamese keyboards), no leading zeros, at most `scale` decimals.
 */
export function sanitizeAmountInput(raw: string, scale: number): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  let [whole = '', frac] = text.split('.');
  whole = whole.replace(/^0+(?=\d)/, '');
  if (frac === undefined || scale <= 0) return whole;
  return `${whole === '' ? '0' : whole}.${frac.slice(0, scale)}`;
}

export type AmountProblem = 'required' | 'invalid' | 'belowMinimum' | 'aboveLimit' | 'insufficient';

export interface AmountRules {
  /** Decimals the asset allows. */
  readonly scale: number;
  /** Balance the amount (plus fee) is taken from; null while unknown (not checked then). */
  readonly available: string | null;
  readonly fee?: string;
  readonly min?: string;
  /** Upper bound of one request (the daily limit, for withdrawals). */
  readonly max?: string;
}

/** The first thing wrong with an amount, or null when it may be submitted. */
export function checkAmount(text: string, rules: AmountRules): AmountProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  const units = parseAmount(trimmed, rules.scale) === null ? null : toUnits(trimmed);
  if (units === null || units <= 0n) return 'invalid';
  if (rules.min !== undefined && units < (toUnits(rules.min) ?? 0n)) return 'belowMinimum';
  if (rules.max !== undefined && units > (toUnits(rules.max) ?? 0n)) return 'aboveLimit';
  if (rules.available !== null) {
    const available = toUnits(rules.available) ?? 0n;
    if (units + (toUnits(rules.fee ?? '0') ?? 0n) > available) return 'insufficient';
  }
  return null;
}

/** Sum of decimal strings, for subtotals (for example the USDT value of one account). */
export function sumAmounts(values: readonly string[]): string {
  return addAmounts(...values);
}

/** Whether a signed decimal string ("-12.5", "+3", "4") is negative. */
export function isNegative(signed: string): boolean {
  return signed.trim().startsWith('-');
}

/** A rate as a percentage text: "0.005" → "0.5". */
export function ratePercent(rate: string): string {
  const units = toUnits(rate);
  return units === null ? rate : fromUnits(units * 100n);
}

/**
 * Decimals an asset's amounts are shown with (the registry's display precision: USDT 2, BTC and ETH 6,
 * the platform tokens 4, SATS 2); answers that carry `display_precision` keep this up to date.
 */
const DISPLAY_PRECISION = new Map<string, number>([
  ['USDT', 2],
  ['BTC', 6],
  ['ETH', 6],
  ['SATS', 2],
]);
const DEFAULT_DISPLAY_PRECISION = 4;

export function displayDecimals(asset: string): number {
  return DISPLAY_PRECISION.get(asset.toUpperCase()) ?? DEFAULT_DISPLAY_PRECISION;
}

/** Learns display precisions from an answer that carries them (balances, the currency list). */
export function learnDisplayPrecision(
  rows: readonly { asset?: string; symbol?: string; display_precision: number }[],
) {
  for (const r of rows) {
    const asset = r.asset ?? r.symbol;
    if (
      asset &&
      Number.isInteger(r.display_precision) &&
      r.display_precision >= 0 &&
      r.display_precision <= 8
    ) {
      DISPLAY_PRECISION.set(asset.toUpperCase(), r.display_precision);
    }
  }
}

/** `value` cut down (never up) to `decimals`: a balance is never shown as more than it is. */
export function floorDecimals(value: string, decimals: number): string {
  const units = toUnits(value.startsWith('-') ? value.slice(1) : value);
  if (units === null) return value;
  const cut = truncate(units, decimals);
  const text = fromUnits(cut);
  return value.startsWith('-') && cut !== 0n ? `-${text}` : text;
}

/**
 * The one way a balance reads (wallet rows, every "available" line, totals of an account): the asset's
 * display precision, cut down, with every decimal shown and thousands grouped: "9,210.40 USDT".
 */
export function balanceNumber(value: string, asset: string): string {
  const d = displayDecimals(asset);
  return formatNumber(floorDecimals(value, d), d);
}

/** Whether what was typed had more decimals than the asset allows (the field then says it cut them). */
export function exceedsScale(raw: string, scale: number): boolean {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  return dot >= 0 && text.slice(dot + 1).replace(/\./g, '').length > scale;
}
