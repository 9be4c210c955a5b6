/** An instrument's slot, its terms (also of one no longer configured) and its live configuration. */
import { ValidationError } from '../../kernel/errors';
import type { Instrument } from '../../kernel/units';
import type { Slot, SpotBase } from './context';

export function slotOf(c: SpotBase, instId: string, field = 'instId'): Slot {
  const slot = c.slots.get(instId);
  if (!slot) throw new ValidationError(field, 'invalid_value');
  return slot;
}

export function instrumentOf(c: SpotBase, instId: string): Instrument {
  const slot = c.slots.get(instId);
  if (slot) return slot.inst;
  // An order of an instrument no longer configured: enough to show it.
  const [b = '', q = ''] = instId.split('-');
  const base = c.scaleOf(b);
  const quote = c.scaleOf(q);
  return {
    instId,
    base,
    quote,
    tick: 1n,
    lot: 1n,
    baseUnit: 10n ** BigInt(base.scale),
    tickText: '',
    lotText: '',
  };
}

export async function liveConfig(c: SpotBase, instId: string) {
  const all = await c.settings.get('market.instruments');
  return all.find((x) => x.inst_id === instId);
}
