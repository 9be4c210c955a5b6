/** What the books tell the bus after a commit: level changes, trades, orders and snapshots. */
import type { LevelDelta } from '../../engine';
import type { BusEvents } from '../../kernel/bus';
import { fmt } from '../../kernel/units';
import type { Published, Slot, SpotBase } from './context';
import { depthOf, levels, orderView } from './views';

/** Subscribers are told after the commit; one that throws must not turn a committed order into an error. */
export function emit<E extends keyof BusEvents>(c: SpotBase, event: E, payload: BusEvents[E]): void {
  try {
    c.bus.publish(event, payload);
  } catch (err) {
    c.log.error({ err, event }, 'bus subscriber failed');
  }
}

/**
 * What one commit of an instrument's writer tells the bus: the book's levels as one update (each level at its
 * last size in the commit), so a client never sees the book between two of its orders (the market maker's
 * cancel and its new quotes share a commit); then each order's trades and order changes, in order.
 */
export function publish(c: SpotBase, slot: Slot, events: readonly Published[]): void {
  const { inst } = slot;
  const ts = c.clock.now().getTime();
  const moved = events.filter((ev) => ev.deltas.length > 0);
  const first = moved[0];
  const last = moved.at(-1);
  if (first && last) {
    const latest = new Map<string, LevelDelta>();
    for (const ev of moved) for (const d of ev.deltas) latest.set(`${d.side}:${d.price}`, d);
    const deltas = [...latest.values()];
    emit(c, 'book.update', {
      instId: inst.instId,
      seq: slot.seqBase + last.seq,
      from: slot.seqBase + first.seq - 1,
      asks: levels(inst, deltas, 'sell'),
      bids: levels(inst, deltas, 'buy'),
      ts,
    });
  }
  for (const ev of events) {
    for (const t of ev.trades) {
      emit(c, 'trade', {
        instId: inst.instId,
        tradeId: String(t.id),
        price: fmt(inst.quote, t.price),
        size: fmt(inst.base, t.size),
        side: t.side,
        ts: t.createdAt.getTime(),
      });
    }
    for (const o of ev.orders) emit(c, 'order.update', { userId: o.userId, order: orderView(c, o), ts });
  }
}

export function publishSnapshot(c: SpotBase, slot: Slot): void {
  const d = depthOf(c, slot, Number.POSITIVE_INFINITY);
  emit(c, 'book.snapshot', { instId: d.instId, seq: d.seq, asks: d.asks, bids: d.bids, ts: d.ts });
}
