/**
 * The operators as the console lists and changes them: the bootstrap's plain creation, who is signed in, the
 * operators with their active sessions, sessions revoked, an operator disabled or enabled (with the audit).
 */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { OperatorRole, OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import type { AdminCtx } from './context';
import { hashPassword } from './passwords';

const { operators, operatorSessions } = schema;

/** Makes an operator with its roles at once (the bootstrap and the demo seed); null when the name is taken. */
export async function createOperator(
  ctx: AdminCtx,
  name: string,
  password: string,
  roles: readonly OperatorRole[],
) {
  const [row] = await ctx.store.db
    .insert(operators)
    .values({
      name,
      passwordHash: await hashPassword(password),
      roles: [...roles],
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: operators.id });
  return row?.id ?? null;
}

export async function me(ctx: AdminCtx, op: OperatorUser) {
  const [s] = await ctx.store.db
    .select({ expiresAt: operatorSessions.expiresAt })
    .from(operatorSessions)
    .where(eq(operatorSessions.id, op.sessionId));
  return {
    id: op.id,
    name: op.name,
    roles: [...op.roles],
    second_factor: op.secondFactor,
    expires_at: (s?.expiresAt ?? ctx.clock.now()).toISOString(),
  };
}

/** The operators (or one) with their count of active sessions. */
export async function operatorRows(ctx: AdminCtx, id?: number) {
  const { store, clock } = ctx;
  const now = clock.now();
  const active = store.db
    .select({ operatorId: operatorSessions.operatorId, n: count().as('n') })
    .from(operatorSessions)
    .where(and(isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
    .groupBy(operatorSessions.operatorId)
    .as('active');
  const rows = await store.db
    .select({
      id: operators.id,
      name: operators.name,
      roles: operators.roles,
      totpConfirmedAt: operators.totpConfirmedAt,
      createdAt: operators.createdAt,
      disabledAt: operators.disabledAt,
      sessions: active.n,
    })
    .from(operators)
    .leftJoin(active, eq(active.operatorId, operators.id))
    .where(id === undefined ? undefined : eq(operators.id, id))
    .orderBy(operators.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    roles: r.roles,
    second_factor: r.totpConfirmedAt !== null,
    created_at: r.createdAt.toISOString(),
    disabled_at: r.disabledAt?.toISOString() ?? null,
    active_sessions: Number(r.sessions ?? 0),
  }));
}

export async function oneOperator(ctx: AdminCtx, id: number) {
  const [row] = await operatorRows(ctx, id);
  if (!row) throw new DomainError('NotFound');
  return row;
}

async function revokeAll(ctx: AdminCtx, operatorId: number): Promise<number> {
  const revoked = await ctx.store.db
    .update(operatorSessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return revoked.length;
}

const audit = (
  ctx: AdminCtx,
  op: OperatorUser,
  action: string,
  subject: string,
  before: unknown,
  after: unknown,
) => auditOperator(ctx.store.db, ctx.clock.now(), { operatorId: op.id, action, subject, before, after });

export async function revokeSessions(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { operator_id: number; reason: string },
) {
  const before = await oneOperator(ctx, body.operator_id);
  const revoked = await revokeAll(ctx, body.operator_id);
  await audit(ctx, op, 'operator.revoke_sessions', `operator:${body.operator_id}`, before, {
    ...(await oneOperator(ctx, body.operator_id)),
    reason: body.reason,
  });
  return { revoked };
}

export async function setDisabled(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { operator_id: number; disabled: boolean; reason: string },
) {
  if (body.operator_id === op.id) throw new DomainError('InvalidState');
  const before = await oneOperator(ctx, body.operator_id);
  if ((before.disabled_at !== null) === body.disabled) throw new DomainError('InvalidState');
  await ctx.store.db
    .update(operators)
    .set({ disabledAt: body.disabled ? ctx.clock.now() : null })
    .where(eq(operators.id, body.operator_id));
  if (body.disabled) await revokeAll(ctx, body.operator_id);
  const after = await oneOperator(ctx, body.operator_id);
  await audit(
    ctx,
    op,
    body.disabled ? 'operator.disable' : 'operator.enable',
    `operator:${body.operator_id}`,
    before,
    { ...after, reason: body.reason },
  );
  return after;
}
