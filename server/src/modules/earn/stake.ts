/** Staking on a line: its terms for the form, a new order with its principal staked, and the team's figures. */
import { type ExactDecimal, parseAmount } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { Tx } from '../../store';
import type { EarnCtx, PledgeRow, PledgeView } from './context';
import { type StakingLine, terms } from './lines';
import { dailyRateText, maxProfit } from './math';
import { pledgeView } from './pledges';
import { EARN_SYSTEM } from './pools';
import { pledgeOrders } from './tables';

export async function pledgeInfo(ctx: EarnCtx, line: StakingLine = 'main') {
  const t = await terms(ctx, line);
  return {
    asset: t.symbol,
    min_amount: t.minText,
    flexible_apr: t.flexibleText,
    plans: t.plans
      .filter((p) => p.status === 'active')
      .map((p) => ({
        days: p.days,
        apr: p.aprText,
        daily_rate: dailyRateText(p.apr),
      })),
  };
}

export async function newPledge(
  ctx: EarnCtx,
  tx: Tx,
  userId: number,
  o: { amount: bigint; days: number; apr: bigint; autoRenew: boolean; asset: string },
): Promise<PledgeRow> {
  const now = ctx.clock.now();
  const firstDay = (await ctx.days.dayOf(now)) + 1;
  const endDay = firstDay + o.days;
  const [row] = await tx
    .insert(pledgeOrders)
    .values({
      userId,
      asset: o.asset,
      amount: o.amount,
      days: o.days,
      apr: o.apr,
      maxProfit: maxProfit(o.amount, o.apr, o.days),
      firstDay,
      endDay,
      autoRenew: o.autoRenew,
      status: 'in_progress',
      startAt: now,
      endAt: await ctx.days.dayStart(endDay),
    })
    .returning();
  if (!row) throw new Error('staking order not written');
  return row;
}

/** A stake (or its end, negative) in the referral team's figures: USDT stakes are node performance. */
export async function teamRecord(
  ctx: EarnCtx,
  tx: Tx,
  userId: number,
  symbol: string,
  volume: bigint,
  held: bigint,
  ref: string,
) {
  if (symbol !== 'USDT' || !ctx.team) return;
  await ctx.team.record(tx, { userId, volume, performance: held, node: held, ref });
}

/** A stake counts to the node performance of its line for every ancestor, on today's platform day. */
async function addNodePerformance(
  ctx: EarnCtx,
  tx: Tx,
  userId: number,
  amount: bigint,
  line: StakingLine,
): Promise<void> {
  const day = await ctx.days.dayOf(ctx.clock.now());
  await tx.execute(sql`
      insert into node_performance (line, day, user_id, amount)
      select ${line}, ${day}, ancestor_id, ${amount}::numeric from user_ancestors where descendant_id = ${userId}
      on conflict (line, day, user_id) do update set amount = node_performance.amount + excluded.amount`);
}

export async function stake(
  ctx: EarnCtx,
  userId: number,
  body: { amount: ExactDecimal; days: number; auto_renew: boolean; request_id?: string | undefined },
  line: StakingLine = 'main',
): Promise<PledgeView> {
  const { ledger } = ctx;
  const a = await terms(ctx, line);
  const plan = a.plans.find((p) => p.days === body.days && p.status === 'active');
  if (!plan) throw new DomainError('PlanNotFound');
  const amount = minorUnits(body.amount, a);
  if (amount < (parseAmount(a.minText, a.scale) ?? 0n)) throw new ValidationError('amount', 'too_small');
  const action = line === 'main' ? 'earn.stake' : `earn.stake.${line}`;
  const row = await ledger.withIdempotency(userId, body.request_id, action, body, async (tx) => {
    const order = await newPledge(ctx, tx, userId, {
      amount,
      days: plan.days,
      apr: plan.apr,
      autoRenew: body.auto_renew,
      asset: a.symbol,
    });
    await addNodePerformance(ctx, tx, userId, amount, line);
    await teamRecord(ctx, tx, userId, a.symbol, amount, amount, `pledge:${order.id}`);
    await ledger.transfer(tx, {
      from: { userId, asset: a.symbol, kind: 'spot' },
      to: { system: EARN_SYSTEM.staked, asset: a.symbol },
      amount,
      cause: 'earn.stake',
      ref: `pledge:${order.id}`,
      remark: `${plan.days} days`,
      userId,
      requestId: body.request_id ?? null,
    });
    return pledgeView(ctx, order);
  });
  return row;
}
