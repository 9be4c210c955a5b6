/**
 * What a conditional order's request must hold for its type, the same for spot and swaps (one contract call,
 * `/v1/order/placeAlgo`): the fields its type takes and no other, and the trailing callback rate within what
 * OKX allows. The instrument's own steps (tick, lot) are each module's to check.
 */
import { formatAmount, RATE_SCALE, type RequestOutput } from '@nexa/contract';
import { minorUnits } from './assets';
import { ValidationError } from './errors';

type AlgoInput = RequestOutput<'/v1/order/placeAlgo'>;

/** Fields the order type does not take must be absent. */
function refuseExtra(b: AlgoInput, fields: readonly (keyof AlgoInput)[]): void {
  for (const f of fields) if (b[f] !== undefined) throw new ValidationError(f, 'invalid_value');
}

/**
 * Checks the fields of the request against its type (trigger, trailing stop, TP/SL or OCO) and answers the
 * trailing callback rate as a decimal (null when it trails by an amount or does not trail).
 */
export function checkAlgoShape(b: AlgoInput): { readonly callbackRatio: string | null } {
  const t = b.ordType;
  if (t === 'trigger') {
    refuseExtra(b, [
      'tpTriggerPx',
      'tpOrdPx',
      'slTriggerPx',
      'slOrdPx',
      'callbackRatio',
      'callbackSpread',
      'activePx',
    ]);
    if (b.triggerPx === undefined) throw new ValidationError('triggerPx', 'required');
  } else if (t === 'move_order_stop') {
    refuseExtra(b, ['triggerPx', 'orderPx', 'tpTriggerPx', 'tpOrdPx', 'slTriggerPx', 'slOrdPx']);
    if ((b.callbackRatio === undefined) === (b.callbackSpread === undefined))
      throw new ValidationError(
        'callbackRatio',
        b.callbackRatio === undefined ? 'required' : 'invalid_value',
      );
  } else {
    refuseExtra(b, ['triggerPx', 'orderPx', 'callbackRatio', 'callbackSpread', 'activePx']);
    if (b.tpTriggerPx === undefined && b.slTriggerPx === undefined)
      throw new ValidationError('tpTriggerPx', 'required');
    if (t === 'oco' && b.tpTriggerPx === undefined) throw new ValidationError('tpTriggerPx', 'required');
    if (t === 'oco' && b.slTriggerPx === undefined) throw new ValidationError('slTriggerPx', 'required');
  }
  if (b.callbackRatio === undefined) return { callbackRatio: null };
  const r = minorUnits(b.callbackRatio, { scale: RATE_SCALE }, 'callbackRatio', 'invalid_value');
  // 0.1 % to 30 %, as OKX allows.
  if (r < 100_000n) throw new ValidationError('callbackRatio', 'too_small');
  if (r > 30_000_000n) throw new ValidationError('callbackRatio', 'too_big');
  return { callbackRatio: formatAmount(r, RATE_SCALE) };
}
