/** An emission as the rewards engine runs it: the day's fixed shares are its positions, each paid its share. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { schema } from '../store';
import { type EmissionCtx, type Share, type SharedEmission, shareOf } from './emission-context';
import type { RewardProgram } from './rewards';

const { emissionDays, emissionShares } = schema;

export function programOf({ programs }: EmissionCtx, e: SharedEmission): RewardProgram<Share> {
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
