/** A user's staking orders on a line: one order, the paged list with its sums, an order as the user sees it. */
import { formatAmount } from '@nexa/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { EarnCtx, PledgeRow, PledgeView } from './context';
import { lineOf, type StakingLine, terms } from './lines';
import { dailyRateText, rate8, redeemValue } from './math';
import { pledgeOrders } from './tables';

export async function pledgeView(ctx: EarnCtx, o: PledgeRow): Promise<PledgeView> {
  const { scale, flexible } = await lineOf(ctx, o.asset);
  const fmt = (v: bigint) => formatAmount(v, scale);
  return {
    id: o.id,
    asset: o.asset,
    amount: fmt(o.amount),
    days: o.days,
    apr: rate8(o.apr),
    daily_rate: dailyRateText(o.apr),
    accumulated: fmt(o.accumulated),
    max_profit: fmt(o.maxProfit),
    received: fmt(o.received),
    remaining: fmt(o.maxProfit - o.received),
    days_paid: o.daysPaid,
    auto_renew: o.autoRenew,
    status: o.status,
    redeem_value: fmt(o.status === 'in_progress' ? redeemValue(o, flexible).back : 0n),
    start_at: o.startAt.toISOString(),
    end_at: o.endAt.toISOString(),
    closed_at: o.closedAt?.toISOString() ?? null,
    renewed_to: o.renewedTo,
  };
}

/** One of the user's orders on a line (another line's order, or another user's, is not found). */
export async function mine(
  ctx: EarnCtx,
  userId: number,
  id: number,
  line: StakingLine = 'main',
): Promise<PledgeRow> {
  const { symbol } = await terms(ctx, line);
  const [o] = await ctx.store.db
    .select()
    .from(pledgeOrders)
    .where(and(eq(pledgeOrders.id, id), eq(pledgeOrders.userId, userId), eq(pledgeOrders.asset, symbol)));
  if (!o) throw new DomainError('EarnOrderNotFound');
  return o;
}

export async function pledgeOrder(ctx: EarnCtx, userId: number, id: number, line: StakingLine = 'main') {
  return pledgeView(ctx, await mine(ctx, userId, id, line));
}

export async function pledgeList(
  ctx: EarnCtx,
  userId: number,
  q: { status?: PledgeRow['status'] | undefined; page: number; size: number },
  line: StakingLine = 'main',
) {
  const { store } = ctx;
  const { symbol, scale } = await terms(ctx, line);
  const mineOnLine = and(eq(pledgeOrders.userId, userId), eq(pledgeOrders.asset, symbol));
  const where = and(mineOnLine, q.status ? eq(pledgeOrders.status, q.status) : undefined);
  const [rows, [total], [sums]] = await Promise.all([
    onPage(store.db.select().from(pledgeOrders).where(where).orderBy(desc(pledgeOrders.id)), q),
    store.db.select({ n: count() }).from(pledgeOrders).where(where),
    store.db
      .select({
        staked: sql<string>`coalesce(sum(${pledgeOrders.amount}) filter (where ${pledgeOrders.status} = 'in_progress'), 0)::text`,
        accumulated: sql<string>`coalesce(sum(${pledgeOrders.accumulated}), 0)::text`,
        received: sql<string>`coalesce(sum(${pledgeOrders.received}), 0)::text`,
      })
      .from(pledgeOrders)
      .where(mineOnLine),
  ]);
  const list: PledgeView[] = [];
  for (const r of rows) list.push(await pledgeView(ctx, r));
  return {
    ...pageAnswer(list, total),
    staked: formatAmount(BigInt(sums?.staked ?? '0'), scale),
    accumulated: formatAmount(BigInt(sums?.accumulated ?? '0'), scale),
    received: formatAmount(BigInt(sums?.received ?? '0'), scale),
  };
}
