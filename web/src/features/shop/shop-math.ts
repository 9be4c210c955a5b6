import {
  formatAmount,
  type MERCHANT_STATUSES,
  parseAmount,
  RATE_ONE,
  RATE_SCALE,
  type SHOP_ORDER_FILTERS,
  type SHOP_ORDER_STATUSES,
  USDT_SCALE,
} from '@nexa/contract';

/**
 * The shop's pure rules as the screens show them: order totals, fees and what arrives, the order filters and
 * timeline, quantities, the goods form's checks. Amounts stay decimal strings; arithmetic runs on bigint.
 */

/** A goods image the upload would refuse (the same check as the cards' identity images). */
export { IMAGE_TYPES, imageProblem, sizeText } from '../../lib/image-file';

/** The most pieces one purchase may take (the contract's limit). */
export const MAX_PIECES = 100;
/** The most images one product may carry; the first is the cover. */
export const MAX_IMAGES = 6;

export type OrderStatus = (typeof SHOP_ORDER_STATUSES)[number];
export type OrderFilter = (typeof SHOP_ORDER_FILTERS)[number];
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** The smaller of two bigints (Math.min takes no bigint). */
function lesser(a: bigint, b: bigint): bigint {
  if (a < b) return a;
  return b;
}

function units(value: string): bigint | null {
  return parseAmount(value.trim(), USDT_SCALE);
}

/** unit price × quantity, exact ("12.5" × 3 = "37.5"); null when the price is not a USDT amount. */
export function lineTotal(unitPrice: string, quantity: number): string | null {
  const price = units(unitPrice);
  if (price === null || !Number.isInteger(quantity) || quantity < 0) return null;
  return formatAmount(price * BigInt(quantity), USDT_SCALE);
}

/**
 * A fee of `rate` on `amount`, rounded up to the millionth (what the platform charges never rounds in its
 * disfavour, so no non-zero move is free), and what arrives: amount − fee, never below 0.
 */
export function feeSplit(amount: string, rate: string): { fee: string; received: string } | null {
  const a = units(amount);
  const r = parseAmount(rate.trim(), RATE_SCALE);
  if (a === null || r === null) return null;
  const one = RATE_ONE;
  const fee = (a * r + one - 1n) / one;
  const capped = lesser(fee, a);
  return { fee: formatAmount(capped, USDT_SCALE), received: formatAmount(a - capped, USDT_SCALE) };
}

/** Whether `balance` covers `amount` (both USDT decimal strings; an unreadable one never covers). */
export function covers(balance: string, amount: string): boolean {
  const b = units(balance);
  const a = units(amount);
  return b !== null && a !== null && b >= a;
}

/** What is still missing from `balance` to pay `amount` ("0" when it covers it). */
export function shortfall(balance: string, amount: string): string {
  const b = units(balance) ?? 0n;
  const a = units(amount) ?? 0n;
  return formatAmount(a > b ? a - b : 0n, USDT_SCALE);
}

/** The spec's order filters: 1 = in progress (paid, shipped), 2 = finished (completed, canceled). */
export function orderFilterOf(status: OrderStatus): OrderFilter {
  return status === 'paid' || status === 'shipped' ? 1 : 2;
}

/** The most pieces that can be bought now: the stock, at most the contract's 100. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(MAX_PIECES, Math.trunc(stock)));
}

/** A quantity kept between 1 and what can be bought (1 when nothing can: the button is then off). */
export function clampQuantity(quantity: number, stock: number): number {
  const q = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
  return Math.max(1, Math.min(q, Math.max(1, maxQuantity(stock))));
}

/** `?qty=` as a quantity: a whole number from 1, else 1. */
export function parseQuantity(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 ? n : 1;
}

/** `?id=` as a positive whole id, else null. */
export function parseId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,12}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

export type StepKey = 'placed' | 'shipped' | 'completed' | 'canceled';

export interface TimelineStep {
  readonly key: StepKey;
  readonly at: string | null;
  /** Reached. */
  readonly done: boolean;
  /** The step the order stands at. */
  readonly current: boolean;
}

/**
 * An order's timeline: placed (paid into escrow) → shipped → completed; a canceled order ends at "canceled"
 * after being placed (it is canceled before it ships).
 */
export function orderTimeline(o: {
  readonly status: OrderStatus;
  readonly created_at: string;
  readonly shipped_at: string | null;
  readonly completed_at: string | null;
  readonly canceled_at: string | null;
}): readonly TimelineStep[] {
  if (o.status === 'canceled') {
    return [
      { key: 'placed', at: o.created_at, done: true, current: false },
      { key: 'canceled', at: o.canceled_at, done: true, current: true },
    ];
  }
  const reached: Readonly<Record<OrderStatus, number>> = { paid: 0, shipped: 1, completed: 2, canceled: 0 };
  const at = reached[o.status];
  const keys = ['placed', 'shipped', 'completed'] as const;
  const times = [o.created_at, o.shipped_at, o.completed_at];
  return keys.map((key, i) => ({ key, at: times[i] ?? null, done: i <= at, current: i === at }));
}

