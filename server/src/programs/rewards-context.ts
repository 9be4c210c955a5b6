/**
 * What the rewards engine's steps are handed: the store, the clock, the ledger, where a short pool is reported,
 * and the batch size. Built once by `createRewards`; also the shapes they share (a program, a settlement's
 * result, one batch's payouts).
 */
import type { Cause } from '@nexa/contract';
import type { Clock } from '../kernel/clock';
import type { Ledger } from '../ledger';
import type { Store, Tx } from '../store';

export interface RewardProgram<P> {
  /** Unique name of the program (`pledge:USDT`). */
  readonly key: string;
  /** The funded system account it pays from. */
  readonly pool: string;
  readonly asset: string;
  readonly cause: Cause;
  /** Positions due for `period` with an id above `after`, at most `limit`, in id order. */
  due(tx: Tx, period: number, after: number, limit: number): Promise<readonly P[]>;
  id(p: P): number;
  userId(p: P): number;
  /** What the position earns for the period, minor units (0: nothing this time). */
  amount(p: P, period: number): bigint;
  /** Records on the position what it earned (paid or queued), in the batch's transaction. */
  earned(tx: Tx, p: P, period: number, amount: bigint, paid: boolean): Promise<void>;
  /** The same for a whole batch in one statement (used instead of `earned` when given). */
  earnedMany?(
    tx: Tx,
    rows: readonly { p: P; amount: bigint; paid: boolean }[],
    period: number,
  ): Promise<void>;
}

export interface SettleResult {
  readonly program: string;
  readonly period: number;
  /** False when another runner holds the lease or the run was done already. */
  readonly ran: boolean;
  readonly positions: number;
  readonly paid: bigint;
  readonly queued: bigint;
}

export interface RewardsDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly ledger: Ledger;
  /** Where a short pool is reported to operators. */
  readonly log: { error(obj: object, msg: string): void };
}

export interface RewardsCtx extends RewardsDeps {
  /** Positions per batch (one transaction each). */
  readonly batch: number;
}

/** What one position earns in a batch, and whether the pool pays it now (queued otherwise). */
export interface Earning<P> {
  p: P;
  amount: bigint;
  paid: boolean;
}

/** How long a runner holds a run's lease without committing a batch. */
export const LEASE_MS = 60_000;
