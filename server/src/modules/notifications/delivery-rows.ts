/**
 * The delivery rows beyond the app (`notice_deliveries`), as every channel's sender uses them: the pending rows
 * of a channel (a claim a crash left counts as pending again after `CLAIM_STALE_MS`), a claim taken before the
 * hand-over so two senders never send one row both, the row's end, and a refused hand-over that frees the row
 * for the next round, up to `MAX_ATTEMPTS`.
 */
import type { NoticeChannel } from '@nexa/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { freshRounds } from '../../kernel/serial';
import type { NotificationsCtx } from './context';
import { noticeDeliveries } from './tables';

export const CLAIM_STALE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 8;

export type DeliveryRow = typeof noticeDeliveries.$inferSelect;

const open = (now: Date) =>
  and(
    eq(noticeDeliveries.status, 'pending'),
    or(
      isNull(noticeDeliveries.claimedAt),
      lt(noticeDeliveries.claimedAt, new Date(now.getTime() - CLAIM_STALE_MS)),
    ),
  );

/** A channel's rows to send now, oldest first. */
export function pendingRows(ctx: NotificationsCtx, channel: NoticeChannel, limit: number) {
  return ctx.store.db
    .select()
    .from(noticeDeliveries)
    .where(and(eq(noticeDeliveries.channel, channel), open(ctx.clock.now())))
    .orderBy(asc(noticeDeliveries.id))
    .limit(limit);
}

/** Claims a row for this sender; false when another holds a fresh claim or it is no longer pending. */
export async function claim(ctx: NotificationsCtx, row: DeliveryRow): Promise<boolean> {
  const now = ctx.clock.now();
  const got = await ctx.store.db
    .update(noticeDeliveries)
    .set({ claimedAt: now, attempts: sql`${noticeDeliveries.attempts} + 1` })
    .where(and(eq(noticeDeliveries.id, row.id), open(now)))
    .returning({ id: noticeDeliveries.id });
  return got.length > 0;
}

/** Ends a row: sent, kept (no server to hand it to: the log and the row keep it) or failed. */
export async function finish(ctx: NotificationsCtx, id: number, status: DeliveryRow['status']) {
  await ctx.store.db
    .update(noticeDeliveries)
    .set({ status, sentAt: status === 'sent' ? ctx.clock.now() : null })
    .where(eq(noticeDeliveries.id, id));
}

/** A hand-over refused: the row waits for the next round, or has failed once its tries are used up. */
export async function retryLater(ctx: NotificationsCtx, row: DeliveryRow) {
  await ctx.store.db
    .update(noticeDeliveries)
    .set(row.attempts + 1 >= MAX_ATTEMPTS ? { status: 'failed' } : { claimedAt: null })
    .where(eq(noticeDeliveries.id, row.id));
}

/**
 * A sender run one round at a time in this process. A call during a round waits for it, then for one more round
 * after it (which every call made meanwhile shares), so a call always answers a round that began after it: the
 * sweep's and the tests' way in is `run`; `wake` starts one and only logs a failure.
 */
export function oneRoundAtATime(ctx: NotificationsCtx, name: string, send: () => Promise<number>) {
  const run = freshRounds(send);
  const wake = () => {
    void run().catch((err: unknown) => ctx.log.warn({ err }, `${name} failed`));
  };
  return { run, wake };
}
