/**
 * What the contracts tell their users beyond a liquidation (written in `work.ts`): a large order filled, in the
 * transaction that filled it, and a liquidation coming near, from the mark loop.
 */
import { formatAmount, parseAmount, RATE_ONE, USDT_SCALE } from '@nexa/contract';
import { writeNotice } from '../../kernel/notices';
import { abs, type FuturesCtx, type Pos, type Slot, type Work } from './context';
import { backed, equityOf, liquidationPrice, maintenanceOf, percentText } from './math';
import { px } from './views';

const USER_SOURCES: ReadonlySet<string> = new Set(['user', 'tp', 'sl', 'copy', 'algo']);

/** The orders a user placed (or had placed: TP/SL, copies, triggers) that this work filled, if large. */
export async function noticeLargeFills(ctx: FuturesCtx, w: Work): Promise<void> {
  const floor = parseAmount(await ctx.settings.get('futures.large_fill_usdt'), USDT_SCALE);
  if (floor === null || floor <= 0n) return;
  const { spec } = w.slot.inst;
  const baseScale = spec.baseUnit.toString().length - 1;
  for (const row of w.orders.values()) {
    if (row.status !== 'filled' || !USER_SOURCES.has(row.source)) continue;
    if (row.filledValue < floor || row.filledSize <= 0n) continue;
    await writeNotice(ctx.outbox, w.tx, {
      userId: row.userId,
      kind: 'large_fill',
      ref: `swap_${row.id}:filled`,
      params: {
        inst: row.instId,
        size: formatAmount(row.filledSize * spec.ctMinor, baseScale),
        price: formatAmount((row.filledValue * spec.baseUnit) / (row.filledSize * spec.ctMinor), USDT_SCALE),
        value: formatAmount(row.filledValue, USDT_SCALE),
      },
    });
  }
}

/**
 * Warns the holder of a position whose margin ratio reached `futures.liq_warn_ratio` (short of liquidation),
 * once for the position's margin and size: adding margin or changing the size and crossing again warns again.
 * The notice's ref names that state, so a restart that warns again writes nothing new.
 */
export function warnNearLiquidation(ctx: FuturesCtx, slot: Slot, p: Pos, mark: bigint, warnAt: bigint): void {
  const { spec } = slot.inst;
  if (p.id === null || p.size === 0n) return;
  // A cross position counts the available balance that would move in before a liquidation (cross.ts).
  const held = backed(p, ctx.free.get(p.userId) ?? 0n);
  const equity = equityOf(spec, held, mark);
  const mm = maintenanceOf(spec, p, mark);
  if (equity <= 0n || mm * RATE_ONE < equity * warnAt) return;
  const state = `${p.id}:${p.margin}:${abs(p.size)}`;
  if (slot.warned.get(p.userId) === state) return;
  slot.warned.set(p.userId, state);
  const params = {
    inst: slot.inst.instId,
    ratio: percentText(mm, equity) ?? '',
    liq: px(slot, liquidationPrice(spec, held)) ?? '',
  };
  void ctx.store.db
    .transaction((tx) =>
      writeNotice(ctx.outbox, tx, {
        userId: p.userId,
        kind: 'liquidation_warning',
        ref: `swap_${state}:warn`,
        params,
      }),
    )
    .catch((err: unknown) => {
      slot.warned.delete(p.userId);
      ctx.log.warn(
        { err, userId: p.userId },
        'liquidation warning not written; tried again at the next mark',
      );
    });
}

/** The warnings' setting, read once per mark. */
export async function warnRatio(ctx: FuturesCtx): Promise<bigint> {
  return (await ctx.settings.get('futures.liq_warn_ratio')).units;
}
