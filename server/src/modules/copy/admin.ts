/** What operators read: lead applications, a lead's standing, a user's copies, the pending queue. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { AdminLeadView, ApplicationRow, CopyCtx, LeadApplicationView } from './context';
import { lastApplication } from './lead-apply';
import { usdt } from './math';
import { myFollows } from './queries';
import { copyFollows, copyLeadApplications, copyLeads, copySettlements } from './tables';

const applicationQuery = (ctx: CopyCtx) =>
  ctx.store.db
    .select({
      a: copyLeadApplications,
      uid: schema.users.uid,
      address: schema.users.address,
      by: schema.operators.name,
    })
    .from(copyLeadApplications)
    .innerJoin(schema.users, eq(schema.users.id, copyLeadApplications.userId))
    .leftJoin(schema.operators, eq(schema.operators.id, copyLeadApplications.reviewedBy));

function applicationView(r: {
  a: ApplicationRow;
  uid: string;
  address: string;
  by: string | null;
}): LeadApplicationView {
  return {
    id: r.a.id,
    user: { user_id: r.a.userId, uid: r.uid, address: r.address },
    status: r.a.status,
    delay_min: r.a.delayMin,
    closed_positions: r.a.closedPositions,
    equity: usdt(r.a.equity),
    reason: r.a.reason,
    reviewed_by: r.by,
    created_at: r.a.createdAt.toISOString(),
    reviewed_at: r.a.reviewedAt?.toISOString() ?? null,
  };
}

export async function applicationById(ctx: CopyCtx, id: number): Promise<LeadApplicationView> {
  const [r] = await applicationQuery(ctx).where(eq(copyLeadApplications.id, id));
  if (!r) throw new DomainError('NotFound');
  return applicationView(r);
}

/** Applications by status: the pending queue oldest first, the others newest first. */
export async function leadApplications(
  ctx: CopyCtx,
  q: {
    status?: ApplicationRow['status'] | undefined;
    page: number;
    size: number;
  },
) {
  const where = q.status ? eq(copyLeadApplications.status, q.status) : undefined;
  const order = q.status === 'pending' ? asc(copyLeadApplications.id) : desc(copyLeadApplications.id);
  const [rows, [total]] = await Promise.all([
    onPage(applicationQuery(ctx).where(where).orderBy(order), q),
    ctx.store.db.select({ n: count() }).from(copyLeadApplications).where(where),
  ]);
  return pageAnswer(rows.map(applicationView), total);
}

/** A lead's standing as operators see it; null when the user does not lead. */
export async function adminLead(ctx: CopyCtx, userId: number): Promise<AdminLeadView | null> {
  const { store } = ctx;
  const [row] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, userId));
  if (!row) return null;
  const [[fig], [earned]] = await Promise.all([
    store.db
      .select({ n: count(), aum: sql<string>`coalesce(sum(${copyFollows.budget}), 0)::text` })
      .from(copyFollows)
      .where(and(eq(copyFollows.leadId, userId), eq(copyFollows.status, 'active'))),
    store.db
      .select({ s: sql<string>`coalesce(sum(${copySettlements.amount}), 0)::text` })
      .from(copySettlements)
      .where(eq(copySettlements.leadId, userId)),
  ]);
  return {
    user_id: userId,
    tier: row.tier,
    delay_min: row.delayMin,
    copy_count: fig?.n ?? 0,
    aum: usdt(BigInt(fig?.aum ?? '0')),
    earned: usdt(BigInt(earned?.s ?? '0')),
    suspended: row.suspendedAt
      ? { at: row.suspendedAt.toISOString(), reason: row.suspendReason ?? '' }
      : null,
    since: row.createdAt.toISOString(),
    counterparty_flag: (await ctx.counterparty.flags(userId))[0] ?? null,
  };
}

/** A user's copies for the operators' user page, with their standing as a lead and their latest application. */
export async function adminFollows(
  ctx: CopyCtx,
  userId: number,
  q: { status?: 'active' | 'ended' | undefined; page: number; size: number },
) {
  const [follows, lead, app] = await Promise.all([
    myFollows(ctx, userId, q),
    adminLead(ctx, userId),
    lastApplication(ctx, userId),
  ]);
  return { ...follows, lead, application: app ? await applicationById(ctx, app.id) : null };
}

/** Applications waiting for review, and the oldest's time (the operators' dashboard). */
export async function pendingApplications(ctx: CopyCtx): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await ctx.store.db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${copyLeadApplications.createdAt})` })
    .from(copyLeadApplications)
    .where(eq(copyLeadApplications.status, 'pending'));
  const oldest = row?.oldest ?? null;
  return { count: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}
