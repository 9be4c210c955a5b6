import { formatNumber, type ResponseData } from '@nexa/contract';

export type SwapInstrument = ResponseData<'/v1/futures/instruments'>['list'][number];
export type Position = ResponseData<'/v1/futures/positions'>['list'][number];

/** The price decimals of a tick ("0.1" → 1). */
export function tickDecimals(tick: string): number {
  const i = tick.indexOf('.');
  return i < 0 ? 0 : tick.length - i - 1;
}

/**
 * What the order form shows before the server answers: estimates of a swap order's value, margin, fee and
 * liquidation price (the server computes the real ones in bigint; these are for reading, never for money).
 */

export interface SwapRules {
  readonly ctVal: number;
  readonly takerRate: number;
  /** Maintenance-margin rate of the first tier. */
  readonly mmr: number;
  readonly maxLever: number;
}

export interface OrderEstimate {
  /** Position value, USDT. */
  readonly value: number;
  readonly margin: number;
  readonly fee: number;
  /** Underlying the contracts stand for. */
  readonly qty: number;
  readonly liqPx: number | null;
}

/** Value, margin, fee and liquidation price of opening `contracts` at `price` with `lever`. */
export function estimateOpen(
  rules: SwapRules,
  side: 'long' | 'short',
  contracts: number,
  price: number,
  lever: number,
): OrderEstimate | null {
  if (!(contracts > 0) || !(price > 0) || !(lever > 0)) return null;
  const qty = contracts * rules.ctVal;
  const value = qty * price;
  const margin = value / lever;
  const fee = value * rules.takerRate;
  return { value, margin, fee, qty, liqPx: liquidationPrice(side, value, margin, qty, rules.mmr) };
}

/** A contract's margin mode: isolated, or cross (the available balance backs the position too). */
export type { MarginMode } from '@nexa/contract';

/**
 * An opening estimate in cross mode: its liquidation price counts what the futures account keeps available
 * after the order's margin and fee (moved in before a liquidation).
 */
export function crossBacking(
  rules: SwapRules,
  side: 'long' | 'short',
  e: OrderEstimate | null,
  available: number,
): OrderEstimate | null {
  if (!e) return e;
  const left = Math.max(0, available - e.margin - e.fee);
  return { ...e, liqPx: liquidationPrice(side, e.value, e.margin + left, e.qty, rules.mmr) };
}

/** The mark price at which a position of entry value `entry`, margin `margin` and size `qty` is taken over. */
export function liquidationPrice(
  side: 'long' | 'short',
  entry: number,
  margin: number,
  qty: number,
  mmr: number,
): number | null {
  if (!(qty > 0)) return null;
  if (side === 'long') {
    const p = (entry - margin) / (qty * (1 - mmr));
    return p > 0 ? p : null;
  }
  return (entry + margin) / (qty * (1 + mmr));
}

/** The most whole contracts `available` USDT opens at `price` and `lever`, fee included. */
export function maxContracts(rules: SwapRules, available: number, price: number, lever: number): number {
  if (!(available > 0) || !(price > 0) || !(lever > 0)) return 0;
  const perContract = rules.ctVal * price * (1 / lever + rules.takerRate);
  return Math.max(0, Math.floor(available / perContract + 1e-9));
}

/** The leverage choices offered up to an instrument's maximum. */
export function leverChoices(max: number): number[] {
  return [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125].filter((l) => l <= max);
}

/** Whole seconds to a moment, as hh:mm:ss (00:00:00 once it passed). */
export function countdown(to: number | null, now: number): string {
  if (to === null) return '--:--:--';
  const s = Math.max(0, Math.floor((to - now) / 1000));
  const hh = String(Math.floor(s / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
}

/** A funding rate (a fraction as text) in percent with 4 decimals: "0.0100%". */
export function ratePercent(rate: string | null): string {
  if (rate === null || rate === '') return '--';
  const n = Number(rate) * 100;
  return Number.isFinite(n) ? `${formatNumber(n.toFixed(4), 4)}%` : '--';
}

/** Whether a contract count is a whole number from 1. */
export function isContractCount(text: string): boolean {
  return /^[1-9]\d{0,8}$/.test(text.trim());
}

/** What closing part of a position at market is expected to do, from the book as it stands. */
export interface CloseEstimate {
  /** Contracts the visible levels can fill (less than asked when the book is thin). */
  readonly covered: number;
  /** Average price of the fill over the visible levels; null when the side is empty. */
  readonly fillPx: number | null;
  /** The best price on the side the close takes from. */
  readonly bestPx: number | null;
  /** How far the average fill is from the best price, in percent (always ≥ 0, against the user). */
  readonly slippagePct: number | null;
  /** Realized PnL of the closed contracts at the expected fill, before the fee. */
  readonly pnl: number | null;
  /** The taker fee on the expected fill. */
  readonly fee: number | null;
}

/**
 * Walks the book levels a market close takes from (a long sells into the bids, a short buys from the
 * asks; best first, sizes in contracts) for `contracts`, and prices the realized PnL from that fill, not from
 * the mark: `entryPx` is the position's average entry. An estimate: the book moves before the order lands.
 */
export function estimateClose(
  levels: readonly (readonly [string, string, ...unknown[]])[],
  side: 'long' | 'short',
  contracts: number,
  entryPx: number,
  rules: Pick<SwapRules, 'ctVal' | 'takerRate'>,
): CloseEstimate {
  let covered = 0;
  let cost = 0;
  for (const [pxText, szText] of levels) {
    if (covered >= contracts) break;
    const px = Number(pxText);
    const sz = Number(szText);
    if (!(px > 0) || !(sz > 0)) continue;
    const take = Math.min(sz, contracts - covered);
    covered += take;
    cost += take * px;
  }
  const best = levels.length > 0 ? Number(levels[0]?.[0]) : Number.NaN;
  const bestPx = best > 0 ? best : null;
  if (covered === 0 || bestPx === null) {
    return { covered: 0, fillPx: null, bestPx, slippagePct: null, pnl: null, fee: null };
  }
  const fillPx = cost / covered;
  const qty = contracts * rules.ctVal;
  const dir = side === 'long' ? 1 : -1;
  return {
    covered,
    fillPx,
    bestPx,
    slippagePct: (Math.abs(fillPx - bestPx) / bestPx) * 100,
    pnl: dir * (fillPx - entryPx) * qty,
    fee: fillPx * qty * rules.takerRate,
  };
}

/** The contract's figures the estimates use. */
export function rulesOf(inst: SwapInstrument): SwapRules {
  return {
    ctVal: Number(inst.ct_val),
    takerRate: Number(inst.taker_fee_rate),
    mmr: Number(inst.tiers[0]?.mmr ?? '0.005'),
    maxLever: inst.max_lever,
  };
}

/** A USDT figure with `d` decimals, or -- when there is none. */
export const money = (v: number | null | undefined, d = 2) =>
  v === null || v === undefined || !Number.isFinite(v) ? '--' : formatNumber(v.toFixed(6), d);
