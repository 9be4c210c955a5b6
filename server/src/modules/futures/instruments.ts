/**
 * The contracts: each one's terms from the `futures.instruments` setting (contract value, tick, leverage,
 * tiers, price band), applied at once where they may change; ticks and the price band of a contract.
 */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { ValidationError } from '../../kernel/errors';
import { parseRate } from '../../kernel/units';
import type { FuturesCtx, Slot, SwapInst } from './context';
import { bandEdge, bandRateOf } from './guards';
import type { SwapSpec } from './math';

export function slotOf(ctx: FuturesCtx, instId: string): Slot {
  const { slots } = ctx;
  const s = slots.get(instId);
  if (!s) throw new ValidationError('instId', 'invalid_value');
  return s;
}

export function makeInst(
  ctx: FuturesCtx,
  c: Awaited<ReturnType<typeof instrumentSettings>>[number],
): SwapInst {
  const base = c.underlying.split('-')[0] as string;
  const scale = ctx.assets.get(base).scale;
  const ctMinor = parseAmount(c.ct_val, scale);
  const tick = parseAmount(c.tick_size, USDT_SCALE);
  const baseUnit = 10n ** BigInt(scale);
  if (!ctMinor || ctMinor <= 0n || !tick || tick <= 0n)
    throw new Error(`${c.inst_id}: bad contract value or tick`);
  if ((tick * ctMinor) % baseUnit !== 0n)
    throw new Error(`${c.inst_id}: tick × ct_val must be whole USDT minor units`);
  return {
    spec: { instId: c.inst_id, ctMinor, baseUnit, tick, tiers: tiersOf(c.tiers) },
    instId: c.inst_id,
    underlying: c.underlying,
    base,
    ctText: c.ct_val,
    tickText: c.tick_size,
    maxLever: c.max_lever,
    tiersText: c.tiers,
    enabled: c.enabled,
    band: bandRateOf(c.price_band),
    bandText: bandRateOf(c.price_band) === null ? null : (c.price_band ?? null),
  };
}

function tiersOf(tiers: readonly { max_notional: string | null; mmr: string }[]) {
  return tiers.map((t) => ({
    maxNotional: t.max_notional === null ? null : (parseAmount(t.max_notional, USDT_SCALE) ?? 0n),
    mmr: parseRate(t.mmr),
  }));
}

export const instrumentSettings = (ctx: FuturesCtx) => ctx.settings.get('futures.instruments');

/** Enabled, leverage and tiers apply at once; steps stay as the book was built. */
export async function refreshInstruments(ctx: FuturesCtx): Promise<void> {
  const { slots } = ctx;
  for (const c of await instrumentSettings(ctx)) {
    const slot = slots.get(c.inst_id);
    if (!slot) continue;
    slot.inst.enabled = c.enabled;
    slot.inst.maxLever = c.max_lever;
    slot.inst.tiersText = c.tiers;
    slot.inst.band = bandRateOf(c.price_band);
    slot.inst.bandText = slot.inst.band === null ? null : (c.price_band ?? null);
    (slot.inst.spec as { tiers: SwapSpec['tiers'] }).tiers = tiersOf(c.tiers);
  }
}

export function toTick(slot: Slot, v: bigint, up: boolean): bigint {
  const t = slot.inst.spec.tick;
  const r = v % t;
  if (r === 0n) return v;
  return up ? v - r + t : v - r;
}

export const band = (slot: Slot, mark: bigint, side: 'buy' | 'sell', rate: bigint): bigint =>
  bandEdge(slot.inst.spec, mark, side, rate);

/** The contract's price band (rate units): its own, or the global setting (both apply at once). */
export async function bandOf(ctx: FuturesCtx, slot: Slot): Promise<bigint> {
  const { settings } = ctx;
  const own = (await instrumentSettings(ctx)).find((c) => c.inst_id === slot.inst.instId)?.price_band;
  return bandRateOf(own) ?? (await settings.get('futures.price_band')).units;
}
