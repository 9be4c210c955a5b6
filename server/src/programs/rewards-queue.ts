/** The queue of a program: payouts a dry pool could not pay, paid oldest first once it is refilled. */
import { and, asc, eq } from 'drizzle-orm';
import { schema, type Tx } from '../store';
import type { RewardProgram, RewardsCtx } from './rewards-context';
import { held, poolAccount } from './rewards-pool';

const { rewardPayouts } = schema;

/** Pays a program's queued payouts, oldest first, while its pool holds enough for the next one. */
export async function payQueued<P>(
  ctx: RewardsCtx,
  program: RewardProgram<P>,
  onPaid?: (tx: Tx, payout: { positionId: number; amount: bigint }) => Promise<void>,
): Promise<number> {
  let n = 0;
  for (;;) {
    const more = await ctx.store.db.transaction(async (tx) => {
      const [next] = await tx
        .select()
        .from(rewardPayouts)
        .where(and(eq(rewardPayouts.program, program.key), eq(rewardPayouts.status, 'queued')))
        .orderBy(asc(rewardPayouts.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      const pool = await poolAccount(ctx, tx, program as RewardProgram<unknown>);
      if ((await held(ctx, tx, pool)) < next.amount) return false;
      await ctx.ledger.transfer(tx, {
        from: pool,
        to: { userId: next.userId, asset: next.asset, kind: 'spot' },
        amount: next.amount,
        cause: program.cause,
        ref: `${program.key}:${next.positionId}:${next.period}`,
        userId: next.userId,
      });
      await tx
        .update(rewardPayouts)
        .set({ status: 'paid', paidAt: ctx.clock.now() })
        .where(eq(rewardPayouts.id, next.id));
      await onPaid?.(tx, { positionId: next.positionId, amount: next.amount });
      return true;
    });
    if (!more) return n;
    n++;
  }
}
