/**
 * Vesting: one program of the rewards engine per token sold, paying each subscription's part due on the period's
 * day from the vesting pool; the sweep that releases what is due, and what the solvency report shows.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProgramReport, RewardProgram } from '../../programs/rewards';
import { schema } from '../../store';
import { PLACEMENT_SYSTEM, type PlacementCtx, type SubRow } from './context';
import { PART_DAYS, partOf } from './math';
import { placementSubscriptions } from './tables';

/** One program per token sold: each subscription's part due on the period's day. */
export function vestingProgram(ctx: PlacementCtx, asset: string): RewardProgram<SubRow> {
  const { programs } = ctx;
  let p = programs.get(asset);
  if (p) return p;
  p = {
    key: `placement:${asset}`,
    pool: PLACEMENT_SYSTEM.vesting,
    asset,
    cause: 'placement.release',
    due: (tx, period, after, limit) =>
      tx
        .select()
        .from(placementSubscriptions)
        .where(
          and(
            eq(placementSubscriptions.asset, asset),
            eq(placementSubscriptions.status, 'vesting'),
            sql`${placementSubscriptions.firstDay} + ${PART_DAYS} * ${placementSubscriptions.partsReleased} = ${period}`,
            sql`${placementSubscriptions.id} > ${after}`,
          ),
        )
        .orderBy(asc(placementSubscriptions.id))
        .limit(limit)
        .for('update'),
    id: (s) => s.id,
    userId: (s) => s.userId,
    amount: (s) => partOf(s.amount, s.parts, s.partsReleased + 1),
    earned: async (tx, s, _period, amount) => {
      const done = s.partsReleased + 1 >= s.parts;
      await tx
        .update(placementSubscriptions)
        .set({
          released: sql`${placementSubscriptions.released} + ${amount}`,
          partsReleased: sql`${placementSubscriptions.partsReleased} + 1`,
          ...(done ? { status: 'complete' as const } : {}),
        })
        .where(eq(placementSubscriptions.id, s.id));
    },
  };
  programs.set(asset, p);
  return p;
}

/** Releases every part due up to yesterday, each once (the vesting pool holds every sold token). */
export async function settleDue(ctx: PlacementCtx): Promise<void> {
  const { store, days, rewards } = ctx;
  const today = await days.today();
  const open = await store.db
    .select({
      asset: placementSubscriptions.asset,
      first: sql<number>`min(${placementSubscriptions.firstDay} + ${PART_DAYS} * ${placementSubscriptions.partsReleased})::int`,
    })
    .from(placementSubscriptions)
    .where(eq(placementSubscriptions.status, 'vesting'))
    .groupBy(placementSubscriptions.asset);
  for (const { asset, first } of open) {
    // A part is released on the first sweep of its day (the period is that day, not one that ended).
    await rewards.settleRange(vestingProgram(ctx, asset), first, today + 1);
  }
}

/** Vesting per token as the solvency report shows it: the pool holds every part still locked. */
export async function programReports(ctx: PlacementCtx): Promise<ProgramReport[]> {
  const { store, ledger, rewards } = ctx;
  const { rewardPayouts } = schema;
  const rows = await store.db
    .select({
      asset: placementSubscriptions.asset,
      locked: sql<string>`sum(${placementSubscriptions.amount} - ${placementSubscriptions.released})::text`,
      released: sql<string>`sum(${placementSubscriptions.released})::text`,
    })
    .from(placementSubscriptions)
    .groupBy(placementSubscriptions.asset);
  const list: ProgramReport[] = [];
  for (const r of rows) {
    const key = vestingProgram(ctx, r.asset).key;
    const [queued] = await store.db
      .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
      .from(rewardPayouts)
      .where(and(eq(rewardPayouts.program, key), eq(rewardPayouts.status, 'queued')));
    const poolBalance = await store.db.transaction(async (tx) => {
      const acc = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.vesting, r.asset);
      return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
    });
    list.push({
      program: key,
      pool: PLACEMENT_SYSTEM.vesting,
      asset: r.asset,
      poolBalance,
      paid: BigInt(r.released),
      owed: BigInt(r.locked) + BigInt(queued?.s ?? '0'),
      lastDay: await rewards.lastDone(key),
    });
  }
  return list;
}
