/**
 * The rewards engine: every periodic payout (staking profit, burn release, and the programs that follow) runs
 * through it.
 *
 * A program names its funded pool (a system account), its asset, its cause, and a rule: which positions are
 * due in a period and what each earns. `settle(program, period)` pays a (program, period) once, whatever
 * crashes, restarts or second instances happen:
 * - the run's row (`reward_runs`, unique per program and period) is its lease: a runner takes it only while
 *   it is not done and no one else's lease is current;
 * - positions are paid in batches, in id order; each batch commits its payouts (`reward_payouts`, unique per
 *   program, position and period), their ledger postings, the positions' new state and the run's cursor in
 *   one transaction, so a run cut short resumes after its last committed batch and never pays a position
 *   twice;
 * - a pool that runs dry pays what it holds and queues the rest (operators see the queue); a later run of
 *   `payQueued` pays the queue, oldest first, once the pool is refilled. Nothing is paid from thin air.
 *
 * This file builds the engine's context once (rewards-context.ts) and hands it to its steps:
 * `rewards-settle.ts` (a period settled under its lease; a range of periods), `rewards-batch.ts` (one batch in
 * its transaction, in named steps), `rewards-queue.ts` (the queue paid), `rewards-runs.ts` (a run's row: lease,
 * cursor, done; the periods done) and `rewards-pool.ts` (the pool's account and what it holds).
 */
import type { Tx } from '../store';
import type { RewardProgram, RewardsCtx, RewardsDeps } from './rewards-context';
import { payQueued } from './rewards-queue';
import { lastDone } from './rewards-runs';
import { settle, settleRange } from './rewards-settle';

export type { ProgramReport } from '../ports/solvency';
export type { RewardProgram, RewardsDeps, SettleResult } from './rewards-context';

export function createRewards(deps: RewardsDeps, opts: { batch?: number } = {}) {
  const ctx: RewardsCtx = {
    store: deps.store,
    clock: deps.clock,
    ledger: deps.ledger,
    log: deps.log,
    batch: opts.batch ?? 500,
  };
  return {
    settle: <P>(program: RewardProgram<P>, period: number) => settle(ctx, program, period),
    /**
     * Settles every period from `from` up to (not including) `until` that is not done yet, in order; `prepare`
     * runs before each (a program that fixes its positions for the period takes them there).
     */
    settleRange: <P>(
      program: RewardProgram<P>,
      from: number,
      until: number,
      prepare?: (period: number) => Promise<void>,
    ) => settleRange(ctx, program, from, until, prepare),
    /** The last period of a program that is done, or null. */
    lastDone: (program: string) => lastDone(ctx, program),
    /** Pays a program's queued payouts, oldest first, while its pool holds enough for the next one. */
    payQueued: <P>(
      program: RewardProgram<P>,
      onPaid?: (tx: Tx, payout: { positionId: number; amount: bigint }) => Promise<void>,
    ) => payQueued(ctx, program, onPaid),
  };
}

export type Rewards = ReturnType<typeof createRewards>;
