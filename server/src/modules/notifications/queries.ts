/** A user's notices: the list (newest first), the unread count, marking one or all read. Only their own. */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import { type NotificationsCtx, noticeView } from './context';
import { notices } from './tables';

export async function unreadCount(ctx: NotificationsCtx, userId: number): Promise<number> {
  const [row] = await ctx.store.db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return Number(row?.n ?? 0);
}

export async function list(
  ctx: NotificationsCtx,
  userId: number,
  q: { page: number; size: number; unread: number },
) {
  const where = and(eq(notices.userId, userId), q.unread === 1 ? isNull(notices.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    onPage(ctx.store.db.select().from(notices).where(where).orderBy(desc(notices.id)), q),
    ctx.store.db.select({ n: count() }).from(notices).where(where),
    unreadCount(ctx, userId),
  ]);
  return { ...pageAnswer(rows.map(noticeView), total), unread };
}

/** Marks one of the user's notices read (a read one is answered as it is); another's is NotFound. */
export async function markRead(ctx: NotificationsCtx, userId: number, id: number) {
  const where = and(eq(notices.id, id), eq(notices.userId, userId));
  const [done] = await ctx.store.db
    .update(notices)
    .set({ readAt: ctx.clock.now() })
    .where(and(where, isNull(notices.readAt)))
    .returning();
  if (done) return noticeView(done);
  const [row] = await ctx.store.db.select().from(notices).where(where);
  if (!row) throw new DomainError('NotFound');
  return noticeView(row);
}

export async function markAllRead(ctx: NotificationsCtx, userId: number): Promise<number> {
  const done = await ctx.store.db
    .update(notices)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return done.length;
}
