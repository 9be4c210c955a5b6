/**
 * Four eyes on operators: an operator made with a money role (finance, admin), or granted one, is not in force
 * until a second admin approves it (the one who asked cannot), and a new money role approves no money for
 * `admin.new_operator_cooldown_hours`. The only admin may make a second admin at once, once ever (the
 * bootstrap case), and that approval is flagged. Operators of the bootstrap and the demo seed are exempt from
 * the cooldown (`active_from` null). The requests and the operators' lineage as the console shows them are in
 * `lineage.ts`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { OperatorRole, OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { schema, type Tx } from '../../store';
import type { AdminCtx } from './context';
import { requestViews } from './lineage';
import { hashPassword } from './passwords';
import { operatorRequests } from './tables';

const { operators } = schema;

/** Roles that move money: holding one takes a second admin's approval. */
export const MONEY_ROLES: readonly OperatorRole[] = ['admin', 'finance'];
const isMoney = (r: string) => (MONEY_ROLES as readonly string[]).includes(r);

type RequestRow = typeof operatorRequests.$inferSelect;

/** The moment `op` may approve money from, if that is still ahead; null when it may now. */
export async function coolingUntil(ctx: AdminCtx, operatorId: number): Promise<Date | null> {
  const [row] = await ctx.store.db
    .select({ activeFrom: operators.activeFrom })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row?.activeFrom) return null;
  const hours = await ctx.settings.get('admin.new_operator_cooldown_hours');
  const until = new Date(row.activeFrom.getTime() + hours * 3_600_000);
  return until > ctx.clock.now() ? until : null;
}

export async function refuseWhileCooling(ctx: AdminCtx, operatorId: number): Promise<void> {
  const until = await coolingUntil(ctx, operatorId);
  if (until) throw new DomainError('OperatorCooling', { until: until.toISOString() });
}

/** Whether `op` is the only active admin and the one-time single-admin exception was never used. */
async function singleAdminException(tx: Tx, op: OperatorUser): Promise<boolean> {
  const admins = (
    await tx
      .select({ id: operators.id, roles: operators.roles })
      .from(operators)
      .where(and(eq(operators.status, 'active'), isNull(operators.disabledAt)))
  ).filter((r) => r.roles.includes('admin'));
  if (admins.length !== 1 || admins[0]?.id !== op.id) return false;
  const [used] = await tx
    .select({ id: operatorRequests.id })
    .from(operatorRequests)
    .where(eq(operatorRequests.singleAdmin, true))
    .limit(1);
  return !used;
}

const audit = (
  ctx: AdminCtx,
  tx: Tx,
  op: OperatorUser,
  action: string,
  subject: string,
  before: unknown,
  after: unknown,
) => auditOperator(tx, ctx.clock.now(), { operatorId: op.id, action, subject, before, after });

/**
 * Files a request for a money role and, for the only admin asking for a second admin (once ever), approves it
 * at once. Answers the request.
 */
async function fileRequest(
  ctx: AdminCtx,
  tx: Tx,
  op: OperatorUser,
  r: { kind: 'create' | 'grant'; operatorId: number; roles: readonly string[]; reason: string | null },
): Promise<RequestRow> {
  const now = ctx.clock.now();
  const single = r.roles.includes('admin') && (await singleAdminException(tx, op));
  const [req] = await tx
    .insert(operatorRequests)
    .values({
      kind: r.kind,
      operatorId: r.operatorId,
      roles: [...r.roles],
      requestedBy: op.id,
      requestedAt: now,
      reason: r.reason,
      status: single ? 'approved' : 'pending',
      decidedBy: single ? op.id : null,
      decidedAt: single ? now : null,
      singleAdmin: single,
    })
    .returning();
  if (!req) throw new Error('request not written');
  if (single) {
    await apply(ctx, tx, req);
    await audit(ctx, tx, op, 'operator.single_admin_exception', `operator:${r.operatorId}`, null, {
      request_id: req.id,
      kind: r.kind,
      roles: r.roles,
    });
  }
  return req;
}

/** An approved request takes effect: the operator is active with the roles, its cooldown starts now. */
async function apply(ctx: AdminCtx, tx: Tx, req: RequestRow): Promise<void> {
  await tx
    .update(operators)
    .set({
      status: 'active',
      roles: [...req.roles],
      grantedBy: req.requestedBy,
      activeFrom: ctx.clock.now(),
    })
    .where(eq(operators.id, req.operatorId));
}

