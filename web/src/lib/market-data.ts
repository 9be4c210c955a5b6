import {
  comparePriceText,
  formatNumber,
  isSwapInstId,
  type LiveTickerData,
  type ResponseData,
} from '@nexa/contract';
import { toUnits } from './amounts';

export type RestTicker = ResponseData<'/v1/market/tickers'>['list'][number];
export type Instrument = ResponseData<'/v1/market/instruments'>['list'][number];

/** One market as the screens show it: the REST ticker, overtaken by the live one. */
export interface MarketRow {
  readonly instId: string;
  readonly base: string;
  readonly quote: string;
  /** Last trade price; null before the first trade. */
  readonly last: string | null;
  /** 24 h change in percent, signed text ("-1.25"); "" before the first trade. */
  readonly changePct: string;
  readonly open24h: string | null;
  readonly high24h: string | null;
  readonly low24h: string | null;
  /** 24 h volume in the base asset. */
  readonly vol24h: string;
  /** 24 h volume in the quote asset (volume × last), exact; null before the first trade. */
  readonly turnover: string | null;
  /** Decimals of the instrument's prices (from its tick size). */
  readonly priceDecimals: number;
}

/** Decimals of a step: "0.01" → 2, "1" → 0, "0.0001" → 4. */
export function stepDecimals(step: string): number {
  const [, frac = ''] = step.split('.');
  return frac.replace(/0+$/, '').length;
}

/** Decimals to show a price with when the instrument is not known: those of the price, 2 to 8. */
export function decimalsOfPrice(px: string | null): number {
  if (!px) return 2;
  const [, frac = ''] = px.split('.');
  return Math.min(8, Math.max(2, frac.length));
}

/** Exact product of two decimal strings (18 decimals kept), or null when one is not a decimal. */
export function multiplyDecimals(a: string, b: string): string | null {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x === null || y === null) return null;
  const product = (x * y) / 10n ** 18n;
  const whole = product / 10n ** 18n;
  const frac = (product % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

function splitInstId(instId: string): { base: string; quote: string } {
  const [base = instId, quote = ''] = instId.split('-');
  return { base, quote };
}

const blank = (s: string | null | undefined): string | null => (s === undefined || s === '' ? null : s);

/**
 * The markets to show: the REST list's order (every instrument the server lists), each overtaken by
 * its live ticker when one arrived, then instruments only the feed knows.
 */
export function mergeMarkets(
  rest: readonly RestTicker[] | undefined,
  live: Readonly<Record<string, LiveTickerData>>,
  instruments: readonly Instrument[] | undefined,
): MarketRow[] {
  const tick = new Map((instruments ?? []).map((i) => [i.instId, i]));
  const ids: string[] = [];
  const seen = new Set<string>();
  // Spot markets only: perpetual swaps have their own screen.
  for (const id of [...(rest ?? []).map((r) => r.instId), ...(instruments ?? []).map((i) => i.instId)]) {
    if (isSwapInstId(id)) continue;
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  for (const id of Object.keys(live)) {
    if (isSwapInstId(id)) continue;
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  const restById = new Map((rest ?? []).map((r) => [r.instId, r]));
  return ids.map((instId) => {
    const r = restById.get(instId);
    const l = live[instId];
    const inst = tick.get(instId);
    const { base, quote } = inst ? { base: inst.base, quote: inst.quote } : splitInstId(instId);
    const last = blank(l?.last) ?? r?.last ?? null;
    const vol24h = l?.vol24h ?? r?.vol24h ?? '0';
    return {
      instId,
      base,
      quote,
      last,
      // No change to show before a first trade ("--", not 0.00 %).
      changePct: last === null ? '' : (l?.change_percent ?? r?.change_percent ?? '0'),
      open24h: blank(l?.open24h) ?? r?.open24h ?? null,
      high24h: blank(l?.high24h) ?? r?.high24h ?? null,
      low24h: blank(l?.low24h) ?? r?.low24h ?? null,
      vol24h,
      turnover: last ? multiplyDecimals(vol24h, last) : null,
      priceDecimals: inst ? stepDecimals(inst.tick_size) : decimalsOfPrice(last),
    };
  });
}

export type Tone = 'up' | 'down' | 'flat';

/** Up, down or flat for a signed change ("-1.25", "0.00", "+3"). */
export function changeTone(changePct: string): Tone {
  const n = Number(changePct);
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/** "+1.25%", "-0.50%", "0.00%"; "--" for none (""). */
export function formatChange(changePct: string): string {
  const text = formatNumber(changePct, 2);
  if (text === '--') return '--';
  return `${changeTone(changePct) === 'up' && !text.startsWith('+') ? '+' : ''}${text}%`;
}

/** A price with the instrument's decimals and thousands separators; "--" before the first trade. */
export function formatPrice(px: string | null | undefined, decimals: number): string {
  return px ? formatNumber(px, decimals) : '--';
}

const UNITS: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** A volume in short form for lists: "1.23M", "845.20K", "12.50". Display only. */
export function formatCompact(value: string | null | undefined): string {
  if (value === null || value === undefined) return '--';
  const n = Number(value);
  if (!Number.isFinite(n)) return '--';
  for (const [size, unit] of UNITS)
    if (Math.abs(n) >= size) return `${formatNumber((n / size).toFixed(2), 2)}${unit}`;
  return formatNumber(value, 2);
}

export type SortKey = 'change' | 'volume';
export type SortDir = 'asc' | 'desc';
export interface Sort {
  readonly key: SortKey;
  readonly dir: SortDir;
}

/** The next sort after tapping a column head: descending, then ascending, then the server's order. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: 'desc' };
  if (current.dir === 'desc') return { key, dir: 'asc' };
  return null;
}

function compareSigned(a: string, b: string): number {
  return Number(a) - Number(b) || 0;
}

function compareTurnover(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return comparePriceText(a, b);
}

/** Markets whose pair holds the query (case-insensitive; "btc", "btc/usdt", "BTC-USDT" all match). */
export function filterMarkets(rows: readonly MarketRow[], query: string): MarketRow[] {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[\s/_]/g, '-');
  if (!q) return [...rows];
  return rows.filter((r) => r.instId.toUpperCase().includes(q) || r.base.toUpperCase().includes(q));
}

/** Sorted by 24 h change or by 24 h volume in the quote asset; ties keep the server's order. */
export function sortMarkets(rows: readonly MarketRow[], sort: Sort | null): MarketRow[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'desc' ? -1 : 1;
  const cmp =
    sort.key === 'change'
      ? (a: MarketRow, b: MarketRow) => compareSigned(a.changePct, b.changePct)
      : (a: MarketRow, b: MarketRow) => compareTurnover(a.turnover, b.turnover);
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => sign * cmp(a.row, b.row) || a.i - b.i)
    .map((x) => x.row);
}

/** The markets Home shows: the most traded first (those never traded after, in the server's order). */
export function topMarkets(rows: readonly MarketRow[], count: number): MarketRow[] {
  return sortMarkets(rows, { key: 'volume', dir: 'desc' }).slice(0, count);
}
