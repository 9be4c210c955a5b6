/**
 * A run's row (`reward_runs`, unique per program and period): its lease taken, its cursor and sums moved on
 * by a batch, marked done; and the periods of a program that are done.
 */
import { and, eq, gte, lt, max, sql } from 'drizzle-orm';
import { schema, type Tx } from '../store';
import { LEASE_MS, type RewardsCtx } from './rewards-context';

const { rewardRuns } = schema;

const runOf = (program: string, period: number) =>
  and(eq(rewardRuns.program, program), eq(rewardRuns.period, period));

/** Takes the run's lease, or null when it is done or someone else's lease is current. */
export async function lease(
  { store, clock }: RewardsCtx,
  program: string,
  period: number,
): Promise<{ cursor: number } | null> {
  const now = clock.now();
  const until = new Date(now.getTime() + LEASE_MS);
  await store.db
    .insert(rewardRuns)
    .values({ program, period, status: 'running', cursor: 0, leasedUntil: new Date(0), startedAt: now })
    .onConflictDoNothing();
  const [row] = await store.db
    .update(rewardRuns)
    .set({ leasedUntil: until })
    .where(
      and(
        eq(rewardRuns.program, program),
        eq(rewardRuns.period, period),
        eq(rewardRuns.status, 'running'),
        lt(rewardRuns.leasedUntil, now),
      ),
    )
    .returning({ cursor: rewardRuns.cursor });
  return row ?? null;
}

/** A committed batch moves the run on: its cursor, sums and positions, and the lease renewed. */
export async function advanceRun(
  { clock }: RewardsCtx,
  tx: Tx,
  program: string,
  period: number,
  moved: { cursor: number; paid: bigint; queued: bigint; positions: number },
): Promise<void> {
  await tx
    .update(rewardRuns)
    .set({
      cursor: moved.cursor,
      paid: sql`${rewardRuns.paid} + ${moved.paid}`,
      queued: sql`${rewardRuns.queued} + ${moved.queued}`,
      positions: sql`${rewardRuns.positions} + ${moved.positions}`,
      leasedUntil: new Date(clock.now().getTime() + LEASE_MS),
    })
    .where(runOf(program, period));
}

export async function finishRun(
  { store, clock }: RewardsCtx,
  program: string,
  period: number,
): Promise<void> {
  await store.db
    .update(rewardRuns)
    .set({ status: 'done', finishedAt: clock.now() })
    .where(runOf(program, period));
}

/** The periods of a program from `from` up to (not including) `until` that are done. */
export async function doneBetween(
  { store }: RewardsCtx,
  program: string,
  from: number,
  until: number,
): Promise<Set<number>> {
  const rows = await store.db
    .select({ p: rewardRuns.period })
    .from(rewardRuns)
    .where(
      and(
        eq(rewardRuns.program, program),
        eq(rewardRuns.status, 'done'),
        gte(rewardRuns.period, from),
        lt(rewardRuns.period, until),
      ),
    );
  return new Set(rows.map((r) => r.p));
}

/** The last period of a program that is done, or null. */
export async function lastDone({ store }: RewardsCtx, program: string): Promise<number | null> {
  const [row] = await store.db
    .select({ p: max(rewardRuns.period) })
    .from(rewardRuns)
    .where(and(eq(rewardRuns.program, program), eq(rewardRuns.status, 'done')));
  return row?.p ?? null;
}
