/**
 * The conditional order forms' rules (spot and swaps alike): which fields each kind takes, what is wrong with a
 * draft, and the `/v1/order/placeAlgo` body it becomes (OKX v5's algo shape). Decimal strings in and out,
 * compared in the amounts library's units; the server checks everything again.
 *
 * - stop-limit: a trigger price and a limit price; stop-market: a trigger price (orderPx -1);
 * - OCO: a take-profit and a stop-loss trigger, each with an optional limit price (blank: market); a sell's
 *   take-profit above the last price and its stop-loss below, a buy's the reverse;
 * - trailing: a callback in percent (0.1 to 30) or a price amount, and an optional activation price (a sell's
 *   above the last price, a buy's below).
 */
import type { RequestInput } from '@nexa/contract';
import { toUnits } from './amounts';

export const ALGO_KINDS = ['stop_limit', 'stop_market', 'oco', 'trailing'] as const;
export type AlgoKind = (typeof ALGO_KINDS)[number];
export const isAlgoKind = (k: string): k is AlgoKind => (ALGO_KINDS as readonly string[]).includes(k);

export interface AlgoDraft {
  readonly kind: AlgoKind;
  readonly side: 'buy' | 'sell';
  readonly triggerPx: string;
  readonly orderPx: string;
  readonly tpTriggerPx: string;
  readonly tpOrdPx: string;
  readonly slTriggerPx: string;
  readonly slOrdPx: string;
  readonly callbackMode: 'ratio' | 'spread';
  /** Percent (ratio mode) or a price amount (spread mode). */
  readonly callback: string;
  readonly activePx: string;
  readonly amount: string;
}

export const emptyAlgoDraft = (kind: AlgoKind, side: 'buy' | 'sell'): AlgoDraft => ({
  kind,
  side,
  triggerPx: '',
  orderPx: '',
  tpTriggerPx: '',
  tpOrdPx: '',
  slTriggerPx: '',
  slOrdPx: '',
  callbackMode: 'ratio',
  callback: '',
  activePx: '',
  amount: '',
});

export type AlgoField = keyof Omit<AlgoDraft, 'kind' | 'side' | 'callbackMode'>;
export type AlgoProblem =
  | 'required'
  | 'step'
  | 'aboveLast'
  | 'belowLast'
  | 'notLast'
  | 'callbackRange'
  | 'amountStep';

export interface AlgoContext {
  /** The price the trigger watches now (last, or the mark); null while unknown. */
  readonly ref: string | null;
  readonly tick: string;
  /** The amount's step (a lot, a contract, or a quote minor unit for a spot market buy). */
  readonly step: string;
}

/** Whether the order it places is a market order (its spot buy amount is then what it spends). */
export function placesMarket(d: AlgoDraft): boolean {
  if (d.kind === 'stop_market' || d.kind === 'trailing') return true;
  if (d.kind === 'oco') return d.tpOrdPx.trim() === '' && d.slOrdPx.trim() === '';
  return false;
}

function positive(text: string): bigint | null {
  const u = toUnits(text.trim());
  return u !== null && u > 0n ? u : null;
}

function onStep(text: string, step: string): boolean {
  const u = positive(text);
  const s = positive(step);
  return u !== null && s !== null && u % s === 0n;
}

