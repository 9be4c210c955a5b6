import { formatAmount, formatNumber, parseAmount } from '@nexa/contract';

/**
 * The web's one library of amounts. Amounts stay decimal strings; arithmetic runs on bigint units at the
 * wire's finest scale (18 decimals, exact for every asset), so no float ever touches an amount. How many
 * decimals an asset has, and shows, is the server's asset registry's word (`useAssets`), never a rule here.
 */

/** An asset as the registry describes it (`/v1/basic/currencyList`). */
export interface AssetUnits {
  readonly symbol: string;
  /** Decimals of its minor unit: what an amount of it may carry. */
  readonly scale: number;
  /** Decimals its amounts are shown with. */
  readonly display_precision: number;
}

/** Decimals of the calculation units: the most a decimal string on the wire carries. */
export const CALC_SCALE = 18;
/** One whole unit in calculation units. */
export const CALC_ONE = 10n ** BigInt(CALC_SCALE);

/** A non-negative decimal string in calculation units; null when it is not one. */
export function toUnits(text: string): bigint | null {
  return parseAmount(text.trim(), CALC_SCALE);
}

/** Calculation units back to a decimal string (trailing zeros dropped). */
export function fromUnits(units: bigint): string {
  return formatAmount(units, CALC_SCALE);
}

/** A signed decimal string ("-1.5", "+2", "3") in calculation units; null when it is not one. */
function toSignedUnits(text: string): bigint | null {
  const t = text.trim();
  const negative = t.startsWith('-');
  const units = toUnits(negative || t.startsWith('+') ? t.slice(1) : t);
  return units === null ? null : negative ? -units : units;
}

/** The calculation units of one step of `decimals` decimals (0.01 for 2). */
export function decimalStep(decimals: number): bigint {
  return 10n ** BigInt(CALC_SCALE - Math.min(Math.max(decimals, 0), CALC_SCALE));
}

/** a × b in calculation units, cut down. */
export function mulUnits(a: bigint, b: bigint): bigint {
  return (a * b) / CALC_ONE;
}

/** a ÷ b in calculation units, cut down (b > 0). */
export function divUnits(a: bigint, b: bigint): bigint {
  return (a * CALC_ONE) / b;
}

/** Units cut toward zero to a whole number of `step`. */
export function floorUnits(units: bigint, step: bigint): bigint {
  return (units / step) * step;
}

/** Non-negative units rounded up to a whole number of `step`. */
export function ceilUnits(units: bigint, step: bigint): bigint {
  return ((units + step - 1n) / step) * step;
}

/** Units cut (not rounded) down to `decimals` decimals: what a "max" may offer. */
function truncate(units: bigint, decimals: number): bigint {
  return floorUnits(units, decimalStep(decimals));
}

/** a × b of decimal strings, cut down (never rounded up) to `decimals`; null when one is not an amount. */
export function multiplyDown(a: string, b: string, decimals: number): string | null {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x === null || y === null) return null;
  return fromUnits(truncate(mulUnits(x, y), decimals));
}

/** a × b of decimal strings, rounded up to `decimals` (what a charge comes to); null when one is not an amount. */
export function multiplyUp(a: string, b: string, decimals: number): string | null {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x === null || y === null) return null;
  const exact = x * y;
  const product = exact / CALC_ONE + (exact % CALC_ONE > 0n ? 1n : 0n);
  return fromUnits(ceilUnits(product, decimalStep(decimals)));
}

/**
 * Profit a stake would earn over its term: amount × yearly rate × days ÷ 365, cut down to `decimals` as the
 * server counts it; null for a term that is not whole days or an amount that is not one.
 */
export function stakeProfit(amount: string, apr: string, days: number, decimals: number): string | null {
  if (!Number.isInteger(days) || days < 1) return null;
  const yearly = multiplyDown(amount, apr, CALC_SCALE);
  const total = yearly === null ? null : toUnits(yearly);
  if (total === null) return null;
  return fromUnits(truncate((total * BigInt(days)) / 365n, decimals));
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

/** Whether `text` is a non-negative amount with at most `scale` decimals (what an asset of that scale can hold). */
export function fitsScale(text: string, scale: number): boolean {
  return parseAmount(text.trim(), scale) !== null;
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

/** Whether what was typed had more decimals than the asset allows (the field then says it cut them). */
export function exceedsScale(raw: string, scale: number): boolean {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  return dot >= 0 && text.slice(dot + 1).replace(/\./g, '').length > scale;
}

/** `value` cut toward zero to `decimals`: an amount is never shown as more than it is. */
export function floorDecimals(value: string, decimals: number): string {
  const units = toSignedUnits(value);
  return units === null ? value : fromUnits(truncate(units, decimals));
}

/** How `formatAsset` writes an amount. */
export interface AssetFormat {
  /**
   * Every decimal the amount has, up to the asset's scale, and at least the display precision ("0.000123",
   * "10.00" USDT), instead of a cut to the display precision: for a journal line, a fee, a price, an amount a
   * form moves — figures a cut would misstate.
   */
  readonly exact?: boolean;
  /** "+" before an amount above zero (signed record lines). */
  readonly sign?: boolean;
}

/** A float estimate (display only) as a plain decimal string. */
function plainText(value: string | number): string {
  if (typeof value === 'string') return value;
  return Number.isFinite(value) ? value.toFixed(CALC_SCALE) : '';
}

/**
 * The one way an amount of an asset reads: thousands grouped, the asset's display precision with every
 * decimal shown ("9,210.40" USDT, "0.001500" BTC, "1" TICKET). By default cut toward zero to it (balances,
 * totals, estimates: never shown as more than they are); `exact` keeps the finer decimals the amount has,
 * up to the asset's scale. "--" for what is not a number.
 */
export function formatAsset(amount: string | number, asset: AssetUnits, format: AssetFormat = {}): string {
  const units = toSignedUnits(plainText(amount));
  if (units === null) return '--';
  const cut = fromUnits(truncate(units, format.exact ? asset.scale : asset.display_precision));
  const held = cut.includes('.') ? cut.length - cut.indexOf('.') - 1 : 0;
  const text = formatNumber(cut, Math.max(asset.display_precision, held));
  return format.sign && units > 0n && cut !== '0' ? `+${text}` : text;
}

/** `formatAsset`'s exact form, for short calls. */
export const EXACT: AssetFormat = { exact: true };

/** The server's asset registry as the screens read it (`useAssets`). */
export interface AssetBook {
  /** The asset's scale and display precision; undefined while the registry loads (or for a symbol it lacks). */
  units(symbol: string): AssetUnits | undefined;
  /** Decimals an amount of the asset may carry; while unknown, the wire's most (the server still checks). */
  scale(symbol: string): number;
  /** `formatAsset` by symbol: the amount as every screen shows it, "--" while the asset is unknown. */
  format(amount: string | number, symbol: string, format?: AssetFormat): string;
  /** The registry has answered. */
  readonly ready: boolean;
}

/** The book over a registry answer (undefined while it loads). */
export function assetBook(list: readonly AssetUnits[] | undefined): AssetBook {
  const bySymbol = new Map((list ?? []).map((a) => [a.symbol, a]));
  const units = (symbol: string) => bySymbol.get(symbol.toUpperCase());
  return {
    units,
    scale: (symbol) => units(symbol)?.scale ?? CALC_SCALE,
    format: (amount, symbol, format) => {
      const a = units(symbol);
      return a ? formatAsset(amount, a, format) : '--';
    },
    ready: list !== undefined,
  };
}
