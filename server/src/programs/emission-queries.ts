/** What an emission paid: one user's payouts per day with their weight, and a program's sums. */
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '../store';
import { onPage } from '../store/paging';
import type { EmissionCtx } from './emission-context';

const { emissionDays, emissionShares, rewardPayouts } = schema;

/** My payouts of a program per day, newest first: the day, my weight, the total, the amount. */
export async function myDays(
  { store }: EmissionCtx,
  key: string,
  userId: number,
  page: { page: number; size: number },
) {
  const where = and(eq(rewardPayouts.userId, userId), eq(rewardPayouts.program, key));
  const [rows, [total], [sum]] = await Promise.all([
    onPage(
      store.db
        .select({
          id: rewardPayouts.id,
          period: rewardPayouts.period,
          amount: rewardPayouts.amount,
          status: rewardPayouts.status,
          weight: emissionShares.weight,
          total: emissionDays.total,
        })
        .from(rewardPayouts)
        .innerJoin(emissionShares, eq(emissionShares.id, rewardPayouts.positionId))
        .innerJoin(
          emissionDays,
          and(eq(emissionDays.program, emissionShares.program), eq(emissionDays.day, emissionShares.day)),
        )
        .where(where)
        .orderBy(sql`${rewardPayouts.id} desc`),
      page,
    ),
    store.db.select({ n: sql<number>`count(*)::int` }).from(rewardPayouts).where(where),
    store.db
      .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
      .from(rewardPayouts)
      .where(and(where, eq(rewardPayouts.status, 'paid'))),
  ]);
  return { rows, total: total?.n ?? 0, paid: BigInt(sum?.s ?? '0') };
}

/** What a program paid and queued in all, and its last settled day. */
export async function report({ store, rewards }: EmissionCtx, key: string) {
  const [sums] = await store.db
    .select({
      paid: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
      queued: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'queued'), 0)::text`,
    })
    .from(rewardPayouts)
    .where(eq(rewardPayouts.program, key));
  return {
    paid: BigInt(sums?.paid ?? '0'),
    queued: BigInt(sums?.queued ?? '0'),
    lastDay: await rewards.lastDone(key),
  };
}
