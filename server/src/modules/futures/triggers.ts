/** Take-profit and stop-loss: set on a position, and its close at market once the mark reaches one. */
import { exactOf } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { abs, type FuturesCtx, type Slot, type SwapSubmit } from './context';
import { slotOf, toTick } from './instruments';
import { mirror } from './mirror';
import { place } from './place-order';
import { swapPositions } from './tables';
import { positionView, publishPosition } from './views';
import { afterCommit, inTransaction } from './work';

/** Closes a whole position at market because its take-profit or stop-loss price was reached. */
export async function trigger(ctx: FuturesCtx, slot: Slot, userId: number, kind: 'tp' | 'sl'): Promise<void> {
  const { log } = ctx;
  const { value, work } = await inTransaction(ctx, slot, async (w) => {
    const pos = slot.positions.get(userId);
    if (!pos || pos.size === 0n) return false;
    const o: SwapSubmit = {
      instId: slot.inst.instId,
      side: pos.size > 0n ? 'sell' : 'buy',
      type: 'market',
      sz: exactOf(abs(pos.size), 0),
      reduceOnly: true,
    };
    try {
      await place(ctx, w, { userId, o, source: kind });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      log.warn({ userId, instId: slot.inst.instId, err: err.message }, 'swap trigger could not close');
      return false;
    }
    const after = slot.positions.get(userId);
    if (after && after === pos && !pos.closed) {
      // Whatever the book could not take stays open; the trigger is spent either way.
      if (kind === 'tp') pos.tp = null;
      else pos.sl = null;
      w.positions.add(pos);
    }
    await mirror(ctx, w);
    return true;
  });
  if (value) afterCommit(ctx, work);
}

export async function setTpSl(
  ctx: FuturesCtx,
  userId: number,
  q: { instId: string; tp?: bigint | null | undefined; sl?: bigint | null | undefined },
) {
  const { store, clock, writer } = ctx;
  const slot = slotOf(ctx, q.instId);
  return writer.run(slot.inst.instId, async () => {
    const pos = slot.positions.get(userId);
    if (!pos || pos.size === 0n || pos.id === null) throw new DomainError('NoPosition');
    if (ctx.copy?.()?.manages(userId, q.instId)) throw new DomainError('CopyManaged');
    const mark = slot.mark;
    const long = pos.size > 0n;
    // A trigger price (USDT minor units, positive by the contract) on the contract's ticks.
    const onTick = (v: bigint | null | undefined, current: bigint | null) => {
      if (v === undefined) return current;
      if (v === null) return null;
      return toTick(slot, v, false) || slot.inst.spec.tick;
    };
    const tp = onTick(q.tp, pos.tp);
    const sl = onTick(q.sl, pos.sl);
    if (mark !== null && tp !== null && q.tp !== undefined && (long ? tp <= mark : tp >= mark)) {
      throw new DomainError('TriggerPriceInvalid', { field: 'tp_trigger_px' });
    }
    if (mark !== null && sl !== null && q.sl !== undefined && (long ? sl >= mark : sl <= mark)) {
      throw new DomainError('TriggerPriceInvalid', { field: 'sl_trigger_px' });
    }
    await store.db
      .update(swapPositions)
      .set({ tpPrice: tp, slPrice: sl, updatedAt: clock.now() })
      .where(eq(swapPositions.id, pos.id));
    pos.tp = tp;
    pos.sl = sl;
    publishPosition(ctx, slot, pos);
    return positionView(slot, pos, ctx.free.get(pos.userId) ?? 0n);
  });
}
