/** The answers: a cover (with its status at a time) and a claim. */
import { formatAmount } from '@nexa/contract';
import {
  type ClaimRow,
  type ClaimView,
  type CoverRow,
  type CoverView,
  type InsuranceCtx,
  usdt,
} from './context';

export function coverView(ctx: InsuranceCtx, c: CoverRow, now = ctx.clock.now()): CoverView {
  const status =
    c.remaining === 0n ? 'used' : now >= c.expiresAt ? 'expired' : now < c.activeFrom ? 'waiting' : 'active';
  return {
    id: c.id,
    limit: usdt(c.limit),
    remaining: usdt(c.remaining),
    premium: usdt(c.premium),
    share: formatAmount(c.share, 8),
    max_lever: c.maxLever,
    paid: usdt(c.paid),
    status,
    active_from: c.activeFrom.toISOString(),
    expires_at: c.expiresAt.toISOString(),
    created_at: c.createdAt.toISOString(),
  };
}

export function claimView(c: ClaimRow): ClaimView {
  return {
    id: c.id,
    cover_id: c.coverId,
    instId: c.instId,
    position_id: c.positionId,
    kind: c.kind,
    loss: usdt(c.loss),
    covered_loss: usdt(c.coveredLoss),
    amount: usdt(c.amount),
    status: c.status,
    created_at: c.createdAt.toISOString(),
    paid_at: c.paidAt?.toISOString() ?? null,
  };
}
