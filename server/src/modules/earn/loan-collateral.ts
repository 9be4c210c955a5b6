/**
 * Loans against stakes: the staking order is the collateral of the loan taken against it, for as long as the
 * loan is open.
 *
 * - A renewal moves the open loan to the new order (the principal stays staked, so the collateral follows the
 *   loan); when what the loan owes has reached the principal, the order does not renew but ends and settles.
 * - Whatever ends an order with an open loan (early redemption, the end of its term without renewal) settles
 *   the loan first: its principal and interest are taken from what the order returns, and the rest is paid
 *   out (what a leading exchange does with a staking-backed loan on redemption).
 * - One open loan per order, within `earn.loan_ltv` of its principal; since the loan moves with a renewal, a
 *   renewed order can never carry a second one.
 */
import { RATE_ONE } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock';
import type { Ledger } from '../../ledger';
import type { LoanCover } from '../../ports/solvency';
import type { Db, Tx } from '../../store';
import { earnLoans, pledgeOrders } from './tables';

type PledgeRow = typeof pledgeOrders.$inferSelect;
type LoanRow = typeof earnLoans.$inferSelect;

export function loanCollateral(deps: {
  readonly ledger: Ledger;
  readonly clock: Clock;
  /** The staked principal's pool and the loans' pool. */
  readonly pools: { readonly staked: string; readonly loans: string };
  /** Interest of a loan from its start to now. */
  readonly interest: (l: LoanRow, nowMs: number) => bigint;
}) {
  const { ledger, clock } = deps;

  /** The order's open loan, locked (none: null). */
  async function openLoan(tx: Tx, orderId: number): Promise<LoanRow | null> {
    const [loan] = await tx
      .select()
      .from(earnLoans)
      .where(and(eq(earnLoans.pledgeId, orderId), eq(earnLoans.status, 'open')))
      .for('update');
    return loan ?? null;
  }

  /** What an open loan owes now: principal and interest. */
  function owed(loan: LoanRow): bigint {
    return loan.amount + deps.interest(loan, clock.now().getTime());
  }

  /**
   * Settles the order's open loan (if any) out of `back`, the part of the principal about to return to the
   * user: principal and interest go from the staked pool to the loans pool (all of `back` when it owes more).
   * Returns what is left to pay the user.
   */
  async function settleFrom(tx: Tx, o: PledgeRow, back: bigint, remark: string): Promise<bigint> {
    const loan = await openLoan(tx, o.id);
    if (!loan) return back;
    const interest = deps.interest(loan, clock.now().getTime());
    const due = loan.amount + interest;
    const take = due < back ? due : back;
    if (take > 0n) {
      await ledger.transfer(tx, {
        from: { system: deps.pools.staked, asset: o.asset },
        to: { system: deps.pools.loans, asset: o.asset },
        amount: take,
        cause: 'earn.repay',
        ref: `loan:${loan.id}`,
        remark,
        userId: o.userId,
      });
    }
    await tx
      .update(earnLoans)
      .set({ status: 'settled', interest, closedAt: clock.now() })
      .where(eq(earnLoans.id, loan.id));
    return back - take;
  }

  /** Whether an order may renew with its loan: what the loan owes is still below the principal. */
  async function mayRenew(tx: Tx, o: PledgeRow): Promise<boolean> {
    const loan = await openLoan(tx, o.id);
    return !loan || owed(loan) < o.amount;
  }

  /** The renewal: the open loan of the order now stands against the order that continues it. */
  async function follow(tx: Tx, from: PledgeRow, to: PledgeRow): Promise<void> {
    await tx
      .update(earnLoans)
      .set({ pledgeId: to.id })
      .where(and(eq(earnLoans.pledgeId, from.id), eq(earnLoans.status, 'open')));
  }

  return { openLoan, settleFrom, mayRenew, follow, owed };
}

/** Every open loan with the staking order that secures it, for the solvency report. */
export async function loanCovers(
  db: Db,
  ltv: bigint,
  interest: (l: LoanRow, nowMs: number) => bigint,
  nowMs: number,
): Promise<LoanCover[]> {
  const rows = await db
    .select({ loan: earnLoans, order: pledgeOrders })
    .from(earnLoans)
    .leftJoin(pledgeOrders, eq(pledgeOrders.id, earnLoans.pledgeId))
    .where(eq(earnLoans.status, 'open'))
    .orderBy(earnLoans.id);
  return rows.map(({ loan, order }) => {
    const backed =
      order?.status === 'in_progress' && order.userId === loan.userId && order.asset === loan.asset;
    const due = loan.amount + interest(loan, nowMs);
    return {
      id: loan.id,
      userId: loan.userId,
      asset: loan.asset,
      amount: loan.amount,
      due,
      collateralId: loan.pledgeId,
      collateral: backed && order ? order.amount : null,
      secured: backed && !!order && loan.amount * RATE_ONE <= order.amount * ltv && due < order.amount,
    };
  });
}
