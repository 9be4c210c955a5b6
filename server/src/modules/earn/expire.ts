/** The end of a staking order's term: the principal returns, or with auto-renew stays staked in a new order. */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { EarnCtx } from './context';
import { lineOf } from './lines';
import { EARN_SYSTEM } from './pools';
import { newPledge, teamRecord } from './stake';
import { pledgeOrders } from './tables';

/** Orders whose last day is settled: the principal returns, or with auto-renew stays in a new order. */
export async function expire(ctx: EarnCtx): Promise<number> {
  const { store, clock, ledger, collateral } = ctx;
  const today = await ctx.days.dayOf(clock.now());
  const rows = await store.db
    .select({ id: pledgeOrders.id })
    .from(pledgeOrders)
    .where(
      and(
        eq(pledgeOrders.status, 'in_progress'),
        lte(pledgeOrders.endDay, today),
        sql`${pledgeOrders.daysPaid} >= ${pledgeOrders.days}`,
      ),
    );
  let n = 0;
  for (const { id } of rows) {
    await store.db.transaction(async (tx) => {
      const [o] = await tx.select().from(pledgeOrders).where(eq(pledgeOrders.id, id)).for('update');
      if (o?.status !== 'in_progress') return;
      const plan = (await lineOf(ctx, o.asset)).plans.find((p) => p.days === o.days && p.status === 'active');
      if (o.autoRenew && plan && (await collateral.mayRenew(tx, o))) {
        const next = await newPledge(ctx, tx, o.userId, {
          amount: o.amount,
          days: o.days,
          apr: plan.apr,
          autoRenew: true,
          asset: o.asset,
        });
        await tx
          .update(pledgeOrders)
          .set({ status: 'renewed', renewedTo: next.id, closedAt: clock.now() })
          .where(eq(pledgeOrders.id, o.id));
        // The principal stays staked: the loan against it follows it to the new order.
        await collateral.follow(tx, o, next);
      } else {
        // An open loan is settled from the principal first; the rest returns.
        const back = await collateral.settleFrom(tx, o, o.amount, 'settled from the staking principal');
        if (back > 0n) {
          await ledger.transfer(tx, {
            from: { system: EARN_SYSTEM.staked, asset: o.asset },
            to: { userId: o.userId, asset: o.asset, kind: 'spot' },
            amount: back,
            cause: 'earn.principal',
            ref: `pledge:${o.id}`,
            userId: o.userId,
          });
        }
        await tx
          .update(pledgeOrders)
          .set({ status: 'expired', closedAt: clock.now() })
          .where(eq(pledgeOrders.id, o.id));
        await teamRecord(ctx, tx, o.userId, o.asset, 0n, -o.amount, `pledge:${o.id}`);
      }
      n++;
    });
  }
  return n;
}