/** An admin makes an operator: with a money role it waits for a second admin. */
export async function createOperatorBy(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { name: string; password: string; roles: readonly OperatorRole[] },
) {
  const { store, clock } = ctx;
  if (!op.roles.includes('admin')) throw new DomainError('Forbidden');
  const money = body.roles.some(isMoney);
  const passwordHash = await hashPassword(body.password);
  return store.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({
        name: body.name,
        passwordHash,
        roles: [...body.roles],
        createdAt: clock.now(),
        createdBy: op.id,
        status: money ? 'pending' : 'active',
        activeFrom: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    if (!row) throw new DomainError('InvalidState');
    const req = money
      ? await fileRequest(ctx, tx, op, {
          kind: 'create',
          operatorId: row.id,
          roles: body.roles,
          reason: null,
        })
      : null;
    const pending = req?.status === 'pending';
    await audit(ctx, tx, op, 'operator.create', `operator:${row.id}`, null, {
      name: body.name,
      roles: body.roles,
      pending,
      request_id: req?.id ?? null,
    });
    return { id: row.id, name: body.name, roles: [...body.roles], pending, request_id: req?.id ?? null };
  });
}

/** Roles taken away or support given apply at once; a money role given waits for a second admin. */
export async function setRoles(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { operator_id: number; roles: readonly OperatorRole[]; reason: string },
): Promise<{ pending: boolean; request_id: number | null }> {
  if (body.operator_id === op.id) throw new DomainError('InvalidState');
  return ctx.store.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(operators)
      .where(eq(operators.id, body.operator_id))
      .for('update');
    if (!target) throw new DomainError('NotFound');
    if (target.status !== 'active') throw new DomainError('InvalidState');
    const roles = [...new Set(body.roles)];
    const added = roles.filter((r) => !target.roles.includes(r));
    if (!added.some(isMoney)) {
      await tx.update(operators).set({ roles }).where(eq(operators.id, target.id));
      await audit(
        ctx,
        tx,
        op,
        'operator.set_roles',
        `operator:${target.id}`,
        { roles: target.roles },
        { roles, reason: body.reason },
      );
      return { pending: false, request_id: null };
    }
    const [open] = await tx
      .select({ id: operatorRequests.id })
      .from(operatorRequests)
      .where(and(eq(operatorRequests.operatorId, target.id), eq(operatorRequests.status, 'pending')));
    if (open) throw new DomainError('InvalidState');
    const req = await fileRequest(ctx, tx, op, {
      kind: 'grant',
      operatorId: target.id,
      roles,
      reason: body.reason,
    });
    await audit(
      ctx,
      tx,
      op,
      'operator.request_roles',
      `operator:${target.id}`,
      { roles: target.roles },
      { roles, reason: body.reason, request_id: req.id, pending: req.status === 'pending' },
    );
    return { pending: req.status === 'pending', request_id: req.id };
  });
}

/** A second admin decides a request: not the admin who asked, not the operator it is for, not while cooling. */
export async function decide(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { request_id: number; approve: boolean; reason: string },
) {
  if (!op.roles.includes('admin')) throw new DomainError('Forbidden');
  await refuseWhileCooling(ctx, op.id);
  const id = await ctx.store.db.transaction(async (tx) => {
    const [req] = await tx
      .select()
      .from(operatorRequests)
      .where(eq(operatorRequests.id, body.request_id))
      .for('update');
    if (!req) throw new DomainError('NotFound');
    if (req.status !== 'pending') throw new DomainError('InvalidState');
    if (req.requestedBy === op.id || req.operatorId === op.id) throw new DomainError('OwnRequest');
    const status = body.approve ? ('approved' as const) : ('refused' as const);
    const [decided] = await tx
      .update(operatorRequests)
      .set({ status, decidedBy: op.id, decidedAt: ctx.clock.now() })
      .where(and(eq(operatorRequests.id, req.id), eq(operatorRequests.status, 'pending')))
      .returning();
    if (!decided) throw new DomainError('InvalidState');
    if (body.approve) await apply(ctx, tx, decided);
    else if (req.kind === 'create')
      await tx.update(operators).set({ status: 'refused' }).where(eq(operators.id, req.operatorId));
    await audit(
      ctx,
      tx,
      op,
      body.approve ? 'operator.approve' : 'operator.refuse',
      `operator:${req.operatorId}`,
      { request_id: req.id, status: 'pending' },
      { request_id: req.id, status, kind: req.kind, roles: req.roles, reason: body.reason },
    );
    return req.id;
  });
  const [view] = await requestViews(ctx, [id]);
  if (!view) throw new DomainError('NotFound');
  return view;
}
