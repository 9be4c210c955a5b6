/** Loans against stakes: borrowing within the LTV of an order in progress, repaying with interest, the list. */
import { type ExactDecimal, formatAmount, RATE_ONE } from '@nexa/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { EarnCtx, LoanRow, LoanView } from './context';
import { asset } from './lines';
import { loanInterest, rate8 } from './math';
import { mine } from './pledges';
import { EARN_SYSTEM } from './pools';
import { earnLoans, pledgeOrders } from './tables';

function loanView(ctx: EarnCtx, l: LoanRow, scale: number): LoanView {
  const interest =
    l.status === 'open'
      ? loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), ctx.clock.now().getTime())
      : l.interest;
  return {
    id: l.id,
    pledge_id: l.pledgeId,
    asset: l.asset,
    amount: formatAmount(l.amount, scale),
    daily_rate: rate8(l.dailyRate),
    interest: formatAmount(interest, scale),
    due: formatAmount(l.status === 'open' ? l.amount + interest : 0n, scale),
    status: l.status,
    created_at: l.createdAt.toISOString(),
    closed_at: l.closedAt?.toISOString() ?? null,
  };
}

export async function borrow(
  ctx: EarnCtx,
  userId: number,
  body: { pledge_id: number; amount: ExactDecimal; request_id?: string | undefined },
): Promise<LoanView> {
  const { ledger, settings, clock } = ctx;
  const { scale } = await asset(ctx);
  const ltv = (await settings.get('earn.loan_ltv')).units;
  const rate = (await settings.get('earn.loan_daily_rate')).units;
  const amount = minorUnits(body.amount, { scale });
  await mine(ctx, userId, body.pledge_id);
  return ledger.withIdempotency(userId, body.request_id, 'earn.borrow', body, async (tx) => {
    const [o] = await tx.select().from(pledgeOrders).where(eq(pledgeOrders.id, body.pledge_id)).for('update');
    if (!o || o.userId !== userId) throw new DomainError('EarnOrderNotFound');
    if (o.status !== 'in_progress') throw new DomainError('EarnOrderClosed');
    const [open] = await tx
      .select({ id: earnLoans.id })
      .from(earnLoans)
      .where(and(eq(earnLoans.pledgeId, o.id), eq(earnLoans.status, 'open')));
    if (open) throw new DomainError('LoanOpen');
    const max = (o.amount * ltv) / RATE_ONE;
    if (amount > max) throw new DomainError('LoanLimit', { max: `${formatAmount(max, scale)} ${o.asset}` });
    const pool = await ledger.systemAccount(tx, EARN_SYSTEM.loans, o.asset);
    const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
    if (held < amount) throw new DomainError('LoanUnavailable');
    const [loan] = await tx
      .insert(earnLoans)
      .values({
        userId,
        pledgeId: o.id,
        asset: o.asset,
        amount,
        dailyRate: rate,
        status: 'open',
        createdAt: clock.now(),
      })
      .returning();
    if (!loan) throw new Error('loan not written');
    await ledger.transfer(tx, {
      from: pool,
      to: { userId, asset: o.asset, kind: 'spot' },
      amount,
      cause: 'earn.loan',
      ref: `loan:${loan.id}`,
      remark: `against staking order ${o.id}`,
      userId,
      requestId: body.request_id ?? null,
    });
    return loanView(ctx, loan, scale);
  });
}

export async function repay(
  ctx: EarnCtx,
  userId: number,
  body: { id: number; request_id?: string | undefined },
): Promise<LoanView> {
  const { ledger, clock } = ctx;
  const { scale } = await asset(ctx);
  return ledger.withIdempotency(userId, body.request_id, 'earn.repay', body, async (tx) => {
    const [l] = await tx.select().from(earnLoans).where(eq(earnLoans.id, body.id)).for('update');
    if (!l || l.userId !== userId) throw new DomainError('EarnOrderNotFound');
    if (l.status !== 'open') throw new DomainError('EarnOrderClosed');
    const interest = loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), clock.now().getTime());
    await ledger.transfer(tx, {
      from: { userId, asset: l.asset, kind: 'spot' },
      to: { system: EARN_SYSTEM.loans, asset: l.asset },
      amount: l.amount + interest,
      cause: 'earn.repay',
      ref: `loan:${l.id}`,
      userId,
      requestId: body.request_id ?? null,
    });
    const [row] = await tx
      .update(earnLoans)
      .set({ status: 'repaid', interest, closedAt: clock.now() })
      .where(eq(earnLoans.id, l.id))
      .returning();
    return loanView(ctx, row ?? l, scale);
  });
}

export async function loans(
  ctx: EarnCtx,
  userId: number,
  q: { status?: LoanRow['status'] | undefined; page: number; size: number },
) {
  const { store, settings } = ctx;
  const where = and(eq(earnLoans.userId, userId), q.status ? eq(earnLoans.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(earnLoans).where(where).orderBy(desc(earnLoans.id)), q),
    store.db.select({ n: count() }).from(earnLoans).where(where),
  ]);
  const { scale } = await asset(ctx);
  return {
    ...pageAnswer(
      rows.map((r) => loanView(ctx, r, scale)),
      total,
    ),
    ltv: (await settings.get('earn.loan_ltv')).text,
    daily_rate: (await settings.get('earn.loan_daily_rate')).text,
  };
}
