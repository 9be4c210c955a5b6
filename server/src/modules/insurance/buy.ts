/** Buying a cover: its limit checked, the premium paid from the spot account into the pool, one cover in force. */
import { RATE_ONE } from '@nexa/contract';
import { desc, eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import { type CoverView, INSURANCE_POOL, type InsuranceCtx, usdt } from './context';
import { insuranceCovers } from './tables';
import { terms } from './terms';
import { coverView } from './views';

export async function buy(
  ctx: InsuranceCtx,
  userId: number,
  body: { limit: bigint; request_id?: string | undefined },
): Promise<CoverView> {
  const { clock, ledger } = ctx;
  const t = await terms(ctx);
  // A share at or above the premium rate would let a deliberate loser get more than the premium back.
  if (t.share.units >= t.premiumRate.units) {
    ctx.log.error('insurance: share must stay below the premium rate; covers are not sold');
    throw new DomainError('NotAvailable');
  }
  const { limit } = body;
  if (limit < t.minLimit) throw new ValidationError('limit', 'too_small');
  if (limit > t.maxLimit) throw new ValidationError('limit', 'too_big');
  const premium = (limit * t.premiumRate.units + RATE_ONE - 1n) / RATE_ONE;
  return ledger.withIdempotency(userId, body.request_id, 'insurance.buy', body, async (tx) => {
    const now = clock.now();
    // One cover in force at a time (the user's row lock serializes two purchases at once).
    await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .for('update');
    const [current] = await tx
      .select()
      .from(insuranceCovers)
      .where(eq(insuranceCovers.userId, userId))
      .orderBy(desc(insuranceCovers.id))
      .limit(1);
    if (current && current.remaining > 0n && now < current.expiresAt) throw new DomainError('CoverActive');
    await ledger.transfer(tx, {
      from: { userId, asset: 'USDT', kind: 'spot' },
      to: { system: INSURANCE_POOL, asset: 'USDT' },
      amount: premium,
      cause: 'insurance.premium',
      remark: `cover ${usdt(limit)} USDT`,
      userId,
      requestId: body.request_id ?? null,
    });
    const [row] = await tx
      .insert(insuranceCovers)
      .values({
        userId,
        limit,
        remaining: limit,
        premium,
        share: t.share.units,
        maxLever: t.maxLever,
        activeFrom: new Date(now.getTime() + t.waitingH * 3_600_000),
        expiresAt: new Date(now.getTime() + t.validDays * 86_400_000),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('cover not written');
    return coverView(ctx, row, now);
  });
}
