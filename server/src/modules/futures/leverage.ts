/** A user's leverage on a contract: read (the default until set), and set while nothing is open there. */
import { and, eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { Tx } from '../../store';
import type { FuturesCtx } from './context';
import { slotOf } from './instruments';
import { swapLevers } from './tables';

export async function leverOf(
  ctx: FuturesCtx,
  userId: number,
  instId: string,
  db: Tx | FuturesCtx['store']['db'] = ctx.store.db,
): Promise<number> {
  const { settings, levers } = ctx;
  const key = `${userId}:${instId}`;
  const known = levers.get(key);
  if (known !== undefined) return known;
  const [row] = await db
    .select({ lever: swapLevers.lever })
    .from(swapLevers)
    .where(and(eq(swapLevers.userId, userId), eq(swapLevers.instId, instId)));
  const lever = row?.lever ?? (await settings.get('futures.default_lever'));
  levers.set(key, lever);
  return lever;
}

export async function setLeverage(ctx: FuturesCtx, userId: number, instId: string, lever: number) {
  const { store, levers, writer } = ctx;
  const slot = slotOf(ctx, instId);
  if (lever > slot.inst.maxLever) throw new ValidationError('lever', 'too_big');
  return writer.run(slot.inst.instId, async () => {
    const pos = slot.positions.get(userId);
    const hasOrders = [...slot.rows.values()].some((r) => r.userId === userId);
    if ((pos && pos.size !== 0n) || hasOrders) throw new DomainError('LeverageLocked');
    await store.db
      .insert(swapLevers)
      .values({ userId, instId, lever })
      .onConflictDoUpdate({ target: [swapLevers.userId, swapLevers.instId], set: { lever } });
    levers.set(`${userId}:${instId}`, lever);
    return { instId, lever };
  });
}