/** Who I am to an order: its merchant when my merchant account sold it, else its buyer. */
export function orderRole(
  order: { readonly merchant_id: number },
  myMerchantId: number | null,
): 'merchant' | 'buyer' {
  return myMerchantId !== null && order.merchant_id === myMerchantId ? 'merchant' : 'buyer';
}

/** What one may do with an order now, by role. */
export function orderActions(status: OrderStatus, role: 'merchant' | 'buyer') {
  return {
    cancel: role === 'buyer' && status === 'paid',
    signFor: role === 'buyer' && status === 'shipped',
    ship: role === 'merchant' && status === 'paid',
  } as const;
}

/** Where a merchant center stands: no account yet, or its status. */
export type MerchantStage = 'none' | MerchantStatus;

export function merchantStage(
  merchant: { readonly status: MerchantStatus } | null | undefined,
): MerchantStage {
  return merchant ? merchant.status : 'none';
}

/** Whether VIP runs at `now_ms`. */
export function vipActive(vipUntil: string | null, now_ms: number): boolean {
  if (!vipUntil) return false;
  const t = Date.parse(vipUntil);
  return Number.isFinite(t) && t > now_ms;
}

/**
 * My share of today's dividend pool if the day closed now: pool × my weight ÷ all weight, rounded down to
 * the millionth ("0" without weight). The payout itself is the server's, at the day's end.
 */
export function poolShare(pool: string, myWeight: string, totalWeight: string): string {
  const p = units(pool);
  const mine = parseAmount(myWeight.trim(), 18);
  const all = parseAmount(totalWeight.trim(), 18);
  if (p === null || mine === null || all === null || all <= 0n || mine <= 0n) return '0';
  const share = (p * lesser(mine, all)) / all;
  return formatAmount(share, USDT_SCALE);
}

/** My share of the day's weight as a percentage text with up to 2 decimals ("12.5"), "0" without weight. */
export function weightPercent(myWeight: string, totalWeight: string): string {
  const mine = parseAmount(myWeight.trim(), 18);
  const all = parseAmount(totalWeight.trim(), 18);
  if (mine === null || all === null || all <= 0n || mine <= 0n) return '0';
  const basis = (lesser(mine, all) * 10_000n) / all;
  return formatAmount(basis, 2);
}

export type GoodsField = 'category' | 'title' | 'price' | 'stock' | 'images';
export type GoodsProblem = 'required' | 'tooShort' | 'invalid' | 'tooMany';

export interface GoodsDraft {
  readonly categoryId: number | null;
  readonly title: string;
  readonly price: string;
  readonly stock: string;
  readonly images: number;
}

/** What is wrong with each field of the goods form (the contract's limits), null where a field is fine. */
export function goodsProblems(d: GoodsDraft): Readonly<Record<GoodsField, GoodsProblem | null>> {
  const title = d.title.trim();
  const price = d.price.trim();
  const stock = d.stock.trim();
  const priceUnits = price === '' ? null : units(price);
  return {
    category: d.categoryId === null ? 'required' : null,
    title: title === '' ? 'required' : title.length < 2 ? 'tooShort' : null,
    price: price === '' ? 'required' : priceUnits === null || priceUnits <= 0n ? 'invalid' : null,
    stock:
      stock === '' ? 'required' : /^\d{1,7}$/.test(stock) && Number(stock) <= 1_000_000 ? null : 'invalid',
    images: d.images === 0 ? 'required' : d.images > MAX_IMAGES ? 'tooMany' : null,
  };
}

/** A list with the item at `index` moved to the front (the cover). */
export function moveToFront<T>(list: readonly T[], index: number): T[] {
  if (index <= 0 || index >= list.length) return [...list];
  const item = list[index] as T;
  return [item, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** How many more images may be added. */
export function imagesLeft(count: number): number {
  return Math.max(0, MAX_IMAGES - count);
}

/** A tracking number as the contract takes it: 6–30 letters, digits or dashes. */
export function isTracking(text: string): boolean {
  return /^[A-Za-z0-9-]{6,30}$/.test(text.trim());
}

/** A phone number as the contract takes it. */
export function isPhone(text: string): boolean {
  return /^\+?[0-9 ()-]{6,20}$/.test(text.trim());
}

/** Whole days and hours from `now_ms` to `at` ({days, hours}), or null once it has passed. */
export function timeLeft(at: string | null, now_ms: number): { days: number; hours: number } | null {
  if (!at) return null;
  const t = Date.parse(at);
  if (!Number.isFinite(t) || t <= now_ms) return null;
  const hours = Math.floor((t - now_ms) / 3_600_000);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
