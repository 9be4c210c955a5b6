/**
 * What the solvency report reads from the modules beside the ledger: each module that lends or runs a rewards
 * program answers through its `loans` or `programs` (kernel/module.ts), read together by the app (modules
 * never import each other).
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

/** What an operator sees of one program in the solvency report (minor units of its asset). */
export interface ProgramReport {
  readonly program: string;
  readonly pool: string;
  readonly asset: string;
  readonly poolBalance: bigint;
  readonly paid: bigint;
  /** What it owes users now and has not paid (queued payouts; a vesting program's locked amounts). */
  readonly owed: bigint;
  readonly lastDay: number | null;
}