/** The first thing wrong with the draft (its field and why), or null. */
export function checkAlgo(d: AlgoDraft, ctx: AlgoContext): { field: AlgoField; problem: AlgoProblem } | null {
  const sell = d.side === 'sell';
  const ref = ctx.ref === null ? null : toUnits(ctx.ref);
  const price = (field: AlgoField, needed: boolean) => {
    const v = d[field].trim();
    if (v === '') return needed ? { field, problem: 'required' as const } : null;
    if (!onStep(v, ctx.tick)) return { field, problem: 'step' as const };
    return null;
  };
  /** A trigger that must lie above (or below) the reference price. */
  const side = (field: AlgoField, above: boolean) => {
    const v = toUnits(d[field].trim());
    if (ref === null || v === null || d[field].trim() === '') return null;
    if (above && v <= ref) return { field, problem: 'aboveLast' as const };
    if (!above && v >= ref) return { field, problem: 'belowLast' as const };
    return null;
  };
  const checks: (() => { field: AlgoField; problem: AlgoProblem } | null)[] = [];
  if (d.kind === 'stop_limit' || d.kind === 'stop_market') {
    checks.push(() => price('triggerPx', true));
    checks.push(() => {
      const v = toUnits(d.triggerPx.trim());
      return ref !== null && v === ref ? { field: 'triggerPx', problem: 'notLast' } : null;
    });
    if (d.kind === 'stop_limit') checks.push(() => price('orderPx', true));
  } else if (d.kind === 'oco') {
    checks.push(() => price('tpTriggerPx', true));
    checks.push(() => price('tpOrdPx', false));
    checks.push(() => price('slTriggerPx', true));
    checks.push(() => price('slOrdPx', false));
    checks.push(() => side('tpTriggerPx', sell));
    checks.push(() => side('slTriggerPx', !sell));
  } else {
    checks.push(() => {
      const v = d.callback.trim();
      if (v === '') return { field: 'callback', problem: 'required' };
      if (d.callbackMode === 'spread')
        return onStep(v, ctx.tick) ? null : { field: 'callback', problem: 'step' };
      const u = positive(v);
      const lo = toUnits('0.1') as bigint;
      const hi = toUnits('30') as bigint;
      return u === null || u < lo || u > hi ? { field: 'callback', problem: 'callbackRange' } : null;
    });
    checks.push(() => price('activePx', false));
    checks.push(() => side('activePx', sell));
  }
  checks.push(() => {
    const v = d.amount.trim();
    if (v === '') return { field: 'amount', problem: 'required' };
    return onStep(v, ctx.step) ? null : { field: 'amount', problem: 'amountStep' };
  });
  for (const c of checks) {
    const p = c();
    if (p) return p;
  }
  return null;
}

/** A percent (5) as OKX's ratio (0.05), exactly. */
function ratioOf(percent: string): string {
  const [whole = '0', frac = ''] = percent.trim().split('.');
  const digits = `${whole.padStart(3, '0')}${frac}`;
  const cut = digits.length - frac.length - 2;
  const text = `${digits.slice(0, cut)}.${digits.slice(cut)}`.replace(/^0+(?=\d)/, '');
  return text.replace(/\.?0+$/, '') || '0';
}

/** The call's body for a checked draft. */
export function algoBody(
  d: AlgoDraft,
  instId: string,
  extra: { triggerPxType?: 'last' | 'mark'; reduceOnly?: boolean } = {},
): RequestInput<'/v1/order/placeAlgo'> {
  const orOptional = (v: string) => (v.trim() === '' ? '-1' : v.trim());
  const base = { instId, side: d.side, sz: d.amount.trim(), ...extra };
  switch (d.kind) {
    case 'stop_limit':
      return { ...base, ordType: 'trigger', triggerPx: d.triggerPx.trim(), orderPx: d.orderPx.trim() };
    case 'stop_market':
      return { ...base, ordType: 'trigger', triggerPx: d.triggerPx.trim(), orderPx: '-1' };
    case 'oco':
      return {
        ...base,
        ordType: 'oco',
        tpTriggerPx: d.tpTriggerPx.trim(),
        tpOrdPx: orOptional(d.tpOrdPx),
        slTriggerPx: d.slTriggerPx.trim(),
        slOrdPx: orOptional(d.slOrdPx),
      };
    case 'trailing':
      return {
        ...base,
        ordType: 'move_order_stop',
        ...(d.callbackMode === 'ratio'
          ? { callbackRatio: ratioOf(d.callback) }
          : { callbackSpread: d.callback.trim() }),
        ...(d.activePx.trim() === '' ? {} : { activePx: d.activePx.trim() }),
      };
  }
}
