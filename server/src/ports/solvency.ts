/**
 * What the solvency report reads from the modules beside the ledger (wired in modules/index.ts; modules never
 * import each other).
 */

/** An open loan and the collateral that secures it (a staking order in progress, the borrower's). */
export interface LoanCover {
  readonly id: number;
  readonly userId: number;
  readonly asset: string;
  /** Principal lent. */
  readonly amount: bigint;
  /** Principal and interest owed now. */
  readonly due: bigint;
  readonly collateralId: number;
  /** The collateral's principal while it is in progress and the borrower's (null: nothing secures it). */
  readonly collateral: bigint | null;
  /** Secured: the collateral is in progress, within the loan ratio, and worth more than what is owed. */
  readonly secured: boolean;
}
