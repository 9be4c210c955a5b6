/**
 * Referral team figures, kept rather than computed: every change a product reports adds to the user's
 * personal figures and, through the closure table of the tree, to each ancestor's team figures, in the
 * transaction of its cause. Levels follow in the same transaction: an ancestor whose team performance
 * crosses a level's threshold, with enough legs (direct referrals whose branch holds the level below),
 * rises to it. Levels never fall. A rise raises `best_below` along the ancestors and the legs counts of
 * each parent whose child's branch got better, so deciding a level never walks a downline either.
 */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import type { TeamMove } from '../../ports/team';
import { queryRows, schema, type Tx } from '../../store';
import type { UsersCtx } from './context';

const { users, teamFigures, teamEvents } = schema;
export const MAX_LEVEL = 5;

interface Chain {
  id: number;
  level: number;
  teamPerformance: bigint;
  bestBelow: number;
  direct: number;
  legs: [number, number, number, number, number];
}

/** The team's terms: each level's performance threshold, the legs a level needs, a valid referral's volume. */
export type Terms = Awaited<ReturnType<typeof terms>>;

const best = (n: { level: number; bestBelow: number }) => Math.max(n.level, n.bestBelow);

export async function terms(ctx: UsersCtx) {
  const { settings } = ctx;
  const [perf, legs, valid] = await Promise.all([
    settings.get('team.level_performance'),
    settings.get('team.level_legs'),
    settings.get('referral.valid_volume_usdt'),
  ]);
  return { thresholds: perf.map((p) => parseAmount(p, USDT_SCALE) ?? 0n), legs, valid: valid.units };
}

/** The level a member qualifies for now (never below the one they hold). */
function qualifies(n: Chain, t: Terms): number {
  let level = n.level;
  for (let l = n.level + 1; l <= MAX_LEVEL; l++) {
    const legs = (l === 1 ? n.direct : n.legs[l - 1]) ?? 0;
    if (n.teamPerformance >= (t.thresholds[l - 1] ?? 0n) && legs >= t.legs) level = l;
    else break;
  }
  return level;
}

export async function record(ctx: UsersCtx, tx: Tx, m: TeamMove): Promise<void> {
  if (m.volume === 0n && m.performance === 0n && m.node === 0n) return;
  const t = await terms(ctx);
  const today = await ctx.days.today();
  await tx.insert(teamEvents).values({
    userId: m.userId,
    volume: m.volume,
    performance: m.performance,
    node: m.node,
    ref: m.ref,
    createdAt: ctx.clock.now(),
  });
  // The user's own figures, and whether this made them a valid referral of their parent.
  const [before] = await tx
    .select({ volume: teamFigures.personalVolume })
    .from(teamFigures)
    .where(eq(teamFigures.userId, m.userId))
    .for('update');
  await tx.execute(sql`
    insert into team_figures (user_id, personal_volume, personal_performance)
    values (${m.userId}, ${m.volume}::numeric, ${m.performance}::numeric)
    on conflict (user_id) do update set
      personal_volume = team_figures.personal_volume + excluded.personal_volume,
      personal_performance = team_figures.personal_performance + excluded.personal_performance`);
  const was = before?.volume ?? 0n;
  const now = was + m.volume;
  if (m.volume !== 0n) {
    await tx
      .update(users)
      .set({ volumeMinor: sql`(${users.volumeMinor}::numeric + ${m.volume}::numeric)::text` })
      .where(eq(users.id, m.userId));
  }
  if (was < t.valid && now >= t.valid) {
    await tx.execute(sql`
      update team_figures set valid_direct = valid_direct + 1
      where user_id = (select parent_id from users where id = ${m.userId})`);
  }
  // Every ancestor's team figures, one statement.
  await tx.execute(sql`
    insert into team_figures (user_id, team_volume, team_performance, team_node, node_today, node_day)
    select ancestor_id, ${m.volume}::numeric, ${m.performance}::numeric, ${m.node}::numeric,
      greatest(${m.node}::numeric, 0), ${today}
    from user_ancestors where descendant_id = ${m.userId}
    on conflict (user_id) do update set
      team_volume = team_figures.team_volume + excluded.team_volume,
      team_performance = team_figures.team_performance + excluded.team_performance,
      team_node = team_figures.team_node + excluded.team_node,
      node_today = case when team_figures.node_day = excluded.node_day
        then team_figures.node_today + excluded.node_today else excluded.node_today end,
      node_day = excluded.node_day`);
  if (m.performance > 0n) await promote(tx, m.userId, t);
}

/** Raises the levels along the user's ancestors, nearest first, and what each rise changes above it. */
async function promote(tx: Tx, userId: number, t: Terms): Promise<void> {
  const rows = await queryRows<{
    id: number;
    level: number;
    team_performance: string;
    best_below: number;
    direct: number;
    legs_1: number;
    legs_2: number;
    legs_3: number;
    legs_4: number;
  }>(
    tx,
    sql`select a.ancestor_id as id, u.level, f.team_performance::text as team_performance, f.best_below,
          f.direct, f.legs_1, f.legs_2, f.legs_3, f.legs_4
        from user_ancestors a
        join users u on u.id = a.ancestor_id
        join team_figures f on f.user_id = a.ancestor_id
        where a.descendant_id = ${userId}
        order by a.distance`,
  );
  const chain: Chain[] = rows.map((r) => ({
    id: Number(r.id),
    level: Number(r.level),
    teamPerformance: BigInt(r.team_performance),
    bestBelow: Number(r.best_below),
    direct: Number(r.direct),
    legs: [0, Number(r.legs_1), Number(r.legs_2), Number(r.legs_3), Number(r.legs_4)],
  }));
  const touched = new Set<number>();
  for (let i = 0; i < chain.length; i++) {
    const node = chain[i];
    if (!node || node.level >= MAX_LEVEL) continue;
    const level = qualifies(node, t);
    if (level <= node.level) continue;
    let oldBest = best(node);
    node.level = level;
    await tx.update(users).set({ level }).where(eq(users.id, node.id));
    // The branch got better: the parent has a better leg and a better downline, and so on up.
    for (let j = i; j + 1 < chain.length; j++) {
      const child = chain[j];
      const parent = chain[j + 1];
      if (!child || !parent) break;
      const newBest = best(child);
      if (newBest <= oldBest) break;
      for (let k = Math.max(oldBest + 1, 1); k <= Math.min(newBest, 4); k++) {
        parent.legs[k] = (parent.legs[k] ?? 0) + 1;
      }
      oldBest = best(parent);
      parent.bestBelow = Math.max(parent.bestBelow, newBest);
      touched.add(parent.id);
    }
  }
  for (const n of chain) {
    if (!touched.has(n.id)) continue;
    await tx
      .update(teamFigures)
      .set({
        bestBelow: n.bestBelow,
        legs1: n.legs[1],
        legs2: n.legs[2],
        legs3: n.legs[3],
        legs4: n.legs[4],
      })
      .where(eq(teamFigures.userId, n.id));
  }
}
