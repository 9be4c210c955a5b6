/** The node-performance leaderboard of a staking line, by day, week or month. */
import { formatAmount } from '@nexa/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { DAY_MS as DAY } from '../../programs/days';
import { queryRows, schema } from '../../store';
import { onPage, pageAnswer, pageWindow } from '../../store/paging';
import type { EarnCtx } from './context';
import { type StakingLine, terms } from './lines';
import { nodePerformance } from './tables';

/** First and end (exclusive) platform day of the period holding today: the day, the week (Monday on), the month. */
async function periodDays(ctx: EarnCtx, period: 'day' | 'week' | 'month'): Promise<[number, number]> {
  const today = await ctx.days.dayOf(ctx.clock.now());
  if (period === 'day') return [today, today + 1];
  if (period === 'week') {
    // Day 0 (1970-01-01) was a Thursday: Monday is where (day + 3) % 7 is 0.
    const monday = today - ((today + 3) % 7);
    return [monday, monday + 7];
  }
  const d = new Date(today * DAY);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY;
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY;
  return [first, next];
}

const maskAddress = (a: string) => (a.length > 10 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** The node-performance leaderboard of a line and period, with my place. */
export async function ranking(
  ctx: EarnCtx,
  userId: number,
  q: { period: 'day' | 'week' | 'month'; page: number; size: number },
  line: StakingLine = 'main',
) {
  const { store } = ctx;
  const { dayStart } = ctx.days;
  const [from, until] = await periodDays(ctx, q.period);
  const { users } = schema;
  const inPeriod = and(
    eq(nodePerformance.line, line),
    gte(nodePerformance.day, from),
    lt(nodePerformance.day, until),
  );
  const sum = sql<string>`sum(${nodePerformance.amount})`;
  const [rows, [total], [mine]] = await Promise.all([
    onPage(
      store.db
        .select({
          userId: nodePerformance.userId,
          s: sql<string>`${sum}::text`,
          uid: users.uid,
          address: users.address,
        })
        .from(nodePerformance)
        .innerJoin(users, eq(users.id, nodePerformance.userId))
        .where(inPeriod)
        .groupBy(nodePerformance.userId, users.uid, users.address)
        .orderBy(desc(sum), nodePerformance.userId),
      q,
    ),
    store.db
      .select({ n: sql<number>`count(distinct ${nodePerformance.userId})::int` })
      .from(nodePerformance)
      .where(inPeriod),
    store.db
      .select({ s: sql<string>`coalesce(sum(${nodePerformance.amount}), 0)::text` })
      .from(nodePerformance)
      .where(and(inPeriod, eq(nodePerformance.userId, userId))),
  ]);
  const my = BigInt(mine?.s ?? '0');
  let rank: number | null = null;
  if (my > 0n) {
    const [ahead] = await queryRows<{ n: number }>(
      store.db,
      sql`select count(*)::int as n from (
          select user_id, sum(amount) as s from node_performance
          where line = ${line} and day >= ${from} and day < ${until}
          group by user_id) x where x.s > ${my}::numeric or (x.s = ${my}::numeric and x.user_id < ${userId})`,
    );
    rank = (ahead?.n ?? 0) + 1;
  }
  const { symbol, scale } = await terms(ctx, line);
  return {
    ...pageAnswer(
      rows.map((r, i) => ({
        rank: pageWindow(q).offset + i + 1,
        uid: r.uid,
        address: maskAddress(r.address),
        performance: formatAmount(BigInt(r.s), scale),
      })),
      total,
    ),
    asset: symbol,
    period_start: (await dayStart(from)).toISOString(),
    period_end: (await dayStart(until)).toISOString(),
    first_day: new Date(from * DAY).toISOString().slice(0, 10),
    last_day: new Date((until - 1) * DAY).toISOString().slice(0, 10),
    mine: { rank, performance: formatAmount(my, scale) },
  };
}
