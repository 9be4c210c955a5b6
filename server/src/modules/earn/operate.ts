/** A user's action on a staking order: turn auto-renew on or off, or redeem early. */
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { EarnCtx, PledgeView } from './context';
import { type StakingLine, terms } from './lines';
import { redeemValue } from './math';
import { mine, pledgeView } from './pledges';
import { EARN_SYSTEM } from './pools';
import { teamRecord } from './stake';
import { pledgeOrders } from './tables';

export async function operate(
  ctx: EarnCtx,
  userId: number,
  body: { id: number; action: 'redeem' | 'renew' | 'no_renew'; request_id?: string | undefined },
  line: StakingLine = 'main',
): Promise<PledgeView> {
  const { ledger, clock, collateral } = ctx;
  await mine(ctx, userId, body.id, line);
  const { flexible } = await terms(ctx, line);
  const action = line === 'main' ? 'earn.operate' : `earn.operate.${line}`;
  return ledger.withIdempotency(userId, body.request_id, action, body, async (tx) => {
    const [o] = await tx.select().from(pledgeOrders).where(eq(pledgeOrders.id, body.id)).for('update');
    if (!o || o.userId !== userId) throw new DomainError('EarnOrderNotFound');
    if (o.status !== 'in_progress') throw new DomainError('EarnOrderClosed');
    if (body.action !== 'redeem') {
      const [row] = await tx
        .update(pledgeOrders)
        .set({ autoRenew: body.action === 'renew' })
        .where(eq(pledgeOrders.id, o.id))
        .returning();
      return pledgeView(ctx, row ?? o);
    }
    const value = redeemValue(o, flexible);
    const { penalty } = value;
    // An open loan against the order is settled from what it returns first; the rest is paid out.
    const back = await collateral.settleFrom(tx, o, value.back, 'settled from the early redemption');
    if (back > 0n) {
      await ledger.transfer(tx, {
        from: { system: EARN_SYSTEM.staked, asset: o.asset },
        to: { userId, asset: o.asset, kind: 'spot' },
        amount: back,
        cause: 'earn.principal',
        ref: `pledge:${o.id}`,
        remark: 'early redemption',
        userId,
        requestId: body.request_id ?? null,
      });
    }
    if (penalty > 0n) {
      // Profit received beyond the flexible rate goes back to the pool it came from.
      await ledger.transfer(tx, {
        from: { system: EARN_SYSTEM.staked, asset: o.asset },
        to: { system: EARN_SYSTEM.pledge, asset: o.asset },
        amount: penalty < o.amount ? penalty : o.amount,
        cause: 'earn.principal',
        ref: `pledge:${o.id}`,
        remark: 'profit beyond the flexible rate',
        userId,
      });
    }
    const [row] = await tx
      .update(pledgeOrders)
      .set({ status: 'redeemed', closedAt: clock.now() })
      .where(eq(pledgeOrders.id, o.id))
      .returning();
    await teamRecord(ctx, tx, userId, o.asset, 0n, -o.amount, `pledge:${o.id}`);
    return pledgeView(ctx, row ?? o);
  });
}
