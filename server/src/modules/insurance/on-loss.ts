/**
 * The outbox consumer of a position's loss: the user's cover in force for that position, the covered part of
 * the loss taken off it, and one claim per position (paid now, or queued while the pool is short).
 */
import { RATE_ONE } from '@nexa/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../store';
import { type InsuranceCtx, type PositionLoss, usdt } from './context';
import { pay } from './pay';
import { insuranceClaims, insuranceCovers } from './tables';

/** The outbox consumer: one claim per position that ended in a covered loss. */
export async function onLoss(ctx: InsuranceCtx, tx: Tx, e: PositionLoss): Promise<void> {
  const { clock } = ctx;
  const loss = BigInt(e.loss);
  if (loss <= 0n) return;
  const opened = new Date(e.openedAt);
  const closed = new Date(e.closedAt);
  const covers = await tx
    .select()
    .from(insuranceCovers)
    .where(eq(insuranceCovers.userId, e.userId))
    .orderBy(asc(insuranceCovers.id))
    .for('update');
  const cover = covers.find(
    (c) => c.remaining > 0n && c.activeFrom <= opened && closed < c.expiresAt && e.lever <= c.maxLever,
  );
  if (!cover) return;
  const covered = loss < cover.remaining ? loss : cover.remaining;
  const amount = (covered * cover.share) / RATE_ONE;
  const [claim] = await tx
    .insert(insuranceClaims)
    .values({
      coverId: cover.id,
      userId: e.userId,
      instId: e.instId,
      positionId: e.positionId,
      kind: e.kind,
      loss,
      coveredLoss: covered,
      amount,
      status: 'queued',
      createdAt: clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!claim) return; // this position was claimed already
  await tx
    .update(insuranceCovers)
    .set({ remaining: cover.remaining - covered, paid: cover.paid + amount })
    .where(eq(insuranceCovers.id, cover.id));
  if (await pay(ctx, tx, claim)) {
    await tx
      .update(insuranceClaims)
      .set({ status: 'paid', paidAt: clock.now() })
      .where(eq(insuranceClaims.id, claim.id));
  } else {
    ctx.log.warn({ claim: claim.id, amount: usdt(amount) }, 'insurance pool short: compensation queued');
  }
}
