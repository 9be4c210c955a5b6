/** The books as the demo's market maker quotes them (and operators watch them). */

import type { ExactDecimal } from '@nexa/contract';
import { cancel } from './cancel';
import { type FuturesCtx, usdt } from './context';
import { submit } from './submit';

/** The books as the demo's market maker quotes them. */
export function makerVenue(ctx: FuturesCtx) {
  const { slots, writer } = ctx;
  return {
    async instruments() {
      return [...slots.values()]
        .filter((s) => s.inst.enabled)
        .map((s) => ({
          instId: s.inst.instId,
          tick_size: s.inst.tickText,
          lot_size: '1',
          underlying: s.inst.underlying,
          ct_val: s.inst.ctText,
        }));
    },
    cancel: (userId: number, q: { instId: string }) =>
      cancel(ctx, userId, { orderIds: [], instId: q.instId }),
    submit: (
      userId: number,
      o: {
        instId: string;
        side: 'buy' | 'sell';
        type: 'limit';
        px: ExactDecimal;
        sz: ExactDecimal;
        tif: 'post_only';
      },
    ) => submit(ctx, userId, o),
    /**
     * Each contract's book as operators watch it: enabled, best prices, levels and resting orders per side,
     * and one user's (the demo's market maker's) resting orders. Read in each contract's queue.
     */
    async books(userId: number | null) {
      const out = [];
      for (const slot of slots.values()) {
        const view = await writer.run(slot.inst.instId, async () => {
          const { book, inst } = slot;
          const d = book.depth();
          const bid = book.bestBid();
          const ask = book.bestAsk();
          const sum = (levels: readonly (readonly [bigint, bigint, number])[]) =>
            levels.reduce((n, l) => n + l[2], 0);
          return {
            instId: inst.instId,
            underlying: inst.underlying,
            enabled: inst.enabled,
            bestBid: bid === undefined ? null : usdt(bid),
            bestAsk: ask === undefined ? null : usdt(ask),
            bidLevels: d.bids.length,
            askLevels: d.asks.length,
            bidOrders: sum(d.bids),
            askOrders: sum(d.asks),
            userOrders:
              userId === null ? 0 : [...slot.rows.values()].filter((r) => r.userId === userId).length,
          };
        });
        out.push(view);
      }
      return out;
    },
  };
}
