/** Lead tiers: the table operators set, and each lead's tier recomputed once a UTC day. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CopyCtx, Tier } from './context';
import { parseRatio, parseUsdt, TIERS } from './math';
import { copyFollows, copyLeads } from './tables';

export async function tierTable(ctx: CopyCtx) {
  const t = await ctx.settings.get('copy.tiers');
  return TIERS.map((tier) => ({
    tier,
    minFollowers: t[tier].min_followers,
    minAum: parseUsdt(t[tier].min_aum),
    share: parseRatio(t[tier].profit_share) ?? 0n,
    shareText: t[tier].profit_share,
    maxFollowers: t[tier].max_followers,
  }));
}

export async function tierOf(ctx: CopyCtx, tier: Tier) {
  const table = await tierTable(ctx);
  const found = table.find((t) => t.tier === tier);
  if (!found) throw new Error(`tier ${tier} missing`);
  return found;
}

export async function tierFor(ctx: CopyCtx, leadId: number): Promise<Tier> {
  const fig = await ctx.store.db
    .select({
      n: sql<number>`count(*)::int`,
      aum: sql<string>`coalesce(sum(${copyFollows.budget}), 0)::text`,
    })
    .from(copyFollows)
    .where(and(eq(copyFollows.leadId, leadId), eq(copyFollows.status, 'active')));
  const n = fig[0]?.n ?? 0;
  const aum = BigInt(fig[0]?.aum ?? '0');
  let tier: Tier = 'junior';
  for (const t of await tierTable(ctx)) if (n >= t.minFollowers && aum >= t.minAum) tier = t.tier;
  return tier;
}

/** Recomputes every lead's tier once a UTC day. */
export async function recomputeTiers(ctx: CopyCtx): Promise<void> {
  const { store, clock, leads } = ctx;
  const day = clock.now().toISOString().slice(0, 10);
  const rows = await store.db.select().from(copyLeads).where(ne(copyLeads.tierDay, day));
  for (const r of rows) {
    const tier = await tierFor(ctx, r.userId);
    await store.db.update(copyLeads).set({ tier, tierDay: day }).where(eq(copyLeads.userId, r.userId));
    const l = leads.get(r.userId);
    if (l) l.tier = tier;
  }
  if (rows.length > 0) ctx.state.figures = null;
}
