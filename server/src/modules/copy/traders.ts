/** The lead traders as users see them: the list with its figures, one trader's page, their closed positions. */
import { RATE_ONE } from '@nexa/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { pageAnswer, slicePage } from '../../store/paging';
import type { CopyCtx, Tier, TraderView } from './context';
import { isDemoLead, leadName } from './demo-leads';
import { pastDailyPnl } from './demo-past';
import { followView } from './follow';
import { DAY, parseUsdt, pct, usdt } from './math';
import { copyDemoPast, copyFollows, copyLeads, copyTrades } from './tables';
import { tierOf } from './tiers';

/** A demo lead's daily PnL with its simulated past's days added in (the past's days come first). */
async function withPast(ctx: CopyCtx, leadId: number, now: Date, live: { day: string; pnl: bigint }[]) {
  const past = await pastDailyPnl(ctx.store, leadId, new Date(now.getTime() - 90 * DAY));
  if (past.length === 0) return live;
  const byDay = new Map<string, bigint>();
  for (const d of [...past, ...live]) byDay.set(d.day, (byDay.get(d.day) ?? 0n) + d.pnl);
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, pnl]) => ({ day, pnl }));
}

export async function leadFigures(ctx: CopyCtx, leadId: number, now = ctx.clock.now()) {
  const { store } = ctx;
  const f = ctx.futures();
  const daily = await withPast(
    ctx,
    leadId,
    now,
    await f.dailyPnl(leadId, new Date(now.getTime() - 90 * DAY)),
  );
  const since14 = new Date(now.getTime() - 14 * DAY).toISOString().slice(0, 10);
  const since30 = new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10);
  const pnl14 = daily.filter((d) => d.day > since14).reduce((s, d) => s + d.pnl, 0n);
  const profitDays = daily.filter((d) => d.day > since30 && d.pnl > 0n).length;
  const equity = parseUsdt((await f.account(leadId)).equity);
  const [agg] = await store.db
    .select({
      n: sql<number>`count(*) filter (where ${copyFollows.status} = 'active')::int`,
      aum: sql<string>`coalesce(sum(${copyFollows.budget}) filter (where ${copyFollows.status} = 'active'), 0)::text`,
      profit: sql<string>`coalesce(sum(${copyFollows.realized}), 0)::text`,
    })
    .from(copyFollows)
    .where(eq(copyFollows.leadId, leadId));
  const [slip] = await store.db
    .select({
      avg: sql<string | null>`avg(${copyTrades.slippage})::bigint::text`,
      n: sql<number>`count(${copyTrades.slippage})::int`,
    })
    .from(copyTrades)
    .where(and(eq(copyTrades.leadId, leadId), sql`${copyTrades.slippage} is not null`));
  return {
    daily,
    pnl14,
    profitDays,
    equity,
    followers: agg?.n ?? 0,
    aum: BigInt(agg?.aum ?? '0'),
    followerProfit: BigInt(agg?.profit ?? '0'),
    slippage: slip?.avg ? BigInt(slip.avg) : 0n,
    copiedTrades: slip?.n ?? 0,
  };
}

export async function traderView(
  ctx: CopyCtx,
  leadId: number,
  figures?: Awaited<ReturnType<typeof leadFigures>>,
): Promise<TraderView> {
  const { store, clock } = ctx;
  const lead = ctx.leads.get(leadId);
  if (!lead) throw new DomainError('TraderNotFound');
  const [u] = await store.db
    .select({ uid: schema.users.uid, address: schema.users.address })
    .from(schema.users)
    .where(eq(schema.users.id, leadId));
  const [row] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, leadId));
  const fig = figures ?? (await leadFigures(ctx, leadId));
  const t = await tierOf(ctx, lead.tier);
  return {
    id: leadId,
    name: leadName(u?.uid, u?.address, leadId),
    demo: isDemoLead(u?.address),
    tier: lead.tier,
    rate14: pct(fig.pnl14, fig.equity - fig.pnl14),
    follower_profit: usdt(fig.followerProfit),
    capital: usdt(fig.equity < 0n ? 0n : fig.equity),
    profit_days: fig.profitDays,
    copy_count: fig.followers,
    max_followers: t.maxFollowers,
    profit_share: t.shareText,
    aum: usdt(fig.aum),
    avg_slippage: pct(fig.slippage, RATE_ONE),
    since: (row?.createdAt ?? clock.now()).toISOString(),
  };
}

const SORT_KEY: Record<string, (t: TraderView) => number> = {
  rate14: (t) => Number(t.rate14),
  follower_profit: (t) => Number(t.follower_profit),
  capital: (t) => Number(t.capital),
  profit_days: (t) => t.profit_days,
  copy_count: (t) => t.copy_count,
};

