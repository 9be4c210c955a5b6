/**
 * Shared emission: a daily budget shared by weight (mining output by hash power, an NFT pool's budget by the
 * NFTs staked in it, liquidity rewards by the value provided), one mechanism for all of them on the rewards
 * engine.
 *
 * Settling a day first fixes its shares, once: one statement writes each user's weight for the day
 * (`emission_shares`) and the day's budget and total weight (`emission_days`, unique per program and day), so
 * a run resumed after a crash, or a second instance, pays from the same figures. Then the engine pays each
 * share ⌊budget × weight ÷ total⌋ from the program's pool; what rounding leaves stays in the pool.
 */
import type { Cause } from '@nexa/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import { type Store, schema, type Tx } from '../store';
import { onPage } from '../store/paging';
import type { createRewards, RewardProgram } from './rewards';

const { emissionDays, emissionShares } = schema;

/** A share of the budget: budget × weight ÷ total, rounded down (nothing when no one holds weight). */
export function shareOf(budget: bigint, weight: bigint, total: bigint): bigint {
  return total > 0n ? (budget * weight) / total : 0n;
}

/** One user's weight on a day, with the day's figures: what the engine pays. */
export interface Share {
  readonly id: number;
  readonly userId: number;
  readonly weight: bigint;
  readonly emission: bigint;
  readonly total: bigint;
}

export interface SharedEmission {
  readonly key: string;
  readonly asset: string;
  /** The funded system account it pays from. */
  readonly pool: string;
  readonly cause: Cause;
  /** The budget of a day, minor units of `asset`. */
  emission(day: number): Promise<bigint>;
  /** A query giving `user_id` and `weight` (minor units of whatever weighs) of every holder on `day`. */
  weights(day: number): SQL;
  /** What the users' payouts mean for their positions, in the batch's transaction (e.g. each order's part). */
  earned?(
    tx: Tx,
    rows: readonly { userId: number; amount: bigint; weight: bigint }[],
    day: number,
  ): Promise<void>;
  /** The first day that may hold weight (null: none yet), to settle from when nothing was settled before. */
  firstDay(): Promise<number | null>;
}

export function createSharedEmission(deps: {
  store: Store;
  clock: Clock;
  rewards: ReturnType<typeof createRewards>;
}) {
  const { store, clock, rewards } = deps;
  const programs = new Map<string, RewardProgram<Share>>();

  function programOf(e: SharedEmission): RewardProgram<Share> {
    const known = programs.get(e.key);
    if (known && known.asset === e.asset) return known;
    const p: RewardProgram<Share> = {
      key: e.key,
      pool: e.pool,
      asset: e.asset,
      cause: e.cause,
      due: (tx, period, after, limit) =>
        tx
          .select({
            id: emissionShares.id,
            userId: emissionShares.userId,
            weight: emissionShares.weight,
            emission: emissionDays.emission,
            total: emissionDays.total,
          })
          .from(emissionShares)
          .innerJoin(
            emissionDays,
            and(eq(emissionDays.program, emissionShares.program), eq(emissionDays.day, emissionShares.day)),
          )
          .where(
            and(
              eq(emissionShares.program, e.key),
              eq(emissionShares.day, period),
              sql`${emissionShares.id} > ${after}`,
            ),
          )
          .orderBy(asc(emissionShares.id))
          .limit(limit),
      id: (s) => s.id,
      userId: (s) => s.userId,
      amount: (s) => shareOf(s.emission, s.weight, s.total),
      earned: async () => {},
      earnedMany: async (tx, rows, period) => {
        if (e.earned && rows.length > 0)
          await e.earned(
            tx,
            rows.map((r) => ({ userId: r.p.userId, amount: r.amount, weight: r.p.weight })),
            period,
          );
      },
    };
    programs.set(e.key, p);
    return p;
  }

  /** Fixes a day's shares and figures, once. */
  async function takeShares(e: SharedEmission, day: number): Promise<void> {
    const seen = async () =>
      (
        await store.db
          .select({ day: emissionDays.day })
          .from(emissionDays)
          .where(and(eq(emissionDays.program, e.key), eq(emissionDays.day, day)))
      ).length > 0;
    if (await seen()) return;
    const emission = await e.emission(day);
    try {
      await store.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into emission_shares (program, day, user_id, weight)
          select ${e.key}, ${day}, w.user_id, w.weight from (${e.weights(day)}) as w
          where w.weight > 0 order by w.user_id`);
        const [sum] = await tx
          .select({ n: sql<string>`coalesce(sum(${emissionShares.weight}), 0)::text` })
          .from(emissionShares)
          .where(and(eq(emissionShares.program, e.key), eq(emissionShares.day, day)));
        await tx.insert(emissionDays).values({
          program: e.key,
          day,
          asset: e.asset,
          emission,
          total: BigInt(sum?.n ?? '0'),
          createdAt: clock.now(),
        });
      });
    } catch (err) {
      // A second instance fixed the same day first: its shares stand.
      if (!(await seen())) throw err;
    }
  }

  /** Settles every ended day not settled yet (its shares fixed first), then pays what waited in the queue. */
  async function settleDue(e: SharedEmission, today: number): Promise<void> {
    const program = programOf(e);
    const last = await rewards.lastDone(e.key);
    const first = await e.firstDay();
    const starts = [last === null ? null : last + 1, first].filter((d): d is number => d !== null);
    if (starts.length > 0)
      await rewards.settleRange(program, Math.min(...starts), today, (day) => takeShares(e, day));
    await rewards.payQueued(program);
  }

  /** My payouts of a program per day, newest first: the day, my weight, the total, the amount. */
  async function myDays(key: string, userId: number, page: { page: number; size: number }) {
    const { rewardPayouts } = schema;
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
  async function report(key: string) {
    const { rewardPayouts } = schema;
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

  return { programOf, takeShares, settleDue, myDays, report };
}

export type SharedEmissions = ReturnType<typeof createSharedEmission>;
