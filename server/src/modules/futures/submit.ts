/** An order for a contract's writer: queued, group-committed, answered after its commit. */
import type { FuturesCtx, Job, OrderSource, SwapOrderView, SwapSubmit } from './context';
import { slotOf } from './instruments';

export function submit(
  ctx: FuturesCtx,
  userId: number,
  o: SwapSubmit,
  source: OrderSource = 'user',
): Promise<SwapOrderView> {
  const { writer } = ctx;
  const slot = slotOf(ctx, o.instId);
  const request =
    o.request_id === undefined
      ? undefined
      : { userId, requestId: o.request_id, scope: 'futures.order', body: o };
  const job: Job = { kind: 'place', userId, o, source };
  return writer.submit(slot.inst.instId, job, { request }) as Promise<SwapOrderView>;
}
