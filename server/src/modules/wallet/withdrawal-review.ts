/**
 * Withdrawals as operators review them: approve (the last required approval settles the hold and the hot
 * wallet pays it: `withdrawal-send.ts`; a failed send may be retried) or reject (the hold is released); each
 * step audited.
 */
import { formatAmount } from '@nexa/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import type { WalletCtx } from './context';
import { networkList, senderFor } from './funding';
import { walletDeposits, walletWithdrawalSends, walletWithdrawals } from './tables';
import { noticeOf, send } from './withdrawal-send';
import { view, type WithdrawalRow } from './withdrawals';

const { users, operators } = schema;
/** Wei in a gwei. */
const GWEI_DECIMALS = 9;

type SendRow = typeof walletWithdrawalSends.$inferSelect;

/** Sun in a TRX. */
const TRX_DECIMALS = 6;

/** A signed version of a hot-wallet payment as the console shows it (`family`: its network's). */
function sendView(s: SendRow, family: string) {
  const gwei = (v: bigint) => formatAmount(v, GWEI_DECIMALS);
  return {
    nonce: s.nonce,
    tx_hash: s.txHash,
    from: s.fromAddress,
    max_fee_gwei: gwei(s.maxFeePerGas),
    priority_fee_gwei: gwei(s.maxPriorityFeePerGas),
    // Kept where EVM keeps its fee caps: Tron's fee limit (it has no fee market), Bitcoin's rate per 1,000 vB.
    fees:
      family === 'tron'
        ? `≤ ${formatAmount(s.maxFeePerGas, TRX_DECIMALS)} TRX`
        : family === 'bitcoin'
          ? `${formatAmount(s.maxFeePerGas, 3)} sat/vB`
          : `${gwei(s.maxFeePerGas)} / ${gwei(s.maxPriorityFeePerGas)} gwei`,
    sent_block: s.sentBlock,
    retired: s.retired,
    time: s.createdAt.toISOString(),
  };
}

/**
 * Withdrawals as the console lists them: each with its user, the names of the operators who approved it (in the
 * order they did) and the signed versions of its payment. A page's users, operators and versions are read in
 * one query each, whatever its length.
 */
export async function adminViews(ctx: WalletCtx, rows: readonly WithdrawalRow[]) {
  const db = ctx.store.db;
  const userIds = [...new Set(rows.map((w) => w.userId))];
  const operatorIds = [...new Set(rows.flatMap((w) => w.approvals))];
  const ids = rows.map((w) => w.id);
  const [people, ops, sends] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, uid: users.uid, address: users.address })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    operatorIds.length
      ? db
          .select({ id: operators.id, name: operators.name })
          .from(operators)
          .where(inArray(operators.id, operatorIds))
      : [],
    ids.length
      ? db
          .select()
          .from(walletWithdrawalSends)
          .where(inArray(walletWithdrawalSends.withdrawalId, ids))
          .orderBy(asc(walletWithdrawalSends.id))
      : [],
  ]);
  const person = new Map(people.map((u) => [u.id, { uid: u.uid, address: u.address }]));
  const opName = new Map(ops.map((o) => [o.id, o.name]));
  const families = new Map((await networkList(ctx)).map((n) => [n.chain, n.family]));
  return Promise.all(
    rows.map(async (w) => ({
      ...(await view(ctx, w)),
      user_id: w.userId,
      user: person.get(w.userId) ?? { uid: '', address: '' },
      approvals: w.approvals.map((id) => opName.get(id) ?? String(id)),
      required_approvals: w.requiredApprovals,
      sends: sends
        .filter((s) => s.withdrawalId === w.id)
        .map((s) => sendView(s, families.get(s.chain) ?? 'evm')),
    })),
  );
}

/** One withdrawal as the console shows it. */
export async function adminView(ctx: WalletCtx, w: WithdrawalRow) {
  const [one] = await adminViews(ctx, [w]);
  if (!one) throw new Error('no view of a withdrawal');
  return one;
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
  await noticeOf(ctx, tx, after);
  return after;
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
      // A failed send may be retried: the hold is already settled; the failed attempt's versions are over.
      await tx
        .update(walletWithdrawalSends)
        .set({ retired: true })
        .where(eq(walletWithdrawalSends.withdrawalId, w.id));
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
    // Without a hot wallet for the network, the operator paid it and gave the hash.
    const done = !senderFor(ctx, w.chain, w.asset);
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
