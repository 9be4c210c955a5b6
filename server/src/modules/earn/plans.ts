/** The staking plans as operators see and set them (days, yearly rate, status). */
import { formatAmount } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { EarnCtx } from './context';
import { allPlans, asset } from './lines';
import { dailyRateText } from './math';
import { pledgeOrders } from './tables';

export async function adminPlans(ctx: EarnCtx) {
  const { scale } = await asset(ctx);
  const sums = await ctx.store.db
    .select({
      days: pledgeOrders.days,
      n: sql<number>`count(*)::int`,
      staked: sql<string>`sum(${pledgeOrders.amount})::text`,
    })
    .from(pledgeOrders)
    .where(eq(pledgeOrders.status, 'in_progress'))
    .groupBy(pledgeOrders.days);
  return {
    list: (await allPlans(ctx)).map((p) => {
      const s = sums.find((x) => x.days === p.days);
      return {
        days: p.days,
        apr: p.aprText,
        status: p.status,
        orders: s?.n ?? 0,
        staked: formatAmount(BigInt(s?.staked ?? '0'), scale),
      };
    }),
  };
}

/** An operator adds, changes, pauses or closes a plan; orders keep the rate they were made at. */
export async function savePlan(
  ctx: EarnCtx,
  operatorId: number,
  body: { days: number; apr: string; status: 'active' | 'paused' | 'closed' },
) {
  const { settings } = ctx;
  const before = await settings.get('earn.pledge_plans');
  const others = before.filter((p) => p.days !== body.days);
  const after =
    body.status === 'closed'
      ? others
      : [...others, { days: body.days, apr: body.apr, status: body.status }].sort((a, b) => a.days - b.days);
  await settings.set('earn.pledge_plans', after);
  await auditOperator(ctx.store.db, ctx.clock.now(), {
    operatorId,
    action: `earn.plan.${body.status}`,
    subject: `plan:${body.days}`,
    before,
    after,
  });
  return {
    list: (await allPlans(ctx)).map((p) => ({
      days: p.days,
      apr: p.aprText,
      daily_rate: dailyRateText(p.apr),
      status: p.status,
    })),
  };
}
