/**
 * Withdrawals as operators review them: approve (the last required approval settles the hold and the chain
 * adapter sends; a failed send may be retried) or reject (the hold is released); each step audited.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import type { WalletCtx } from './context';
import { walletDeposits, walletWithdrawals } from './tables';
import { view, type WithdrawalRow } from './withdrawals';

const { users, operators } = schema;

export async function adminView(ctx: WalletCtx, w: WithdrawalRow) {
  const [u] = await ctx.store.db
    .select({ uid: users.uid, address: users.address })
    .from(users)
    .where(eq(users.id, w.userId));
  const ops = w.approvals.length
    ? await ctx.store.db
        .select({ id: operators.id, name: operators.name })
        .from(operators)
        .where(inArray(operators.id, w.approvals))
    : [];
  // In the order the approvals were given.
  const names = w.approvals.map((id) => ops.find((o) => o.id === id)?.name ?? String(id));
  return {
    ...(await view(ctx, w)),
    user_id: w.userId,
    user: u ?? { uid: '', address: '' },
    approvals: names,
    required_approvals: w.requiredApprovals,
  };
}

export async function audit(
  ctx: WalletCtx,
  tx: Tx,
  operatorId: number,
  action: string,
  before: WithdrawalRow,
  after: WithdrawalRow,
  note?: string,
) {
  await auditOperator(tx, ctx.clock.now(), {
    operatorId,
    action,
    subject: `withdrawal:${after.id}`,
    before,
    // The operator's own words travel with the change they made.
    after: note ? { ...after, operator_note: note } : after,
  });
}
/** The withdrawal, locked for the rest of the transaction. */
async function locked(tx: Tx, withdrawalId: number): Promise<WithdrawalRow> {
  const [w] = await tx
    .select()
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.id, withdrawalId))
    .for('update');
  if (!w) throw new DomainError('NotFound');
  return w;
}

/** An operator moves a locked withdrawal on: the change and its audit entry, in the same transaction. */
export async function advance(
  ctx: WalletCtx,
  tx: Tx,
  operatorId: number,
  action: string,
  w: WithdrawalRow,
  set: Partial<typeof walletWithdrawals.$inferInsert>,
  note?: string,
): Promise<WithdrawalRow> {
  const [after] = await tx
    .update(walletWithdrawals)
    .set({ ...set, updatedAt: ctx.clock.now() })
    .where(eq(walletWithdrawals.id, w.id))
    .returning();
  if (!after) throw new Error('withdrawal vanished');
  await audit(ctx, tx, operatorId, action, w, after, note);
  return after;
}

/** Sends a settled withdrawal on chain and records the outcome; never sends twice for one row. */
export async function send(ctx: WalletCtx, w: WithdrawalRow, operatorId: number): Promise<WithdrawalRow> {
  if (!ctx.chain) return w;
  let txHash: string | null = null;
  let error: string | null = null;
  try {
    txHash = await ctx.chain.sendToken(w.address, w.amount);
  } catch (err) {
    error = err instanceof Error ? err.message.slice(0, 200) : 'send failed';
    ctx.log.error({ withdrawal: w.id, err: error }, 'withdrawal send failed');
  }
  return ctx.store.db.transaction(async (tx) => {
    const [after] = await tx
      .update(walletWithdrawals)
      .set(
        txHash
          ? { stage: 'sent', status: 'approved', txHash, updatedAt: ctx.clock.now() }
          : { stage: 'send_failed', reason: error, updatedAt: ctx.clock.now() },
      )
      .where(and(eq(walletWithdrawals.id, w.id), eq(walletWithdrawals.stage, 'sending')))
      .returning();
    if (!after) throw new DomainError('InvalidState');
    await audit(ctx, tx, operatorId, txHash ? 'withdrawal.sent' : 'withdrawal.send_failed', w, after);
    return after;
  });
}

export async function approve(
  ctx: WalletCtx,
  operatorId: number,
  withdrawalId: number,
  txHashGiven?: string,
  note?: string,
) {
  const settled = await ctx.store.db.transaction(async (tx) => {
    const w = await locked(tx, withdrawalId);
    if (w.stage === 'send_failed') {
      // A failed send may be retried: the hold is already settled.
      return advance(ctx, tx, operatorId, 'withdrawal.retry', w, { stage: 'sending', reason: null }, note);
    }
    if (w.status !== 'pending' || (w.stage !== 'requested' && w.stage !== 'first_approved')) {
      throw new DomainError('InvalidState');
    }
    if (w.approvals.includes(operatorId)) throw new DomainError('Forbidden');
    // Whoever made a manual credit (no chain confirmation) to this user may not pay them out.
    const [made] = await tx
      .select({ id: walletDeposits.id })
      .from(walletDeposits)
      .where(
        and(
          eq(walletDeposits.userId, w.userId),
          eq(walletDeposits.chain, 'manual'),
          eq(walletDeposits.status, 'approved'),
          sql`${walletDeposits.approvals}->>0 = ${String(operatorId)}`,
        ),
      )
      .limit(1);
    if (made) throw new DomainError('ConflictOfInterest');
    const approvals = [...w.approvals, operatorId];
    if (approvals.length < w.requiredApprovals) {
      return advance(
        ctx,
        tx,
        operatorId,
        'withdrawal.approve',
        w,
        { approvals, stage: 'first_approved' },
        note,
      );
    }
    const account = { userId: w.userId, asset: w.asset, kind: 'spot' as const };
    await ctx.ledger.settle(tx, {
      from: account,
      to: { system: SYSTEM.withdrawals, asset: w.asset },
      amount: w.amount,
      cause: 'withdrawal.settle',
      ref: `wd_${w.id}`,
      userId: w.userId,
    });
    if (w.fee > 0n) {
      await ctx.ledger.settle(tx, {
        from: account,
        to: { system: SYSTEM.fees, asset: w.asset },
        amount: w.fee,
        cause: 'withdrawal_fee',
        ref: `wd_${w.id}`,
        userId: w.userId,
      });
    }
    const done = !ctx.chain;
    return advance(
      ctx,
      tx,
      operatorId,
      'withdrawal.approve',
      w,
      {
        approvals,
        stage: done ? 'sent' : 'sending',
        status: done ? 'approved' : 'pending',
        txHash: done ? (txHashGiven ?? null) : null,
      },
      note,
    );
  });
  const final = settled.stage === 'sending' ? await send(ctx, settled, operatorId) : settled;
  return adminView(ctx, final);
}

export async function reject(ctx: WalletCtx, operatorId: number, withdrawalId: number, reason: string) {
  const row = await ctx.store.db.transaction(async (tx) => {
    const w = await locked(tx, withdrawalId);
    if (w.status !== 'pending' || (w.stage !== 'requested' && w.stage !== 'first_approved')) {
      throw new DomainError('InvalidState');
    }
    await ctx.ledger.release(tx, {
      account: { userId: w.userId, asset: w.asset, kind: 'spot' },
      amount: w.amount + w.fee,
      cause: 'withdrawal_release',
      ref: `wd_${w.id}`,
      remark: reason,
      userId: w.userId,
    });
    return advance(ctx, tx, operatorId, 'withdrawal.reject', w, {
      status: 'failed',
      stage: 'rejected',
      reason,
    });
  });
  return adminView(ctx, row);
}
