/** What each follower got for a lead's move, written in the writer's transaction with the copies' PnL. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeNotice } from '../../kernel/notices';
import type { CopyOutcome, LeadMove } from '../../ports/copy';
import type { Tx } from '../../store';
import type { CopyCtx } from './context';
import { openedMargin } from './margin';
import { dropPosition, putPosition } from './positions';
import { copyFollows, copyPositions, copyTrades } from './tables';
import { adverse } from './tolerance';

/**
 * Tells each follower whose copy opened a position on this move (from flat, filled in part or whole), once
 * per move and follower: the notice rides in the writer's transaction, so it is sent only if the copy is.
 */
async function tellOpened(
  ctx: CopyCtx,
  tx: Tx,
  move: LeadMove,
  outcomes: readonly CopyOutcome[],
  follows: ReadonlyMap<number, typeof copyFollows.$inferSelect>,
): Promise<void> {
  for (const o of outcomes) {
    const f = follows.get(o.order.followId);
    if (!f || o.status === 'skipped' || o.filled === 0n || o.sizeAfter !== o.filled) continue;
    await writeNotice(ctx.outbox, tx, {
      userId: f.followerId,
      kind: 'copy_opened',
      ref: `copy_${f.id}:${move.instId}:${o.orderId ?? move.at.getTime()}`,
      params: { inst: move.instId },
    });
  }
}

/** Writes what each follower got and moves the copies' realized PnL. */
export async function record(
  ctx: CopyCtx,
  tx: Tx,
  move: LeadMove,
  outcomes: readonly CopyOutcome[],
): Promise<void> {
  const { managed } = ctx;
  if (outcomes.length === 0) return;
  const follows = new Map(
    (
      await tx
        .select()
        .from(copyFollows)
        .where(
          inArray(
            copyFollows.id,
            outcomes.map((o) => o.order.followId),
          ),
        )
    ).map((f) => [f.id, f]),
  );
  const rows: (typeof copyTrades.$inferInsert)[] = [];
  for (const o of outcomes) {
    const f = follows.get(o.order.followId);
    if (!f) continue;
    const slip = move.price === 0n ? null : adverse(o.order.side, o.price, move.price);
    rows.push({
      followId: f.id,
      followerId: f.followerId,
      leadId: f.leadId,
      instId: move.instId,
      side: o.order.side,
      size: o.order.contracts,
      filled: o.filled,
      leadPrice: move.price,
      price: o.price,
      slippage: slip,
      markPrice: move.mark ?? null,
      markSlippage: adverse(o.order.side, o.price, move.mark),
      limitPrice: o.limitPrice ?? null,
      pnl: o.pnl,
      fee: o.fee,
      lever: o.order.lever,
      venue: 'platform',
      status: o.status,
      reason: o.reason,
      orderId: o.orderId,
      ...openedMargin(f, move, o),
      createdAt: move.at,
    });
    const net = o.pnl - o.fee;
    if (net !== 0n) {
      await tx
        .update(copyFollows)
        .set({ realized: sql`${copyFollows.realized} + ${net}` })
        .where(eq(copyFollows.id, f.id));
    }
    const key = `${f.followerId}:${move.instId}`;
    if (o.sizeAfter === 0n) {
      await dropPosition(tx, f.id, move.instId);
      managed.delete(key);
    } else {
      const [cp] = await tx
        .select()
        .from(copyPositions)
        .where(and(eq(copyPositions.followId, f.id), eq(copyPositions.instId, move.instId)));
      if (cp) {
        // Skipped when the lead opened: this lead position is not copied.
        const detached = o.status === 'skipped' && move.before === 0n;
        await putPosition(tx, { ...cp, contracts: o.sizeAfter, margin: o.marginAfter, detached });
        if (detached) managed.delete(key);
        else managed.add(key);
      }
    }
  }
  if (rows.length > 0) await tx.insert(copyTrades).values(rows);
  await tellOpened(ctx, tx, move, outcomes, follows);
  ctx.state.figures = null;
}
