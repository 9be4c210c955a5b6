/**
 * Settling a program: one (program, period) paid once, batch after batch under the run's lease; and every
 * period of a range that is not done yet, in order.
 */

import { runBatch } from './rewards-batch';
import type { RewardProgram, RewardsCtx, SettleResult } from './rewards-context';
import { doneBetween, finishRun, lease } from './rewards-runs';

export async function settle<P>(
  ctx: RewardsCtx,
  program: RewardProgram<P>,
  period: number,
): Promise<SettleResult> {
  const took = await lease(ctx, program.key, period);
  if (!took) return { program: program.key, period, ran: false, positions: 0, paid: 0n, queued: 0n };
  let cursor = took.cursor;
  let positions = 0;
  let paid = 0n;
  let queued = 0n;
  for (;;) {
    const from = cursor;
    const b = await ctx.store.db.transaction((tx) => runBatch(ctx, tx, program, period, from));
    cursor = b.cursor;
    positions += b.positions;
    paid += b.paid;
    queued += b.queued;
    if (b.done) break;
  }
  await finishRun(ctx, program.key, period);
  if (queued > 0n) {
    ctx.log.error(
      { program: program.key, period, queued: queued.toString() },
      'rewards pool short: payouts queued until it is refilled',
    );
  }
  return { program: program.key, period, ran: true, positions, paid, queued };
}

/**
 * Settles every period from `from` up to (not including) `until` that is not done yet, in order; `prepare`
 * runs before each (a program that fixes its positions for the period takes them there).
 */
export async function settleRange<P>(
  ctx: RewardsCtx,
  program: RewardProgram<P>,
  from: number,
  until: number,
  prepare?: (period: number) => Promise<void>,
): Promise<void> {
  if (from >= until) return;
  const done = await doneBetween(ctx, program.key, from, until);
  for (let period = from; period < until; period++) {
    if (done.has(period)) continue;
    await prepare?.(period);
    await settle(ctx, program, period);
  }
}
