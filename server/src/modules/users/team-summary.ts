/** The invitation screen's figures: the user's level, team figures and what the next level takes. */
import { formatAmount, USDT_SCALE } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import type { UsersCtx } from './context';
import { MAX_LEVEL, terms } from './team';

const { users, teamFigures } = schema;

/** The invitation screen's figures: kept rows, no tree walk. */
export async function summary(ctx: UsersCtx, userId: number) {
  const { store, days } = ctx;
  const t = await terms(ctx);
  const [me] = await store.db
    .select({ code: users.inviteCode, level: users.level })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) throw new DomainError('SessionInvalid');
  const [f] = await store.db.select().from(teamFigures).where(eq(teamFigures.userId, userId));
  const today = await days.today();
  const fmt = (v: bigint) => formatAmount(v, USDT_SCALE);
  const legsFor = (l: number) =>
    l === 1 ? (f?.direct ?? 0) : ([0, f?.legs1, f?.legs2, f?.legs3, f?.legs4][l - 1] ?? 0);
  const levels = t.thresholds.map((p, i) => ({ level: i + 1, team_performance: fmt(p), legs: t.legs }));
  const nextLevel = me.level < MAX_LEVEL ? me.level + 1 : null;
  return {
    invite_code: me.code,
    level: me.level,
    headcount: f?.headcount ?? 0,
    direct: f?.direct ?? 0,
    valid_direct: f?.validDirect ?? 0,
    valid_volume: fmt(t.valid),
    personal_volume: fmt(f?.personalVolume ?? 0n),
    team_volume: fmt(f?.teamVolume ?? 0n),
    personal_performance: fmt(f?.personalPerformance ?? 0n),
    team_performance: fmt(f?.teamPerformance ?? 0n),
    node_today: fmt(f && f.nodeDay === today ? f.nodeToday : 0n),
    node_total: fmt(f?.teamNode ?? 0n),
    levels,
    next:
      nextLevel === null
        ? null
        : {
            level: nextLevel,
            team_performance: fmt(t.thresholds[nextLevel - 1] ?? 0n),
            legs: t.legs,
            have_legs: legsFor(nextLevel),
            missing_performance: fmt(
              (t.thresholds[nextLevel - 1] ?? 0n) > (f?.teamPerformance ?? 0n)
                ? (t.thresholds[nextLevel - 1] ?? 0n) - (f?.teamPerformance ?? 0n)
                : 0n,
            ),
          },
  };
}
