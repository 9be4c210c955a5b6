/** A user's NEU income (the line's two programs' payouts), team and machines. */
import { formatAmount, type RequestOutput } from '@nexa/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { NEU_PROGRAMS, type NeuCtx, neuAsset } from './context';

/** My NEU income: the line's two programs' payouts. */
export async function incomeLog(ctx: NeuCtx, userId: number, q: RequestOutput<'/api/neu/incomeLog'>) {
  const { store, assets, days } = ctx;
  const { rewardPayouts } = schema;
  const programs = q.program ? [`${q.program}:neu`] : [...NEU_PROGRAMS];
  const where = and(eq(rewardPayouts.userId, userId), inArray(rewardPayouts.program, programs));
  const [rows, [total], [sum]] = await Promise.all([
    onPage(store.db.select().from(rewardPayouts).where(where).orderBy(desc(rewardPayouts.id)), q),
    store.db.select({ n: count() }).from(rewardPayouts).where(where),
    store.db
      .select({
        s: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
      })
      .from(rewardPayouts)
      .where(where),
  ]);
  const list = [];
  for (const r of rows) {
    list.push({
      id: r.id,
      program: r.program.startsWith('pledge') ? ('pledge' as const) : ('mining' as const),
      order_id: r.positionId,
      asset: r.asset,
      amount: formatAmount(r.amount, assets.get(r.asset).scale),
      status: r.status,
      day: (await days.dayStart(r.period)).toISOString(),
      created_at: r.createdAt.toISOString(),
    });
  }
  return { ...pageAnswer(list, total), total_paid: formatAmount(BigInt(sum?.s ?? '0'), neuAsset(ctx).scale) };
}

export async function teamList(ctx: NeuCtx, userId: number, q: RequestOutput<'/api/neu/teamList'>) {
  const [members, s] = await Promise.all([ctx.team.list(userId, q), ctx.team.summary(userId)]);
  return {
    ...members,
    headcount: s.headcount,
    direct: s.direct,
    level: s.level,
    team_performance: s.team_performance,
  };
}

export async function machineList(ctx: NeuCtx, userId: number, q: RequestOutput<'/api/neu/machineList'>) {
  const { machines } = ctx;
  const [catalogue, mine, power, quota] = await Promise.all([
    machines.catalogue(q),
    machines.orders(userId, { page: 1, size: 50 }),
    machines.power(userId),
    machines.quotaPerPay(),
  ]);
  return { ...catalogue, quota_per_pay: quota, mine: mine.list, power: power.personal };
}
