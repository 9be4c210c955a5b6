/**
 * A conditional order's triggers from its stored figures, the same for spot and swaps: which legs it rests
 * with, and whether they fit the price it watches when it is placed (pure, bigint price units).
 *
 * - trigger: one leg at triggerPx, in the direction the price must move to reach it from the price at placement
 *   (up: at or above, down: at or below; a trigger at that very price is refused);
 * - conditional / oco: a sell's take-profit fires at or above tpTriggerPx and its stop-loss at or below
 *   slTriggerPx (a sell protects a long); a buy's the reverse; each must lie on its side of the price;
 * - move_order_stop: a trailing stop; a sell's activation price above the price, a buy's below.
 */
import type { TrailingStop, TriggerBook, TriggerDir, TriggerLeg } from './triggers';

export interface AlgoShape {
  readonly ordType: 'conditional' | 'oco' | 'trigger' | 'move_order_stop';
  readonly side: 'buy' | 'sell';
  readonly triggerPx: bigint | null;
  readonly direction: TriggerDir | null;
  readonly tpTriggerPx: bigint | null;
  readonly slTriggerPx: bigint | null;
  /** Parts of 10^8. */
  readonly callbackRatio: bigint | null;
  readonly callbackSpread: bigint | null;
  readonly activePx: bigint | null;
  readonly extremePx: bigint | null;
}

/** The direction a trigger order waits for: null when its price is the current one (it would fire at once). */
export function directionOf(triggerPx: bigint, price: bigint): TriggerDir | null {
  if (triggerPx === price) return null;
  return triggerPx > price ? 'up' : 'down';
}

/** The field whose trigger does not fit the price at placement, or null. */
export function triggerProblem(s: AlgoShape, price: bigint): string | null {
  const sell = s.side === 'sell';
  if (s.ordType === 'trigger') return s.triggerPx === null || s.triggerPx === price ? 'triggerPx' : null;
  if (s.ordType === 'move_order_stop') {
    if (s.activePx !== null && (sell ? s.activePx <= price : s.activePx >= price)) return 'activePx';
    return null;
  }
  if (s.tpTriggerPx !== null && (sell ? s.tpTriggerPx <= price : s.tpTriggerPx >= price))
    return 'tpTriggerPx';
  if (s.slTriggerPx !== null && (sell ? s.slTriggerPx >= price : s.slTriggerPx <= price))
    return 'slTriggerPx';
  return null;
}

/** Rests the order's triggers in the book (a trailing stop starts from `price` when it needs no activation). */
export function restAlgo(
  book: TriggerBook,
  id: string,
  s: AlgoShape,
  seq: number,
  price: bigint | null,
): void {
  if (s.ordType === 'move_order_stop') {
    const t: TrailingStop = {
      side: s.side,
      ratio: s.callbackRatio,
      spread: s.callbackSpread,
      activePx: s.activePx,
      extreme: s.extremePx ?? (s.activePx === null ? price : null),
    };
    book.addTrailing(id, t, seq);
    return;
  }
  const legs: TriggerLeg[] = [];
  const sell = s.side === 'sell';
  if (s.ordType === 'trigger' && s.triggerPx !== null && s.direction !== null)
    legs.push({ leg: 'trigger', px: s.triggerPx, dir: s.direction });
  if (s.tpTriggerPx !== null) legs.push({ leg: 'tp', px: s.tpTriggerPx, dir: sell ? 'up' : 'down' });
  if (s.slTriggerPx !== null) legs.push({ leg: 'sl', px: s.slTriggerPx, dir: sell ? 'down' : 'up' });
  book.add(id, legs, seq);
}
