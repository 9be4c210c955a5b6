/** A user's income records: staking profit, burn release and the shared programs' payouts. */
import { formatAmount, INCOME_PROGRAMS } from '@nexa/contract';
import { and, count, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { EarnCtx } from './context';

/** The income kind of a program's key (`pledge`, `burn`, or the kind before the colon). */
function programKind(key: string): (typeof INCOME_PROGRAMS)[number] {
  const kind = key.split(':')[0];
  return INCOME_PROGRAMS.find((k) => k === kind) ?? 'pledge';
}

export async function income(
  ctx: EarnCtx,
  userId: number,
  q: { program?: (typeof INCOME_PROGRAMS)[number] | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const { rewardPayouts } = schema;
  // Shared programs are named `<kind>:<what>` (`mining:main`, `nft:pool:1`, `lp:BWC-USDT`).
  const shared = ['mining', 'nft', 'lp'] as const;
  const byProgram =
    q.program === 'pledge' || q.program === 'burn'
      ? eq(rewardPayouts.program, q.program)
      : q.program
        ? like(rewardPayouts.program, `${q.program}:%`)
        : or(
            inArray(rewardPayouts.program, ['pledge', 'burn']),
            ...shared.map((k) => like(rewardPayouts.program, `${k}:%`)),
          );
  const where = and(eq(rewardPayouts.userId, userId), byProgram);
  const [rows, [total], sums] = await Promise.all([
    onPage(store.db.select().from(rewardPayouts).where(where).orderBy(desc(rewardPayouts.id)), q),
    store.db.select({ n: count() }).from(rewardPayouts).where(where),
    store.db
      .select({
        asset: rewardPayouts.asset,
        s: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
      })
      .from(rewardPayouts)
      .where(where)
      .groupBy(rewardPayouts.asset)
      .orderBy(rewardPayouts.asset),
  ]);
  const scaleOf = (symbol: string) => ctx.assets.get(symbol).scale;
  const list = [];
  for (const r of rows) {
    list.push({
      id: r.id,
      program: programKind(r.program),
      order_id: r.positionId,
      asset: r.asset,
      amount: formatAmount(r.amount, scaleOf(r.asset)),
      status: r.status,
      day: (await ctx.days.dayStart(r.period)).toISOString(),
      created_at: r.createdAt.toISOString(),
    });
  }
  return {
    ...pageAnswer(list, total),
    totals: sums.map((t) => ({ asset: t.asset, paid: formatAmount(BigInt(t.s), scaleOf(t.asset)) })),
  };
}
