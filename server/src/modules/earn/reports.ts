/** What the solvency report and the operators read: each program's pool and payouts, open loans, totals staked. */
import { formatAmount } from '@nexa/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { ProgramReport, RewardProgram } from '../../programs/rewards';
import { schema } from '../../store';
import type { EarnCtx } from './context';
import { type StakingLine, terms } from './lines';
import { loanCovers } from './loan-collateral';
import { loanInterest } from './math';
import { stakingPrograms } from './programs';
import { pledgeOrders } from './tables';

/** Staking profit and burn release as the solvency report shows them. */
export async function programReports(ctx: EarnCtx): Promise<ProgramReport[]> {
  const { store, ledger, rewards } = ctx;
  const { rewardPayouts } = schema;
  const list: ProgramReport[] = [];
  for (const p of [...(await stakingPrograms(ctx)), ctx.burnProgram] as RewardProgram<unknown>[]) {
    const [sums] = await store.db
      .select({
        paid: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
        queued: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'queued'), 0)::text`,
      })
      .from(rewardPayouts)
      .where(eq(rewardPayouts.program, p.key));
    const poolBalance = await store.db.transaction(async (tx) => {
      const acc = await ledger.systemAccount(tx, p.pool, p.asset);
      return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
    });
    list.push({
      program: p.key,
      pool: p.pool,
      asset: p.asset,
      poolBalance,
      paid: BigInt(sums?.paid ?? '0'),
      owed: BigInt(sums?.queued ?? '0'),
      lastDay: await rewards.lastDone(p.key),
    });
  }
  return list;
}

/** The operators' view of every program: pool balance, paid, queued (owed), last settled day. */
export async function programsReport(ctx: EarnCtx) {
  const { rewardRuns } = schema;
  const list = [];
  for (const p of await programReports(ctx)) {
    const { scale } = ctx.assets.get(p.asset);
    const [runs] = await ctx.store.db
      .select({ open: sql<number>`count(*) filter (where ${rewardRuns.status} = 'running')::int` })
      .from(rewardRuns)
      .where(eq(rewardRuns.program, p.program));
    list.push({
      program: p.program,
      pool: p.pool,
      asset: p.asset,
      pool_balance: formatAmount(p.poolBalance, scale),
      paid: formatAmount(p.paid, scale),
      queued: formatAmount(p.owed, scale),
      last_period_day: p.lastDay === null ? null : (await ctx.days.dayStart(p.lastDay)).toISOString(),
      runs_open: runs?.open ?? 0,
    });
  }
  return { list };
}

/** What is staked on a line in orders in progress, everyone's. */
export async function totalStaked(ctx: EarnCtx, line: StakingLine): Promise<string> {
  const t = await terms(ctx, line);
  const [row] = await ctx.store.db
    .select({ s: sql<string>`coalesce(sum(${pledgeOrders.amount}), 0)::text` })
    .from(pledgeOrders)
    .where(and(eq(pledgeOrders.asset, t.symbol), eq(pledgeOrders.status, 'in_progress')));
  return formatAmount(BigInt(row?.s ?? '0'), t.scale);
}

/** Every open loan against the order that secures it (the solvency report). */
export async function loanReport(ctx: EarnCtx) {
  const ltv = (await ctx.settings.get('earn.loan_ltv')).units;
  return loanCovers(
    ctx.store.db,
    ltv,
    (l, now) => loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), now),
    ctx.clock.now().getTime(),
  );
}
