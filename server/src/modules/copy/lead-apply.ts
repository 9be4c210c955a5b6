/**
 * Leading: a user's standing as a lead (criteria, tier, figures, their application) and becoming one, at once
 * or (with `copy.lead_review` on) by an application an operator reviews.
 */
import { errorMessage, type Lang } from '@nexa/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { ApplicationRow, CopyCtx, LeadStatusView } from './context';
import { parseUsdt, usdt } from './math';
import { copyFollows, copyLeadApplications, copyLeads, copySettlements } from './tables';
import { tierTable } from './tiers';

/** The latest application of a user, if any. */
export async function lastApplication(ctx: CopyCtx, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await ctx.store.db
    .select()
    .from(copyLeadApplications)
    .where(eq(copyLeadApplications.userId, userId))
    .orderBy(desc(copyLeadApplications.id))
    .limit(1);
  return row;
}

export async function leadStatus(ctx: CopyCtx, userId: number, lang: Lang = 'en'): Promise<LeadStatusView> {
  const { store, settings } = ctx;
  const f = ctx.futures();
  const minClosed = await settings.get('copy.lead_min_closed');
  const minEquity = parseUsdt(await settings.get('copy.lead_min_equity'));
  const closed = await f.closedCount(userId);
  const equity = parseUsdt((await f.account(userId)).equity);
  const lead = ctx.leads.get(userId);
  const table = await tierTable(ctx);
  const t = table.find((x) => x.tier === (lead?.tier ?? 'junior')) ?? table[0];
  const [agg] = await store.db
    .select({ n: count() })
    .from(copyFollows)
    .where(and(eq(copyFollows.leadId, userId), eq(copyFollows.status, 'active')));
  const [earned] = await store.db
    .select({ s: sql<string>`coalesce(sum(${copySettlements.amount}), 0)::text` })
    .from(copySettlements)
    .where(eq(copySettlements.leadId, userId));
  const [following] = await store.db
    .select({ id: copyFollows.id })
    .from(copyFollows)
    .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
  const app = lead ? undefined : await lastApplication(ctx, userId);
  const shown = app && app.status !== 'approved' ? app : undefined;
  return {
    is_lead: !!lead,
    application: shown
      ? {
          id: shown.id,
          status: shown.status === 'pending' ? 'pending' : 'rejected',
          reason: shown.reason,
          message:
            shown.status === 'pending'
              ? errorMessage('LeadApplicationPending', lang)
              : errorMessage('LeadApplicationRejected', lang, { reason: shown.reason ?? '' }),
          created_at: shown.createdAt.toISOString(),
          reviewed_at: shown.reviewedAt?.toISOString() ?? null,
        }
      : null,
    suspended: lead?.suspended
      ? {
          at: lead.suspended.at.toISOString(),
          reason: lead.suspended.reason,
          message: errorMessage('LeadSuspended', lang, { reason: lead.suspended.reason }),
        }
      : null,
    id: lead ? userId : null,
    tier: lead?.tier ?? null,
    criteria: { min_closed_positions: minClosed, min_equity: usdt(minEquity) },
    progress: { closed_positions: closed, equity: usdt(equity < 0n ? 0n : equity) },
    can_apply:
      !lead && !following && shown?.status !== 'pending' && closed >= minClosed && equity >= minEquity,
    copying: !!following,
    copy_count: agg?.n ?? 0,
    max_followers: t?.maxFollowers ?? 0,
    profit_share: t?.shareText ?? '0',
    delay_min: lead?.delayMin ?? 0,
    earned: usdt(BigInt(earned?.s ?? '0')),
    tiers: table.map((x) => ({
      tier: x.tier,
      min_followers: x.minFollowers,
      min_aum: usdt(x.minAum),
      profit_share: x.shareText,
      max_followers: x.maxFollowers,
    })),
  };
}

/**
 * Become a lead: at once, or (with `copy.lead_review` on) by a pending application an operator approves or
 * rejects. A rejected user may apply again.
 */
export async function applyLead(
  ctx: CopyCtx,
  userId: number,
  body: { delay_min?: number | undefined },
  lang: Lang = 'en',
): Promise<LeadStatusView> {
  const { store, clock, settings } = ctx;
  const lead = ctx.leads.get(userId);
  if (lead) {
    if (body.delay_min !== undefined) {
      await store.db.update(copyLeads).set({ delayMin: body.delay_min }).where(eq(copyLeads.userId, userId));
      lead.delayMin = body.delay_min;
    }
    return leadStatus(ctx, userId, lang);
  }
  const status = await leadStatus(ctx, userId, lang);
  const [following] = await store.db
    .select({ id: copyFollows.id })
    .from(copyFollows)
    .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
  if (following) throw new DomainError('CopyRoleConflict');
  if (status.application?.status === 'pending') throw new DomainError('LeadApplicationPending');
  if (!status.can_apply) throw new DomainError('LeadCriteriaNotMet');
  if (await settings.get('copy.lead_review')) {
    const inserted = await store.db
      .insert(copyLeadApplications)
      .values({
        userId,
        status: 'pending',
        delayMin: body.delay_min ?? 0,
        closedPositions: status.progress.closed_positions,
        equity: parseUsdt(status.progress.equity),
        createdAt: clock.now(),
      })
      // A second request racing the first finds its application pending.
      .onConflictDoNothing()
      .returning({ id: copyLeadApplications.id });
    if (inserted.length === 0) throw new DomainError('LeadApplicationPending');
    return leadStatus(ctx, userId, lang);
  }
  await makeLead(ctx, userId, body.delay_min ?? 0);
  return leadStatus(ctx, userId, lang);
}

export async function makeLead(ctx: CopyCtx, userId: number, delayMin: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.store.db
    .insert(copyLeads)
    .values({ userId, tier: 'junior', delayMin, tierDay: now.toISOString().slice(0, 10), createdAt: now })
    .onConflictDoNothing();
  ctx.leads.set(userId, { tier: 'junior', delayMin, suspended: null });
  ctx.state.figures = null;
}