export async function traders(
  ctx: CopyCtx,
  q: { sort: string; tier?: Tier | undefined; page: number; size: number },
) {
  const now = ctx.clock.now().getTime();
  let cached = ctx.state.figures;
  if (!cached || now - cached.at > 5000) {
    const list: TraderView[] = [];
    // A suspended lead is not listed (their page stays for those who copy them).
    for (const [id, l] of ctx.leads) if (!l.suspended) list.push(await traderView(ctx, id));
    cached = { at: now, list };
    ctx.state.figures = cached;
  }
  const key = SORT_KEY[q.sort] ?? SORT_KEY.rate14;
  const sorted = cached.list
    .filter((t) => !q.tier || t.tier === q.tier)
    .sort((a, b) => (key ? key(b) - key(a) : 0) || a.id - b.id);
  return pageAnswer(slicePage(sorted, q), sorted.length);
}

export async function trader(ctx: CopyCtx, meId: number, q: { id: number; days: 7 | 30 | 90 }) {
  const { store, clock, settings } = ctx;
  if (!ctx.leads.has(q.id)) throw new DomainError('TraderNotFound');
  const lead = ctx.leads.get(q.id);
  const now = clock.now();
  // The figures are read once, for the trader's card and for the chart.
  const fig = await leadFigures(ctx, q.id, now);
  const view = await traderView(ctx, q.id, fig);
  const byDay = new Map(fig.daily.map((d) => [d.day, d.pnl]));
  const pnl: { day: string; pnl: string; cumulative: string }[] = [];
  let cum = 0n;
  for (let i = q.days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * DAY).toISOString().slice(0, 10);
    const v = byDay.get(day) ?? 0n;
    cum += v;
    pnl.push({ day, pnl: usdt(v), cumulative: usdt(cum) });
  }
  const delay = Math.max(lead?.delayMin ?? 0, await settings.get('copy.min_delay_min'));
  const cutoff = now.getTime() - delay * 60_000;
  const positions =
    meId === q.id
      ? ctx.futures().positions(q.id)
      : ctx
          .futures()
          .positions(q.id)
          .filter((p) => Date.parse(p.created_at) <= cutoff);
  const [mine] = await store.db
    .select()
    .from(copyFollows)
    .where(
      and(eq(copyFollows.followerId, meId), eq(copyFollows.leadId, q.id), eq(copyFollows.status, 'active')),
    );
  return {
    ...view,
    pnl,
    delay_min: delay,
    positions,
    my_follow: mine ? await followView(ctx, mine) : null,
    copied_trades: fig.copiedTrades,
  };
}

/** A lead's closed positions, newest first: the live ones, then (a demo lead's) its simulated past. */
export async function traderHistory(ctx: CopyCtx, id: number, page: { page: number; size: number }) {
  if (!ctx.leads.has(id)) throw new DomainError('TraderNotFound');
  const live = await ctx.futures().positionHistory(id, undefined, page);
  const list = live.list.map((p) => ({ ...p, simulated_past: false }));
  const [n] = await ctx.store.db.select({ n: count() }).from(copyDemoPast).where(eq(copyDemoPast.leadId, id));
  const pastTotal = n?.n ?? 0;
  const want = page.size - list.length;
  if (pastTotal > 0 && want > 0) {
    // The past follows the live positions: this page's share of it starts where the live ones ended.
    const offset = Math.max(0, (page.page - 1) * page.size - live.total);
    const rows = await ctx.store.db
      .select()
      .from(copyDemoPast)
      .where(eq(copyDemoPast.leadId, id))
      .orderBy(desc(copyDemoPast.closedAt), desc(copyDemoPast.id))
      .limit(want)
      .offset(offset);
    for (const r of rows) list.push(pastView(r));
  }
  return { list, total: live.total + pastTotal };
}

/** A position of the simulated past as a closed position reads (no funding, no compensation). */
function pastView(r: typeof copyDemoPast.$inferSelect) {
  const net = r.realized - r.fee;
  return {
    id: -r.id,
    instId: r.instId,
    pos_side: r.side,
    lever: r.lever,
    max_pos: r.contracts.toString(),
    open_avg_px: usdt(r.openPrice),
    close_avg_px: usdt(r.closePrice),
    realized_pnl: signed(r.realized),
    fee: usdt(r.fee),
    funding_fee: '0',
    compensation: '0',
    net_pnl: signed(net),
    close_type: 'close' as const,
    opened_at: r.openedAt.toISOString(),
    closed_at: r.closedAt.toISOString(),
    simulated_past: true,
  };
}

const signed = (v: bigint) => (v < 0n ? `-${usdt(-v)}` : usdt(v));
