/** A user's sessions as operators see them, and one ended by an operator (audited, the token never shown). */
import { and, count, desc, eq } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { userOf } from './admin-detail';
import { iso, type Page, type UsersCtx } from './context';

const { sessions: sessionsTable } = schema;

type SessionRow = typeof sessionsTable.$inferSelect;

function sessionItem(s: SessionRow, now: Date) {
  return {
    id: s.id,
    created_at: iso(s.createdAt),
    expires_at: iso(s.expiresAt),
    revoked_at: s.revokedAt ? iso(s.revokedAt) : null,
    ip: s.ip,
    active: s.revokedAt === null && s.expiresAt > now,
  };
}

export async function sessionList(ctx: UsersCtx, userId: number, page: Page) {
  await userOf(ctx, userId);
  const where = eq(sessionsTable.userId, userId);
  const [rows, [total]] = await Promise.all([
    onPage(ctx.store.db.select().from(sessionsTable).where(where).orderBy(desc(sessionsTable.id)), page),
    ctx.store.db.select({ n: count() }).from(sessionsTable).where(where),
  ]);
  const now = ctx.clock.now();
  return pageAnswer(
    rows.map((s) => sessionItem(s, now)),
    total,
  );
}

/** A session as the audit log keeps it: never its token's hash. */
const sessionAudit = (s: SessionRow) => ({
  session_id: s.id,
  created_at: s.createdAt,
  expires_at: s.expiresAt,
  revoked_at: s.revokedAt,
  ip: s.ip,
});

export async function revokeSession(
  ctx: UsersCtx,
  op: OperatorUser,
  userId: number,
  sessionId: number,
  reason: string,
) {
  const { row, ended } = await ctx.store.db.transaction(async (tx) => {
    await userOf(ctx, userId, tx);
    const [s] = await tx
      .select()
      .from(sessionsTable)
      .where(and(eq(sessionsTable.id, sessionId), eq(sessionsTable.userId, userId)))
      .for('update');
    // Another user's session is not this user's to end: as if it did not exist.
    if (!s) throw new DomainError('NotFound');
    if (s.revokedAt) throw new DomainError('InvalidState');
    const done = await ctx.sessions.end(tx, userId, sessionId);
    const [after] = await tx.select().from(sessionsTable).where(eq(sessionsTable.id, sessionId));
    if (!after) throw new Error('session vanished');
    await auditOperator(tx, ctx.clock.now(), {
      operatorId: op.id,
      action: 'user.session_revoke',
      subject: `user:${userId}`,
      before: sessionAudit(s),
      after: { ...sessionAudit(after), reason },
    });
    return { row: after, ended: done };
  });
  ctx.sessions.forget(ended.map((e) => e.tokenHash));
  return sessionItem(row, ctx.clock.now());
}
