/** The sweep: every ended day of every line settled once (its shares fixed first), then orders past their term end. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MiningCtx } from './context';
import { lines } from './lines';
import { forgetNetwork, movePower, rates } from './power';
import { miningOrders } from './tables';

/** Orders past their term end: their power leaves the aggregates. */
export async function expire(ctx: MiningCtx): Promise<number> {
  const { store, clock, days } = ctx;
  const today = await days.today();
  await rates(ctx);
  let n = 0;
  for (;;) {
    const ids = await store.db
      .select({ id: miningOrders.id })
      .from(miningOrders)
      .where(and(eq(miningOrders.status, 'running'), sql`${miningOrders.endDay} <= ${today}`))
      .orderBy(asc(miningOrders.id))
      .limit(200);
    if (ids.length === 0) break;
    for (const { id } of ids) {
      await store.db.transaction(async (tx) => {
        const [o] = await tx
          .update(miningOrders)
          .set({ status: 'expired', endedAt: clock.now() })
          .where(and(eq(miningOrders.id, id), eq(miningOrders.status, 'running')))
          .returning();
        if (o) await movePower(ctx, tx, o, -1n);
        if (o?.payAsset === 'USDT')
          await ctx.team?.record(tx, {
            userId: o.userId,
            volume: 0n,
            performance: -o.amount,
            node: 0n,
            ref: `mining:${o.id}`,
          });
      });
      n++;
    }
  }
  if (n > 0) forgetNetwork(ctx);
  return n;
}

/** Settles every ended day of every line once (its shares fixed first), pays what waited, ends orders. */
export async function settleDue(ctx: MiningCtx): Promise<void> {
  const today = await ctx.days.today();
  await rates(ctx);
  for (const l of (await lines(ctx)).values()) await ctx.shared.settleDue(l.output, today);
  await expire(ctx);
}
