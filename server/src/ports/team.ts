/**
 * The port through which products feed the referral team figures. A purchase, a stake, or the end of one
 * tells the team what changed for its user, in the transaction of its cause; the team keeps the user's
 * personal figures and every ancestor's team figures (and levels) up to date there, so no read ever walks
 * the tree.
 */
import type { Tx } from '../store';

export interface TeamMove {
  readonly userId: number;
  /** USDT minor units bought or staked: adds to volume (cumulative, never removed); 0 for an end. */
  readonly volume: bigint;
  /** Change of what the user holds in products, USDT minor units (negative when one ends). */
  readonly performance: bigint;
  /** The part of `performance` in staking products (node performance). */
  readonly node: bigint;
  /** The business record behind it. */
  readonly ref: string;
}

export interface TeamPort {
  record(tx: Tx, move: TeamMove): Promise<void>;
}
