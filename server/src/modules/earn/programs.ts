/** The two programs of the rewards engine: each staking line's profit, and the burn's release. */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock';
import type { RewardProgram } from '../../programs/rewards';
import type { BurnRow, EarnCtx, PledgeRow } from './context';
import { STAKING_LINES, type StakingLine, terms } from './lines';
import { dailyProfit } from './math';
import { EARN_SYSTEM } from './pools';
import { burnOrders, pledgeOrders } from './tables';

/** A line's staking profit program: `pledge` for the main line, `pledge:<line>` for another; its asset's orders. */
export function programOf(ctx: EarnCtx, line: StakingLine, symbol: string): RewardProgram<PledgeRow> {
  const key = line === 'main' ? 'pledge' : `pledge:${line}`;
  const known = ctx.programs.get(key);
  if (known && known.asset === symbol) return known;
  const made = pledgeProgramOf(key, symbol);
  ctx.programs.set(key, made);
  return made;
}

const pledgeProgramOf = (key: string, symbol: string): RewardProgram<PledgeRow> => ({
  key,
  pool: EARN_SYSTEM.pledge,
  asset: symbol,
  cause: 'earn.profit',
  due: (tx, period, after, limit) =>
    tx
      .select()
      .from(pledgeOrders)
      .where(
        and(
          eq(pledgeOrders.status, 'in_progress'),
          eq(pledgeOrders.asset, symbol),
          lte(pledgeOrders.firstDay, period),
          gte(pledgeOrders.endDay, period + 1),
          sql`${pledgeOrders.id} > ${after}`,
        ),
      )
      .orderBy(pledgeOrders.id)
      .limit(limit)
      .for('update'),
  id: (o) => o.id,
  userId: (o) => o.userId,
  amount: (o, period) => {
    const left = o.maxProfit - o.accumulated;
    if (period === o.endDay - 1) return left;
    const day = dailyProfit(o.amount, o.apr);
    return day < left ? day : left;
  },
  earned: async (tx, o, _period, amount, paid) => {
    await tx
      .update(pledgeOrders)
      .set({
        accumulated: sql`${pledgeOrders.accumulated} + ${amount}`,
        received: paid ? sql`${pledgeOrders.received} + ${amount}` : pledgeOrders.received,
        daysPaid: sql`${pledgeOrders.daysPaid} + 1`,
      })
      .where(eq(pledgeOrders.id, o.id));
  },
  earnedMany: async (tx, rows) => {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(${r.p.id}::bigint, ${r.amount}::numeric, ${r.paid ? r.amount : 0n}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`
        update pledge_orders as o
        set accumulated = o.accumulated + v.amount, received = o.received + v.paid, days_paid = o.days_paid + 1
        from (values ${values}) as v(id, amount, paid)
        where o.id = v.id`);
  },
});

export const burnProgramOf = (clock: Clock): RewardProgram<BurnRow> => ({
  key: 'burn',
  pool: EARN_SYSTEM.release,
  asset: 'USDT',
  cause: 'earn.release',
  due: (tx, period, after, limit) =>
    tx
      .select()
      .from(burnOrders)
      .where(
        and(
          eq(burnOrders.status, 'releasing'),
          lte(burnOrders.firstDay, period),
          sql`${burnOrders.id} > ${after}`,
        ),
      )
      .orderBy(burnOrders.id)
      .limit(limit)
      .for('update'),
  id: (o) => o.id,
  userId: (o) => o.userId,
  amount: (o) => {
    const left = o.maxRelease - o.released;
    return o.daily < left ? o.daily : left;
  },
  earned: async (tx, o, _period, amount) => {
    const done = o.released + amount >= o.maxRelease;
    await tx
      .update(burnOrders)
      .set({
        released: sql`${burnOrders.released} + ${amount}`,
        ...(done ? { status: 'complete' as const, completedAt: clock.now() } : {}),
      })
      .where(eq(burnOrders.id, o.id));
  },
  earnedMany: async (tx, rows) => {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(${r.p.id}::bigint, ${r.amount}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`
        update burn_orders as o
        set released = o.released + v.amount,
            status = case when o.released + v.amount >= o.max_release then 'complete' else o.status end,
            completed_at = case when o.released + v.amount >= o.max_release then ${clock.now()} else o.completed_at end
        from (values ${values}) as v(id, amount)
        where o.id = v.id`);
  },
});

/** Each staking line's profit program. */
export async function stakingPrograms(ctx: EarnCtx) {
  const list: RewardProgram<PledgeRow>[] = [];
  for (const line of STAKING_LINES) list.push(programOf(ctx, line, (await terms(ctx, line)).symbol));
  return list;
}
