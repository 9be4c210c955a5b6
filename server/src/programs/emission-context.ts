/**
 * What the shared emission's steps are handed: the store, the clock, the rewards engine it pays through, and
 * each emission's program as the engine runs it. Built once by `createSharedEmission`; also the shapes they
 * share (an emission, one user's share of a day).
 */
import type { Cause } from '@nexa/contract';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import type { Store, Tx } from '../store';
import type { createRewards, RewardProgram } from './rewards';

/** One user's weight on a day, with the day's figures: what the engine pays. */
export interface Share {
  readonly id: number;
  readonly userId: number;
  readonly weight: bigint;
  readonly emission: bigint;
  readonly total: bigint;
}

export interface SharedEmission {
  readonly key: string;
  readonly asset: string;
  /** The funded system account it pays from. */
  readonly pool: string;
  readonly cause: Cause;
  /** The budget of a day, minor units of `asset`. */
  emission(day: number): Promise<bigint>;
  /** A query giving `user_id` and `weight` (minor units of whatever weighs) of every holder on `day`. */
  weights(day: number): SQL;
  /** What the users' payouts mean for their positions, in the batch's transaction (e.g. each order's part). */
  earned?(
    tx: Tx,
    rows: readonly { userId: number; amount: bigint; weight: bigint }[],
    day: number,
  ): Promise<void>;
  /** The first day that may hold weight (null: none yet), to settle from when nothing was settled before. */
  firstDay(): Promise<number | null>;
}

export interface EmissionDeps {
  store: Store;
  clock: Clock;
  rewards: ReturnType<typeof createRewards>;
}

export interface EmissionCtx extends EmissionDeps {
  /** Each emission's program, by its key (made once per key and asset). */
  readonly programs: Map<string, RewardProgram<Share>>;
}

/** A share of the budget: budget × weight ÷ total, rounded down (nothing when no one holds weight). */
export function shareOf(budget: bigint, weight: bigint, total: bigint): bigint {
  return total > 0n ? (budget * weight) / total : 0n;
}
