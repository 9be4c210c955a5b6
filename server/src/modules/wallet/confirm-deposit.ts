/**
 * An operator approves a pending claim, or records a deposit seen elsewhere. A manual credit worth the
 * threshold or more needs two different operators: the first approval makes it, the second credits it.
 * Crediting fails every other pending claim of the same transfer. In named steps, one transaction:
 * the claim (`claimOf`: a pending claim by id, or the user's claim of the hash, or a new record of it), the
 * transfer not yet credited and the operator not yet among its approvals (`checkApprover`), then an approval
 * short of the required (`approveOnly`) or the credit (`creditClaim`) with the other claims failed
 * (`failOtherClaims`).
 */
import type { ExactDecimal } from '@nexa/contract';
import { and, eq, ne } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema, type Tx } from '../../store';
import type { WalletCtx } from './context';
import { adminView, approvalsFor, audit } from './deposit-review';
import { credit, type DepositRow } from './deposits';
import { walletDeposits } from './tables';

const { users } = schema;

export interface ConfirmBody {
  readonly deposit_id?: number | undefined;
  readonly user?: string | undefined;
  readonly asset?: string | undefined;
  readonly amount?: ExactDecimal | undefined;
  readonly tx_hash?: string | undefined;
  readonly reason?: string | undefined;
}

/** A pending manual claim by its id, locked. */
async function pendingClaim(tx: Tx, depositId: number): Promise<DepositRow> {
  const [d] = await tx.select().from(walletDeposits).where(eq(walletDeposits.id, depositId)).for('update');
  if (!d) throw new DomainError('NotFound');
  if (d.status !== 'pending') throw new DomainError('InvalidState');
  if (d.chain !== 'manual') throw new DomainError('InvalidState');
  return d;
}

/** A deposit the operator saw elsewhere: the user's own pending claim of the hash (locked), or a new record. */
async function recordedClaim(ctx: WalletCtx, tx: Tx, body: ConfirmBody): Promise<DepositRow> {
  if (!body.user) throw new ValidationError('user', 'required');
  if (!body.amount) throw new ValidationError('amount', 'required');
  if (!body.tx_hash) throw new ValidationError('tx_hash', 'required');
  const key = body.user.toLowerCase();
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(/^0x[0-9a-f]{40}$/.test(key) ? eq(users.address, key) : eq(users.uid, key));
  if (!u) throw new DomainError('NotFound');
  const asset = await ctx.assets.get(body.asset ?? 'USDT');
  const amount = minorUnits(body.amount, asset, 'amount', 'invalid_format');
  const txHash = `0x${body.tx_hash.replace(/^0x/i, '')}`.toLowerCase();
  // The user's own pending claim of the hash, or a new record of it.
  let [d] = await tx
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, 'manual'),
        eq(walletDeposits.txHash, txHash),
        eq(walletDeposits.userId, u.id),
        eq(walletDeposits.status, 'pending'),
      ),
    )
    .for('update');
  if (d && d.amount !== amount) throw new DomainError('InvalidState');
  if (!d) {
    [d] = await tx
      .insert(walletDeposits)
      .values({
        userId: u.id,
        asset: asset.symbol,
        amount,
        chain: 'manual',
        txHash,
        logIndex: 0,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!d) throw new DomainError('InvalidState');
  return d;
}

/** The claim the operator confirms: by its id, or the one they record. */
function claimOf(ctx: WalletCtx, tx: Tx, body: ConfirmBody): Promise<DepositRow> {
  return body.deposit_id ? pendingClaim(tx, body.deposit_id) : recordedClaim(ctx, tx, body);
}

/** The transfer is credited to no claim yet, and this operator has not approved this claim already. */
async function checkApprover(tx: Tx, d: DepositRow, operatorId: number): Promise<void> {
  const [credited] = await tx
    .select({ id: walletDeposits.id })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, d.chain),
        eq(walletDeposits.txHash, d.txHash),
        eq(walletDeposits.logIndex, d.logIndex),
        eq(walletDeposits.status, 'approved'),
      ),
    );
  if (credited) throw new DomainError('InvalidState');
  // A transfer a watcher found is the watcher's to credit (held, final, or failed by a reorganisation): a
  // manual claim of its hash is never credited besides.
  const [watched] = await tx
    .select({ id: walletDeposits.id })
    .from(walletDeposits)
    .where(and(ne(walletDeposits.chain, 'manual'), eq(walletDeposits.txHash, d.txHash)))
    .limit(1);
  if (watched) throw new DomainError('InvalidState');
  if (d.approvals.includes(operatorId)) throw new DomainError('Forbidden');
}

/** An approval short of the required count: recorded, nothing credited. */
async function approveOnly(
  ctx: WalletCtx,
  tx: Tx,
  d: DepositRow,
  a: { operatorId: number; approvals: number[]; required: number; reason: string | undefined },
): Promise<DepositRow> {
  const [after] = await tx
    .update(walletDeposits)
    .set({
      approvals: a.approvals,
      requiredApprovals: a.required,
      reviewedBy: a.operatorId,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(walletDeposits.id, d.id))
    .returning();
  if (!after) throw new Error('deposit vanished');
  await audit(ctx, tx, a.operatorId, 'deposit.approve', d, after, a.reason);
  return after;
}

/** The last approval: the deposit credited through the ledger and marked approved. */
async function creditClaim(
  ctx: WalletCtx,
  tx: Tx,
  d: DepositRow,
  a: { operatorId: number; approvals: number[]; required: number; reason: string | undefined },
): Promise<DepositRow> {
  const ledgerTxId = await credit(ctx, tx, d);
  const [after] = await tx
    .update(walletDeposits)
    .set({
      status: 'approved',
      approvals: a.approvals,
      requiredApprovals: a.required,
      reviewedBy: a.operatorId,
      ledgerTxId,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(walletDeposits.id, d.id))
    .returning();
  if (!after) throw new Error('deposit vanished');
  await audit(ctx, tx, a.operatorId, 'deposit.confirm', d, after, a.reason);
  return after;
}

/** Every other pending claim of the credited transfer fails (each audited). */
async function failOtherClaims(ctx: WalletCtx, tx: Tx, d: DepositRow, operatorId: number): Promise<void> {
  const losers = await tx
    .update(walletDeposits)
    .set({
      status: 'failed',
      reason: 'credited to another claim of this transfer',
      updatedAt: ctx.clock.now(),
    })
    .where(
      and(
        eq(walletDeposits.chain, d.chain),
        eq(walletDeposits.txHash, d.txHash),
        eq(walletDeposits.logIndex, d.logIndex),
        eq(walletDeposits.status, 'pending'),
        ne(walletDeposits.id, d.id),
      ),
    )
    .returning();
  for (const l of losers) await audit(ctx, tx, operatorId, 'deposit.reject', null, l);
}

export async function confirm(ctx: WalletCtx, operatorId: number, body: ConfirmBody) {
  const row = await ctx.store.db.transaction(async (tx) => {
    const d = await claimOf(ctx, tx, body);
    await checkApprover(tx, d, operatorId);
    const approvals = [...d.approvals, operatorId];
    const required =
      d.approvals.length === 0 ? await approvalsFor(ctx, d.asset, d.amount) : d.requiredApprovals;
    const a = { operatorId, approvals, required, reason: body.reason };
    if (approvals.length < required) return approveOnly(ctx, tx, d, a);
    const after = await creditClaim(ctx, tx, d, a);
    await failOtherClaims(ctx, tx, d, operatorId);
    return after;
  });
  return adminView(ctx, row);
}
