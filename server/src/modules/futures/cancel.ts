/** Canceling resting orders: in the writer's work (a user's, a liquidation's, a bankruptcy guard's) and the cancel call. */
import { inArray } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { futuresAccount } from './accounts';
import {
  type FuturesCtx,
  isOpen,
  type Job,
  type SwapOrderRow,
  type SwapOrderView,
  type Work,
} from './context';
import { Entry } from './entry';
import { beyondBankruptcy } from './guards';
import { slotOf } from './instruments';
import { bankruptcyPrice } from './math';
import { swapOrders } from './tables';
import { orderView } from './views';
import { move } from './work';

/**
 * Cancels the resting orders of these users that would now close their position beyond its bankruptcy
 * price (the position grew, flipped or paid funding since they were placed): filled, such an order's loss
 * beyond the margin would be the insurance fund's.
 */
export async function guardResting(
  ctx: FuturesCtx,
  w: Work,
  users: Iterable<number>,
  skip: string | null = null,
): Promise<void> {
  const { slot } = w;
  for (const userId of new Set(users)) {
    await guardReduceOnly(ctx, w, userId, skip);
    const pos = slot.positions.get(userId);
    if (!pos || pos.closed || pos.size === 0n) continue;
    const bk = bankruptcyPrice(slot.inst.spec, pos);
    const side = pos.size > 0n ? 'sell' : 'buy';
    const mine = new Map<string, SwapOrderRow>();
    for (const r of slot.rows.values()) if (r.userId === userId && r.side === side) mine.set(r.id, r);
    for (const r of w.orders.values()) if (r.userId === userId && r.side === side) mine.set(r.id, r);
    const bad = [...mine.values()]
      .filter((r) => r.id !== skip && isOpen(r.status) && beyondBankruptcy(side, r.price, bk))
      .map((r) => r.id);
    if (bad.length > 0) await cancelIn(ctx, w, { userId, ids: bad }, 'bankruptcy_price');
  }
}

/**
 * Cancels a user's resting reduce-only orders that could no longer only reduce the position (it is gone, it
 * flipped to their side, or it shrank below what they would close together), the newest first.
 */
async function guardReduceOnly(ctx: FuturesCtx, w: Work, userId: number, skip: string | null): Promise<void> {
  const { slot } = w;
  const pos = slot.positions.get(userId);
  const held = pos && !pos.closed ? pos.size : 0n;
  const closing = held > 0n ? 'sell' : 'buy';
  const mine = new Map<string, SwapOrderRow>();
  for (const r of slot.rows.values()) if (r.userId === userId) mine.set(r.id, r);
  for (const r of w.orders.values()) if (r.userId === userId) mine.set(r.id, r);
  const resting = [...mine.values()]
    .filter((r) => r.reduceOnly && r.id !== skip && isOpen(r.status))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const reducing = resting.filter((r) => held !== 0n && r.side === closing);
  const bad = resting.filter((r) => !reducing.includes(r)).map((r) => r.id);
  let left = reducing.reduce((n, r) => n + r.size - r.filledSize, 0n);
  const room = held < 0n ? -held : held;
  for (const r of reducing) {
    if (left <= room) break;
    bad.push(r.id);
    left -= r.size - r.filledSize;
  }
  if (bad.length > 0) await cancelIn(ctx, w, { userId, ids: bad }, 'reduce_only');
}

export async function cancelIn(
  ctx: FuturesCtx,
  w: Work,
  job: { userId: number; ids: readonly string[] | null },
  reason = 'user',
): Promise<SwapOrderView[]> {
  const { slot } = w;
  const mine = [...slot.rows.values(), ...[...w.orders.values()].filter((r) => isOpen(r.status))].filter(
    (r) => r.userId === job.userId && (job.ids === null || job.ids.includes(r.id)),
  );
  const unique = [...new Map(mine.map((r) => [r.id, w.orders.get(r.id) ?? r])).values()].filter((r) =>
    isOpen(r.status),
  );
  if (unique.length === 0) return [];
  const result = slot.book.cancelMany(unique.map((r) => r.id));
  w.touched = true;
  w.deltas.push(...result.deltas);
  const user = await futuresAccount(ctx, w.tx, job.userId);
  const e = new Entry('futures.cancel', unique[0]?.id ?? '', job.userId, null);
  w.entries.push(e);
  const out: SwapOrderView[] = [];
  for (const r of unique) {
    const row: SwapOrderRow = {
      ...r,
      status: 'canceled',
      cancelReason: reason,
      hold: 0n,
      updatedAt: w.now,
    };
    await move(ctx, w, e, user, 'frozen', -r.hold);
    await move(ctx, w, e, user, 'available', r.hold);
    w.orders.set(row.id, row);
    out.push(orderView(ctx, row));
  }
  return out;
}

export async function cancel(
  ctx: FuturesCtx,
  userId: number,
  q: { orderIds: readonly string[]; instId?: string | undefined },
) {
  const { store, slots, writer } = ctx;
  const targets = q.instId ? [slotOf(ctx, q.instId)] : [...slots.values()];
  if (q.orderIds.length > 0) {
    const rows = await store.db
      .select({ id: swapOrders.id, userId: swapOrders.userId, instId: swapOrders.instId })
      .from(swapOrders)
      .where(inArray(swapOrders.id, [...q.orderIds]));
    if (rows.length !== new Set(q.orderIds).size || rows.some((r) => r.userId !== userId)) {
      throw new DomainError('NotFound');
    }
  }
  const out: SwapOrderView[] = [];
  for (const slot of targets) {
    const ids = q.orderIds.length > 0 ? q.orderIds : null;
    const job: Job = { kind: 'cancel', userId, ids };
    const views = (await writer.submit(slot.inst.instId, job)) as SwapOrderView[];
    out.push(...views);
  }
  if (q.orderIds.length > 0) {
    const seen = new Set(out.map((v) => v.trade_id));
    const rest = q.orderIds.filter((id) => !seen.has(id));
    if (rest.length > 0) {
      const rows = await store.db.select().from(swapOrders).where(inArray(swapOrders.id, rest));
      out.push(...rows.map((r) => orderView(ctx, r)));
    }
  }
  return out;
}
