/**
 * A user's leverage and margin mode on a contract: read (the defaults until set: `futures.default_lever`,
 * isolated), and set while nothing is open there.
 */
import { and, eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { Tx } from '../../store';
import type { FuturesCtx, MarginMode } from './context';
import { slotOf } from './instruments';
import { swapLevers } from './tables';

type Db = Tx | FuturesCtx['store']['db'];

async function termsOf(ctx: FuturesCtx, userId: number, instId: string, db: Db) {
  const { settings, terms } = ctx;
  const key = `${userId}:${instId}`;
  const known = terms.get(key);
  if (known) return known;
  const [row] = await db
    .select({ lever: swapLevers.lever, mode: swapLevers.mgnMode })
    .from(swapLevers)
    .where(and(eq(swapLevers.userId, userId), eq(swapLevers.instId, instId)));
  const read = {
    lever: row?.lever ?? (await settings.get('futures.default_lever')),
    mode: row?.mode ?? ('isolated' as const),
  };
  terms.set(key, read);
  return read;
}

export async function leverOf(ctx: FuturesCtx, userId: number, instId: string, db: Db = ctx.store.db) {
  return (await termsOf(ctx, userId, instId, db)).lever;
}

export async function modeOf(
  ctx: FuturesCtx,
  userId: number,
  instId: string,
  db: Db = ctx.store.db,
): Promise<MarginMode> {
  return (await termsOf(ctx, userId, instId, db)).mode;
}

/** Sets the leverage and, when named, the margin mode (kept otherwise); refused while a position or order is open. */
export async function setLeverage(
  ctx: FuturesCtx,
  userId: number,
  instId: string,
  lever: number,
  mgnMode?: MarginMode,
) {
  const { store, terms, writer } = ctx;
  const slot = slotOf(ctx, instId);
  if (lever > slot.inst.maxLever) throw new ValidationError('lever', 'too_big');
  return writer.run(slot.inst.instId, async () => {
    const pos = slot.positions.get(userId);
    const hasOrders = [...slot.rows.values()].some((r) => r.userId === userId);
    if ((pos && pos.size !== 0n) || hasOrders) throw new DomainError('LeverageLocked');
    const mode = mgnMode ?? (await modeOf(ctx, userId, slot.inst.instId));
    await store.db
      .insert(swapLevers)
      .values({ userId, instId, lever, mgnMode: mode })
      .onConflictDoUpdate({ target: [swapLevers.userId, swapLevers.instId], set: { lever, mgnMode: mode } });
    terms.set(`${userId}:${instId}`, { lever, mode });
    return { instId, lever, mgnMode: mode };
  });
}
