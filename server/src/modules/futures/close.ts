/** Closing a position at market, or every position and order of a user. */
import { type ExactDecimal, exactOf } from '@nexa/contract';
import { DomainError } from '../../kernel/errors';
import { cancel } from './cancel';
import { abs, type FuturesCtx, type SwapOrderView } from './context';
import { slotOf } from './instruments';
import { submit } from './submit';

export async function closePosition(
  ctx: FuturesCtx,
  userId: number,
  q: {
    instId: string;
    sz?: bigint | undefined;
    px?: ExactDecimal | undefined;
    request_id?: string | undefined;
  },
) {
  const slot = slotOf(ctx, q.instId);
  const pos = slot.positions.get(userId);
  if (!pos || pos.size === 0n) throw new DomainError('NoPosition');
  const sz = exactOf(q.sz ?? abs(pos.size), 0);
  // With a price: a reduce-only limit order resting at it (canceled once it could no longer only reduce).
  return submit(ctx, userId, {
    instId: q.instId,
    side: pos.size > 0n ? 'sell' : 'buy',
    sz,
    reduceOnly: true,
    request_id: q.request_id,
    ...(q.px === undefined ? { type: 'market' as const } : { type: 'limit' as const, px: q.px }),
  });
}

export async function closeAll(ctx: FuturesCtx, userId: number): Promise<SwapOrderView[]> {
  const { slots } = ctx;
  const out: SwapOrderView[] = [];
  for (const slot of slots.values()) {
    if ([...slot.rows.values()].some((r) => r.userId === userId)) {
      await cancel(ctx, userId, { orderIds: [], instId: slot.inst.instId });
    }
    const pos = slot.positions.get(userId);
    if (pos && pos.size !== 0n) {
      try {
        out.push(await closePosition(ctx, userId, { instId: slot.inst.instId }));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
      }
    }
  }
  return out;
}
