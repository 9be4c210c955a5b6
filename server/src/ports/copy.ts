/**
 * The port through which copy trading follows lead traders inside the futures writer.
 *
 * When an operation of a contract's writer (a batch of orders, a liquidation, a trigger) moves the position of
 * a lead trader, the writer asks the port for the followers' orders, places them in the same transaction right
 * after the lead's, at the prices the book then gives, and hands back what each got. Nothing crosses the
 * transaction: a lead's trade and its copies commit together or not at all.
 */
import type { Tx } from '../store';

/** A lead trader's position in one contract moved in one operation of the writer. */
export interface LeadMove {
  readonly leadId: number;
  readonly instId: string;
  /** Contracts held before and after, signed (long positive). */
  readonly before: bigint;
  readonly after: bigint;
  /** The lead's average fill price in this move, USDT minor units. */
  readonly price: bigint;
  readonly lever: number;
  readonly at: Date;
  /** The contract's mark price at the lead's fill (USDT minor units), when the writer knows it. */
  readonly mark?: bigint | null;
  /** Whole contracts a margin opens at this price and leverage (rounded down). */
  contractsFor(margin: bigint, lever: number): bigint;
  /** Initial margin of contracts at this price and leverage. */
  marginFor(contracts: bigint, lever: number): bigint;
}

/**
 * One follower order the copy asks the writer to place: a market order, or, with `limitPrice`, an immediate
 * order (IOC) that fills no worse than that price (USDT minor units; the writer rounds it to a tick toward the
 * follower and never past its own price band); what does not fill within it is canceled.
 */
export interface CopyOrder {
  readonly followId: number;
  readonly followerId: number;
  readonly side: 'buy' | 'sell';
  readonly contracts: bigint;
  readonly lever: number;
  readonly limitPrice?: bigint;
}

/** What a follower order got. */
export interface CopyOutcome {
  readonly order: CopyOrder;
  readonly status: 'filled' | 'partial' | 'skipped';
  /** `price_tolerance`: the order had a limit price and what is missing could not fill within it. */
  readonly reason: 'insufficient_margin' | 'no_liquidity' | 'rejected' | 'price_tolerance' | null;
  readonly orderId: string | null;
  readonly filled: bigint;
  /** Average fill price, USDT minor units; null when nothing filled. */
  readonly price: bigint | null;
  readonly pnl: bigint;
  readonly fee: bigint;
  /** The limit the order was placed at, after rounding (null or absent: a market order). */
  readonly limitPrice?: bigint | null;
  /** The follower's position in the contract after it, signed contracts, and its margin. */
  readonly sizeAfter: bigint;
  readonly marginAfter: bigint;
}

export interface CopyPort {
  /** Whether a user leads copy trading (the writer notes their moves). Synchronous: kept in memory. */
  isLead(userId: number): boolean;
  /** Whether a user's position in a contract is a copy (their own orders on it are refused). */
  manages(userId: number, instId: string): boolean;
  /** The followers' orders for a lead's move; `sizeOf` reads a follower's position in the contract now. */
  plan(tx: Tx, move: LeadMove, sizeOf: (userId: number) => bigint): Promise<readonly CopyOrder[]>;
  /** Records what each follower got, in the same transaction. */
  record(tx: Tx, move: LeadMove, outcomes: readonly CopyOutcome[]): Promise<void>;
  /**
   * Whether a copy in the contract may still hold more than its lead's position calls for (a copy's close
   * that found no liquidity). Synchronous: kept in memory, so the writer asks after every operation.
   */
  lagging(instId: string): boolean;
  /**
   * Orders that bring such copies back toward their leads' positions, per lead: reductions only (a retry
   * never opens or grows a copy). The writer places them like a lead's move and records what filled.
   */
  catchUp(
    tx: Tx,
    instId: string,
    sizeOf: (userId: number) => bigint,
    /** The contract's mark now: a retry is held to the copy's tolerance from it. */
    mark?: bigint | null,
  ): Promise<readonly { readonly leadId: number; readonly orders: readonly CopyOrder[] }[]>;
}
