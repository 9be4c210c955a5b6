/** Operators' decisions on leads: an application approved or rejected, a lead suspended or restored. */
import { and, desc, eq } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { adminLead, applicationById } from './admin';
import type { AdminLeadView, CopyCtx, LeadApplicationView } from './context';
import { copyFollows, copyLeadApplications, copyLeads } from './tables';

/**
 * An operator approves (the user leads at once) or rejects (with the reason the user reads) a pending
 * application. A user who started copying someone meanwhile cannot be approved (one role at a time).
 */
export async function reviewLead(
  ctx: CopyCtx,
  operatorId: number,
  body: { user_id: number; approve: boolean; reason: string },
): Promise<LeadApplicationView> {
  const { store, clock, leads } = ctx;
  const now = clock.now();
  const id = await store.db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(copyLeadApplications)
      .where(eq(copyLeadApplications.userId, body.user_id))
      .orderBy(desc(copyLeadApplications.id))
      .limit(1)
      .for('update');
    if (!app) throw new DomainError('NotFound');
    if (app.status !== 'pending') throw new DomainError('InvalidState');
    if (body.approve) {
      const [following] = await tx
        .select({ id: copyFollows.id })
        .from(copyFollows)
        .where(and(eq(copyFollows.followerId, body.user_id), eq(copyFollows.status, 'active')));
      if (following) throw new DomainError('InvalidState');
    }
    const status = body.approve ? ('approved' as const) : ('rejected' as const);
    const [after] = await tx
      .update(copyLeadApplications)
      .set({ status, reason: body.reason, reviewedBy: operatorId, reviewedAt: now })
      .where(eq(copyLeadApplications.id, app.id))
      .returning();
    if (body.approve)
      await tx
        .insert(copyLeads)
        .values({
          userId: body.user_id,
          tier: 'junior',
          delayMin: app.delayMin,
          tierDay: now.toISOString().slice(0, 10),
          createdAt: now,
        })
        .onConflictDoNothing();
    await auditOperator(tx, now, {
      operatorId,
      action: body.approve ? 'copy.lead_approve' : 'copy.lead_reject',
      subject: `user:${body.user_id}`,
      before: { application: app.id, status: app.status },
      after: { application: app.id, status: after?.status, reason: body.reason },
    });
    return app.id;
  });
  if (body.approve && !leads.has(body.user_id)) {
    const [row] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, body.user_id));
    if (row) leads.set(body.user_id, { tier: row.tier, delayMin: row.delayMin, suspended: null });
    ctx.state.figures = null;
  }
  return applicationById(ctx, id);
}

/** An operator suspends a lead (hidden, no new copies; existing copies go on) or restores one, with a reason. */
export async function suspendLead(
  ctx: CopyCtx,
  operatorId: number,
  body: { user_id: number; suspend: boolean; reason: string },
): Promise<AdminLeadView> {
  const now = ctx.clock.now();
  await ctx.store.db.transaction(async (tx) => {
    const [row] = await tx.select().from(copyLeads).where(eq(copyLeads.userId, body.user_id)).for('update');
    if (!row) throw new DomainError('NotFound');
    if ((row.suspendedAt !== null) === body.suspend) throw new DomainError('InvalidState');
    await tx
      .update(copyLeads)
      .set(
        body.suspend
          ? { suspendedAt: now, suspendReason: body.reason }
          : { suspendedAt: null, suspendReason: null },
      )
      .where(eq(copyLeads.userId, body.user_id));
    await auditOperator(tx, now, {
      operatorId,
      action: body.suspend ? 'copy.lead_suspend' : 'copy.lead_restore',
      subject: `user:${body.user_id}`,
      before: { suspended_at: row.suspendedAt, reason: row.suspendReason },
      after: body.suspend
        ? { suspended_at: now, reason: body.reason }
        : { suspended_at: null, reason: body.reason },
    });
  });
  const l = ctx.leads.get(body.user_id);
  if (l) l.suspended = body.suspend ? { at: now, reason: body.reason } : null;
  ctx.state.figures = null;
  const view = await adminLead(ctx, body.user_id);
  if (!view) throw new DomainError('NotFound');
  return view;
}
