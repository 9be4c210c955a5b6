/** What the books tell the bus after a commit: level changes, trades, orders and snapshots. */
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

export function publish(c: SpotBase, slot: Slot, ev: Published): void {
  const { inst } = slot;
  const ts = c.clock.now().getTime();
  if (ev.deltas.length > 0) {
    emit(c, 'book.update', {
      instId: inst.instId,
      seq: slot.seqBase + ev.seq,
      asks: levels(inst, ev.deltas, 'sell'),
      bids: levels(inst, ev.deltas, 'buy'),
      ts,
    });
  }
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

export function publishSnapshot(c: SpotBase, slot: Slot): void {
  const d = depthOf(c, slot, Number.POSITIVE_INFINITY);
  emit(c, 'book.snapshot', { instId: d.instId, seq: d.seq, asks: d.asks, bids: d.bids, ts: d.ts });
}
