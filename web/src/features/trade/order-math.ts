import {
  CALC_ONE,
  ceilUnits,
  decimalStep,
  divUnits,
  floorUnits,
  fromUnits,
  mulUnits,
  toUnits,
} from '../../lib/amounts';

/**
 * The rules of the spot order form. Decimal strings in and out; the arithmetic is the web's one amounts
 * library (bigint calculation units), so no float touches a price, an amount or a fee.
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

/** The server's rules for an instrument (from /v1/market/instruments), or RULES.md's defaults. */
export interface OrderRules {
  readonly base: string;
  readonly quote: string;
  readonly tick_size: string;
  readonly lot_size: string;
  readonly min_notional: string;
  readonly maker_fee_rate: string;
  readonly taker_fee_rate: string;
}

/** RULES.md "Spot trading": minimum notional 5 USDT, maker 0.08%, taker 0.1%. */
export const DEFAULT_SPOT_RULES = {
  min_notional: '5',
  maker_fee_rate: '0.0008',
  taker_fee_rate: '0.001',
} as const;

export interface OrderDraft {
  readonly side: Side;
  readonly type: OrderType;
  /** Limit price; ignored for market orders. */
  readonly price: string;
  /** Base amount, except for a market buy: the quote amount to spend (as OKX's tgtCcy quote_ccy). */
  readonly amount: string;
}

export interface MarketContext {
  readonly rules: OrderRules;
  /** Available balance of what the order spends (quote to buy, base to sell); null while unknown. */
  readonly available: string | null;
  readonly last: string | null;
  readonly bestAsk: string | null;
  readonly bestBid: string | null;
  /** Decimals of the quote asset (the registry's scale): what its amounts and fees are rounded to. */
  readonly quoteScale: number;
}

function units(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  return toUnits(text);
}

const text = fromUnits;
const mul = mulUnits;
const div = divUnits;

/** Cut down to a whole number of steps ("0.12345", "0.001" → "0.123"). */
export function floorToStep(value: string, step: string): string {
  const v = units(value);
  const s = units(step);
  if (v === null || s === null || s <= 0n) return value;
  return text(floorUnits(v, s));
}

/** Whether the value is a whole number of steps. */
export function isMultipleOf(value: string, step: string): boolean {
  const v = units(value);
  const s = units(step);
  if (v === null || s === null || s <= 0n) return true;
  return v % s === 0n;
}

/** One step up or down from a price (never below one step); the last price when empty. */
export function stepPrice(price: string, step: string, dir: 1 | -1, fallback: string | null): string {
  const s = units(step);
  const p = units(price) ?? units(fallback);
  if (s === null || s <= 0n) return price;
  if (p === null) return '';
  // Up: the next step above. Down: the step below, or the step the price sits between.
  const floored = floorUnits(p, s);
  const next = dir === 1 ? floored + s : floored === p ? p - s : floored;
  if (next < s) return text(s);
  return text(next);
}

/** The asset the amount field counts: the quote for a market buy, the base otherwise. */
export function amountAsset(draft: Pick<OrderDraft, 'side' | 'type'>, rules: OrderRules): string {
  return draft.side === 'buy' && draft.type === 'market' ? rules.quote : rules.base;
}

/** The asset an order spends (and whose balance the form shows). */
export function spendAsset(side: Side, rules: OrderRules): string {
  return side === 'buy' ? rules.quote : rules.base;
}

/** Order value in the quote asset; a market sell's is an estimate at the last price. */
export function notional(draft: OrderDraft, ctx: MarketContext): string | null {
  const amount = units(draft.amount);
  if (amount === null) return null;
  if (draft.type === 'market') {
    if (draft.side === 'buy') return text(amount);
    const last = units(ctx.last);
    return last === null ? null : text(mul(amount, last));
  }
  const price = units(draft.price);
  return price === null ? null : text(mul(price, amount));
}

/** Whether the order takes liquidity: a market order, or a limit price through the other side. */
export function isTaker(draft: OrderDraft, ctx: MarketContext): boolean {
  if (draft.type === 'market') return true;
  const price = units(draft.price);
  if (price === null) return false;
  const other = units(draft.side === 'buy' ? ctx.bestAsk : ctx.bestBid);
  if (other === null) return false;
  return draft.side === 'buy' ? price >= other : price <= other;
}

/** The fee rate expected: taker for what crosses the book, maker for what rests. */
export function feeRate(draft: OrderDraft, ctx: MarketContext): string {
  return isTaker(draft, ctx) ? ctx.rules.taker_fee_rate : ctx.rules.maker_fee_rate;
}

/** Estimated fee in the quote asset, rounded up to its decimals. */
export function estimateFee(draft: OrderDraft, ctx: MarketContext): string | null {
  const value = units(notional(draft, ctx));
  const rate = units(feeRate(draft, ctx));
  if (value === null || rate === null) return null;
  return text(ceilUnits(mul(value, rate), decimalStep(ctx.quoteScale)));
}

