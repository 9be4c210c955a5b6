/**
 * Take-profit and stop-loss as the order form and the position take them: a trigger price, or a PnL % of the
 * margin (return on equity, as the position's PnL ratio) converted to the price that would give it. For
 * reading and entering only: the server checks and keeps the prices (on its ticks, in bigint).
 *
 * With entry E and leverage L, a long at P has PnL % = (P − E) ÷ E × L × 100, a short the opposite; so a
 * take-profit of g % is E × (1 ± g ÷ (100 L)) and a stop-loss of a loss of s % is E × (1 ∓ s ÷ (100 L)).
 */

export type Side = 'long' | 'short';
export type TriggerKind = 'tp' | 'sl';

/** Rounds a price to the contract's tick, as text with the tick's decimals ("0.1" → 1 decimal). */
export function onTick(price: number, tick: string): string {
  const step = Number(tick);
  const d = tick.includes('.') ? tick.length - tick.indexOf('.') - 1 : 0;
  if (!(step > 0) || !Number.isFinite(price)) return '';
  return (Math.round(price / step) * step).toFixed(d);
}

/**
 * The trigger price that gives a PnL % (a gain for a take-profit, a loss for a stop-loss, both entered as
 * positive numbers); null when it cannot exist (no entry, or a loss of 100 % × leverage or more would need a
 * price at or below zero).
 */
export function triggerFromPnl(
  side: Side,
  kind: TriggerKind,
  entry: number,
  lever: number,
  pct: number,
  tick: string,
): string | null {
  if (!(entry > 0) || !(lever > 0) || !(pct > 0) || !Number.isFinite(pct)) return null;
  const up = (side === 'long') === (kind === 'tp');
  const move = pct / (100 * lever);
  const price = entry * (up ? 1 + move : 1 - move);
  if (!(price > 0)) return null;
  const text = onTick(price, tick);
  return Number(text) > 0 ? text : null;
}

/** The PnL % a trigger price would give the position (signed: a take-profit's is positive when valid). */
export function pnlFromTrigger(side: Side, entry: number, lever: number, price: number): number | null {
  if (!(entry > 0) || !(lever > 0) || !(price > 0)) return null;
  const pct = ((price - entry) / entry) * lever * 100;
  return side === 'long' ? pct : -pct;
}

/** Whether a trigger is on its right side of the reference price (the order's price, or the mark). */
export function triggerSideOk(side: Side, kind: TriggerKind, ref: number, price: number): boolean {
  const above = price > ref;
  const below = price < ref;
  return (side === 'long') === (kind === 'tp') ? above : below;
}

/** A PnL % as the form shows it: signed, two decimals. */
export function pnlText(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return '--';
  return `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`;
}
