/** What operators see of the books: each book's state, and the day's trading for the dashboard. */
import { sql } from 'drizzle-orm';
import { fmt } from '../../kernel/units';
import { queryRows } from '../../store';
import type { SpotBase, SpotCtx } from './context';
import { rebuild } from './rebuild';
import { marketTrades } from './tables';

/**
 * Each book as operators watch it: enabled, best prices, levels and resting orders per side, and how many
 * resting orders one user (the demo's market maker) has on it. Read in each instrument's queue.
 */
export async function books(c: SpotCtx, userId: number | null) {
  const cfg = await c.settings.get('market.instruments');
  const out = [];
  for (const slot of c.slots.values()) {
    // Cluster mode: the books another instance runs are that instance's to tell.
    if (!slot.open) continue;
    const view = await c.writer.run(slot.inst.instId, async () => {
      if (slot.dirty) await rebuild(c, slot);
      const { inst, book } = slot;
      const d = book.depth();
      const bid = book.bestBid();
      const ask = book.bestAsk();
      const sum = (levels: readonly (readonly [bigint, bigint, number])[]) =>
        levels.reduce((n, l) => n + l[2], 0);
      return {
        instId: inst.instId,
        enabled: cfg.find((x) => x.inst_id === inst.instId)?.enabled ?? false,
        bestBid: bid === undefined ? null : fmt(inst.quote, bid),
        bestAsk: ask === undefined ? null : fmt(inst.quote, ask),
        bidLevels: d.bids.length,
        askLevels: d.asks.length,
        bidOrders: sum(d.bids),
        askOrders: sum(d.asks),
        userOrders: userId === null ? 0 : book.snapshot().filter((o) => o.userId === userId).length,
      };
    });
    out.push(view);
  }
  return out;
}

/**
 * Trades since a moment on the books quoted in USDT: how many, their value and the fees both sides paid
 * (USDT minor units), for the operators' dashboard.
 */
export async function tradedSince(
  c: SpotBase,
  since: Date,
): Promise<{ count: number; volume: bigint; fees: bigint }> {
  const rows = await queryRows<{ n: string | number; volume: string | null; fees: string | null }>(
    c.store.db,
    sql`select count(*) as n, sum(${marketTrades.quote})::text as volume,
          sum(${marketTrades.makerFee} + ${marketTrades.takerFee})::text as fees
        from ${marketTrades}
        where ${marketTrades.createdAt} >= ${since} and ${marketTrades.instId} like '%-USDT'`,
  );
  const r = rows[0];
  return { count: Number(r?.n ?? 0), volume: BigInt(r?.volume ?? '0'), fees: BigInt(r?.fees ?? '0') };
}
