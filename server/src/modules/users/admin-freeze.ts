/**
 * A user frozen by an operator (every open session ends in the same transaction; a frozen account signs in no
 * more) or unfrozen; each audited with the operator's reason.
 */
import { eq } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { detail } from './admin-detail';
import type { UsersCtx } from './context';

const { users } = schema;

type UserRow = typeof users.$inferSelect;

const frozenState = (u: UserRow) => ({ frozen_at: u.frozenAt, frozen_reason: u.frozenReason });

export async function freeze(ctx: UsersCtx, op: OperatorUser, userId: number, reason: string) {
  const ended = await ctx.store.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw new DomainError('NotFound');
    if (u.frozenAt) throw new DomainError('InvalidState');
    const [after] = await tx
      .update(users)
      .set({ frozenAt: ctx.clock.now(), frozenReason: reason })
      .where(eq(users.id, userId))
      .returning();
    if (!after) throw new Error('user vanished');
    // Every open session ends with the freeze, in its transaction.
    const done = await ctx.sessions.end(tx, userId);
    await auditOperator(tx, ctx.clock.now(), {
      operatorId: op.id,
      action: 'user.freeze',
      subject: `user:${userId}`,
      before: frozenState(u),
      after: { ...frozenState(after), reason, sessions_ended: done.map((d) => d.id) },
    });
    return done;
  });
  ctx.sessions.forget(ended.map((e) => e.tokenHash));
  return detail(ctx, userId);
}

export async function unfreeze(ctx: UsersCtx, op: OperatorUser, userId: number, reason: string) {
  await ctx.store.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw new DomainError('NotFound');
    if (!u.frozenAt) throw new DomainError('InvalidState');
    const [after] = await tx
      .update(users)
      .set({ frozenAt: null, frozenReason: null })
      .where(eq(users.id, userId))
      .returning();
    if (!after) throw new Error('user vanished');
    await auditOperator(tx, ctx.clock.now(), {
      operatorId: op.id,
      action: 'user.unfreeze',
      subject: `user:${userId}`,
      before: frozenState(u),
      after: { ...frozenState(after), reason },
    });
  });
  return detail(ctx, userId);
}
