/** Deposits as operators review them: a claim with its owner, approvals and contest, the approvals it needs, a rejection. */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { schema, type Tx } from '../../store';
import type { WalletCtx } from './context';
import { type DepositRow, view } from './deposits';
import { walletDeposits } from './tables';

const { users, operators } = schema;

export async function ownerOf(ctx: WalletCtx, userId: number) {
  const [u] = await ctx.store.db
    .select({ uid: users.uid, address: users.address })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { uid: '', address: '' };
}

export async function adminView(ctx: WalletCtx, d: DepositRow) {
  const names = d.approvals.length
    ? await ctx.store.db
        .select({ id: operators.id, name: operators.name })
        .from(operators)
        .where(inArray(operators.id, d.approvals))
    : [];
  // Other claims of the same transfer: a contested hash needs a look at who really sent it.
  const others = await ctx.store.db
    .select({ id: walletDeposits.id })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, d.chain),
        eq(walletDeposits.txHash, d.txHash),
        eq(walletDeposits.logIndex, d.logIndex),
        ne(walletDeposits.id, d.id),
        ne(walletDeposits.status, 'failed'),
      ),
    );
  return {
    ...(await view(ctx, d)),
    user_id: d.userId,
    user: await ownerOf(ctx, d.userId),
    approvals: d.approvals.map((id) => names.find((n) => n.id === id)?.name ?? String(id)),
    required_approvals: d.requiredApprovals,
    contested: others.length > 0,
  };
}

/** Approvals a manual credit needs: two from the threshold on (in USDT at the live price), else one. */
export async function approvalsFor(ctx: WalletCtx, asset: string, amount: bigint): Promise<number> {
  const threshold = (await ctx.settings.get('deposit.manual_second_approval_usdt')).units;
  const a = await ctx.assets.get(asset);
  const price = await ctx.assets.priceUsdt18(a.symbol);
  // An asset without a price cannot be judged small: it takes two.
  if (price === null) return 2;
  return (await ctx.assets.usdtValue(a, amount)) >= threshold ? 2 : 1;
}

export async function audit(
  ctx: WalletCtx,
  tx: Tx,
  operatorId: number,
  action: string,
  before: DepositRow | null,
  after: DepositRow,
  note?: string,
) {
  await auditOperator(tx, ctx.clock.now(), {
    operatorId,
    action,
    subject: `deposit:${after.id}`,
    before,
    // The operator's own words travel with the change they made.
    after: note ? { ...after, operator_note: note } : after,
  });
}

export async function reject(ctx: WalletCtx, operatorId: number, depositId: number, reason: string) {
  const row = await ctx.store.db.transaction(async (tx) => {
    const [d] = await tx.select().from(walletDeposits).where(eq(walletDeposits.id, depositId)).for('update');
    if (!d) throw new DomainError('NotFound');
    if (d.status !== 'pending') throw new DomainError('InvalidState');
    const [after] = await tx
      .update(walletDeposits)
      .set({ status: 'failed', reason, reviewedBy: operatorId, updatedAt: ctx.clock.now() })
      .where(eq(walletDeposits.id, d.id))
      .returning();
    if (!after) throw new Error('deposit vanished');
    await audit(ctx, tx, operatorId, 'deposit.reject', d, after);
    return after;
  });
  return adminView(ctx, row);
}
