/**
 * Paying claims from the pool: one claim in the caller's transaction (never more than the pool holds), and the
 * sweep that pays queued claims, oldest first, once premiums refill it.
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../store';
import { type ClaimRow, INSURANCE_POOL, type InsuranceCtx } from './context';
import { insuranceClaims } from './tables';

/** Pays a claim from the pool in the caller's transaction; false (nothing moved) when the pool is short. */
export async function pay({ ledger }: InsuranceCtx, tx: Tx, claim: ClaimRow): Promise<boolean> {
  if (claim.amount === 0n) return true;
  const pool = await ledger.systemAccount(tx, INSURANCE_POOL, 'USDT');
  const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
  if (held < claim.amount) return false;
  await ledger.transfer(tx, {
    from: pool,
    to: { userId: claim.userId, asset: 'USDT', kind: 'futures' },
    amount: claim.amount,
    cause: 'insurance.payout',
    ref: `claim:${claim.id}`,
    remark: `position ${claim.positionId} ${claim.instId}`,
    userId: claim.userId,
  });
  return true;
}

/** Pays queued claims, oldest first, while the pool holds enough for the next one. */
export async function payQueued(ctx: InsuranceCtx): Promise<number> {
  let paid = 0;
  for (;;) {
    const done = await ctx.store.db.transaction(async (tx) => {
      const [next] = await tx
        .select()
        .from(insuranceClaims)
        .where(eq(insuranceClaims.status, 'queued'))
        .orderBy(asc(insuranceClaims.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      if (!(await pay(ctx, tx, next))) return false;
      await tx
        .update(insuranceClaims)
        .set({ status: 'paid', paidAt: ctx.clock.now() })
        .where(eq(insuranceClaims.id, next.id));
      return true;
    });
    if (!done) return paid;
    paid++;
  }
}
