/**
 * Settling an emission: a day's shares and figures fixed once (whatever crashes or second instances happen),
 * then every ended day not settled yet paid through the engine, and what waited in the queue.
 */
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '../store';
import type { EmissionCtx, SharedEmission } from './emission-context';
import { programOf } from './emission-program';

const { emissionDays, emissionShares } = schema;

/** Fixes a day's shares and figures, once. */
export async function takeShares(
  { store, clock }: EmissionCtx,
  e: SharedEmission,
  day: number,
): Promise<void> {
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
export async function settleDue(ctx: EmissionCtx, e: SharedEmission, today: number): Promise<void> {
  const { rewards } = ctx;
  const program = programOf(ctx, e);
  const last = await rewards.lastDone(e.key);
  const first = await e.firstDay();
  const starts = [last === null ? null : last + 1, first].filter((d): d is number => d !== null);
  if (starts.length > 0)
    await rewards.settleRange(program, Math.min(...starts), today, (day) => takeShares(ctx, e, day));
  await rewards.payQueued(program);
}