function higherRate(rules: OrderRules): bigint {
  const maker = units(rules.maker_fee_rate) ?? 0n;
  const taker = units(rules.taker_fee_rate) ?? 0n;
  return maker > taker ? maker : taker;
}

/** A fee on a quote value, rounded up to the quote's decimals, as the server charges it. */
function feeUp(value: bigint, rate: bigint, quoteScale: number): bigint {
  const raw = mul(value, rate) + ((value * rate) % CALC_ONE > 0n ? 1n : 0n);
  return ceilUnits(raw, decimalStep(quoteScale));
}

/**
 * What the server holds for the order, in the asset it spends: a limit buy holds its value, the fee
 * at the higher rate rounded up (it may end up taking) and one quote minor unit per lot (the rounding of
 * its later fills); a market buy its spend plus the taker fee rounded up; a sell its amount.
 */
export function holdAmount(draft: OrderDraft, ctx: MarketContext): string | null {
  const amount = units(draft.amount);
  if (amount === null) return null;
  if (draft.side === 'sell') return text(amount);
  if (draft.type === 'market') {
    return text(amount + feeUp(amount, units(ctx.rules.taker_fee_rate) ?? 0n, ctx.quoteScale));
  }
  const value = units(notional(draft, ctx));
  const lot = units(ctx.rules.lot_size);
  if (value === null) return null;
  const lots = lot !== null && lot > 0n ? amount / lot : 0n;
  const quoteUnit = decimalStep(ctx.quoteScale);
  return text(value + feeUp(value, higherRate(ctx.rules), ctx.quoteScale) + lots * quoteUnit);
}

/**
 * The amount for a share (0–100 %) of the available balance: a sell's share of the base held; a
 * market buy's share of the quote, less the taker fee; a limit buy's share of the quote divided by
 * the price (the last price when none is entered) and the fee. Amounts are cut to the lot size.
 */
export function amountForPercent(percent: number, draft: OrderDraft, ctx: MarketContext): string {
  const available = units(ctx.available);
  if (available === null || available <= 0n || percent <= 0) return '';
  const share = (available * BigInt(Math.round(Math.min(100, percent) * 100))) / 10_000n;
  if (draft.side === 'sell') return nonZero(floorToStep(text(share), ctx.rules.lot_size));
  const taker = units(ctx.rules.taker_fee_rate) ?? 0n;
  if (draft.type === 'market') {
    // What a market buy spends, in hundredths of the quote: the slider offers round amounts.
    const spend = div(share, CALC_ONE + taker);
    return nonZero(text(floorUnits(spend, decimalStep(2))));
  }
  const price = units(draft.price) ?? units(ctx.last);
  if (price === null || price <= 0n) return '';
  const size = div(share, mul(price, CALC_ONE + higherRate(ctx.rules)));
  return nonZero(floorToStep(text(size), ctx.rules.lot_size));
}

function nonZero(value: string): string {
  return units(value) === 0n ? '' : value;
}

/** How much of the available balance the order would hold, 0–100 (for the slider; display only). */
export function percentOfAvailable(draft: OrderDraft, ctx: MarketContext): number {
  const available = units(ctx.available);
  const hold = units(holdAmount(draft, ctx));
  if (available === null || hold === null || available <= 0n) return 0;
  const pct = Number((hold * 10_000n) / available) / 100;
  return Math.max(0, Math.min(100, pct));
}

export type OrderProblem =
  | 'priceRequired'
  | 'priceInvalid'
  | 'amountRequired'
  | 'amountInvalid'
  | 'belowMinimum'
  | 'insufficient';

/** The first thing wrong with the order, or null when it may be sent. */
export function checkOrder(draft: OrderDraft, ctx: MarketContext): OrderProblem | null {
  if (draft.type === 'limit') {
    if (draft.price.trim() === '') return 'priceRequired';
    const price = units(draft.price);
    if (price === null || price <= 0n || !isMultipleOf(draft.price, ctx.rules.tick_size))
      return 'priceInvalid';
  }
  if (draft.amount.trim() === '') return 'amountRequired';
  const amount = units(draft.amount);
  if (amount === null || amount <= 0n) return 'amountInvalid';
  const isQuote = draft.side === 'buy' && draft.type === 'market';
  if (!isQuote && !isMultipleOf(draft.amount, ctx.rules.lot_size)) return 'amountInvalid';
  const value = units(notional(draft, ctx));
  const min = units(ctx.rules.min_notional);
  if (value !== null && min !== null && value < min) return 'belowMinimum';
  const available = units(ctx.available);
  const hold = units(holdAmount(draft, ctx));
  if (available !== null && hold !== null && hold > available) return 'insufficient';
  return null;
}
