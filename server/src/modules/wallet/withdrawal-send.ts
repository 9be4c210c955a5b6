/**
 * A settled withdrawal paid from its network's hot wallet, so that it is never paid twice: checked and priced
 * first (nothing signed when it cannot be paid: `send_failed`; a low hot wallet: `queued`), then in one
 * committed transaction a nonce is allocated from the store for (network, hot wallet) and the signer's
 * transaction is stored with its hash; only then is it broadcast, and the record shows its hash (`sent`).
 * A crash in between leaves the stored transaction, which `withdrawal-follow.ts` looks up on chain and only
 * ever broadcasts again as it is (same nonce). Networks whose adapter only has `sendToken` are paid directly.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { writeNotice } from '../../kernel/notices';
import { amountSetting } from '../../kernel/settings';
import { schema, type Tx } from '../../store';
import type { ChainAdapter, HotPayer, SignedPayment } from './chain';
import type { WalletCtx } from './context';
import { senderFor } from './funding';
import { walletHotNonces, walletWithdrawalSends, walletWithdrawals } from './tables';
import type { WithdrawalRow } from './withdrawals';

export type SendRow = typeof walletWithdrawalSends.$inferSelect;

const NOTICE_OF_STAGE = {
  sent: 'withdrawal_sent',
  completed: 'withdrawal_completed',
  rejected: 'withdrawal_rejected',
} as const;

/** The user is told once a withdrawal is sent (with its hash), final on chain, or rejected. */
export async function noticeOf(ctx: WalletCtx, tx: Tx, w: WithdrawalRow): Promise<void> {
  if (w.stage !== 'sent' && w.stage !== 'completed' && w.stage !== 'rejected') return;
  const amount = ctx.assets.show(await ctx.assets.get(w.asset), w.amount);
  await writeNotice(ctx.outbox, tx, {
    userId: w.userId,
    kind: NOTICE_OF_STAGE[w.stage],
    ref: `wd_${w.id}:${w.stage}`,
    params: { asset: w.asset, amount, tx_hash: w.txHash ?? '', reason: w.reason ?? '' },
  });
}

/**
 * Moves a withdrawal from one of `from` stages on, audited (by the operator whose approval set it going, or
 * by the platform) and told to the user; null when it was no longer in those stages.
 */
export async function moveOn(
  ctx: WalletCtx,
  tx: Tx,
  w: WithdrawalRow,
  from: readonly string[],
  set: Partial<typeof walletWithdrawals.$inferInsert>,
  action: string,
  operatorId: number | null,
): Promise<WithdrawalRow | null> {
  const now = ctx.clock.now();
  const [after] = await tx
    .update(walletWithdrawals)
    .set({ ...set, updatedAt: now })
    .where(and(eq(walletWithdrawals.id, w.id), inArray(walletWithdrawals.stage, [...from])))
    .returning();
  if (!after) return null;
  const entry = { action, subject: `withdrawal:${w.id}`, before: w, after };
  if (operatorId !== null) await auditOperator(tx, now, { operatorId, ...entry });
  else {
    const json = (v: unknown) =>
      JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));
    await tx.insert(schema.auditLog).values({
      actorKind: 'system',
      actorId: null,
      ...entry,
      before: json(w),
      after: json(after),
      createdAt: now,
    });
  }
  await noticeOf(ctx, tx, after);
  return after;
}

export async function current(ctx: WalletCtx, id: number): Promise<WithdrawalRow> {
  const [w] = await ctx.store.db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, id));
  if (!w) throw new Error('withdrawal vanished');
  return w;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message.slice(0, 200) : 'send failed');

/** Nothing was signed (or nothing stored): the withdrawal waits for an operator, its hold settled. */
export async function failSend(
  ctx: WalletCtx,
  w: WithdrawalRow,
  operatorId: number | null,
  reason: string,
  txHash?: string,
): Promise<WithdrawalRow> {
  ctx.log.error({ withdrawal: w.id, reason }, 'withdrawal send failed');
  const after = await ctx.store.db.transaction((tx) =>
    moveOn(
      ctx,
      tx,
      w,
      ['sending', 'queued', 'sent'],
      { stage: 'send_failed', reason, ...(txHash ? { txHash } : {}) },
      'withdrawal.send_failed',
      operatorId,
    ),
  );
  return after ?? current(ctx, w.id);
}

/** The hot wallet's floor on a network (the setting, in its token's units), 0 without one. */
export async function hotFloor(ctx: WalletCtx, chain: string, asset: string): Promise<bigint> {
  const text = (await ctx.settings.get('withdraw.hot_wallet_min'))[chain];
  if (!text) return 0n;
  return amountSetting('withdraw.hot_wallet_min', text, (await ctx.assets.get(asset)).scale);
}

/** Whether the hot wallet is too low to pay `w` now: below the amount, or below its floor. */
async function tooLow(ctx: WalletCtx, sender: ChainAdapter, w: WithdrawalRow): Promise<boolean> {
  if (!sender.hotWalletBalance) return false;
  const b = await sender.hotWalletBalance();
  return b.amount < w.amount || b.amount < (await hotFloor(ctx, w.chain, w.asset));
}

/** A network whose adapter only sends at once (no payer): the hash is recorded after the send. */
async function sendDirect(ctx: WalletCtx, sender: ChainAdapter, w: WithdrawalRow, operatorId: number | null) {
  let txHash: string;
  try {
    txHash = await (sender.sendToken as NonNullable<ChainAdapter['sendToken']>)(w.address, w.amount);
  } catch (err) {
    return failSend(ctx, w, operatorId, reasonOf(err));
  }
  const after = await ctx.store.db.transaction((tx) =>
    moveOn(
      ctx,
      tx,
      w,
      ['sending'],
      { stage: 'sent', status: 'approved', txHash },
      'withdrawal.sent',
      operatorId,
    ),
  );
  return after ?? current(ctx, w.id);
}

/**
 * Signs the payment for the next nonce of (network, hot wallet) and stores it, committed; null when the
 * withdrawal was no longer waiting to be sent or another step already signed it.
 */
async function signAndStore(
  ctx: WalletCtx,
  w: WithdrawalRow,
  sign: (nonce: number) => Promise<SignedPayment>,
  plan: { from: string; chainNonce: number },
): Promise<SendRow | null> {
  return ctx.store.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, w.id))
      .for('update');
    if (!row || (row.stage !== 'sending' && row.stage !== 'queued')) return null;
    const [signed] = await tx
      .select({ id: walletWithdrawalSends.id })
      .from(walletWithdrawalSends)
      .where(and(eq(walletWithdrawalSends.withdrawalId, w.id), eq(walletWithdrawalSends.retired, false)))
      .limit(1);
    if (signed) return null;
    await tx
      .insert(walletHotNonces)
      .values({ chain: w.chain, address: plan.from, next: plan.chainNonce })
      .onConflictDoNothing();
    const [slot] = await tx
      .select()
      .from(walletHotNonces)
      .where(and(eq(walletHotNonces.chain, w.chain), eq(walletHotNonces.address, plan.from)))
      .for('update');
    // The store's count, unless the node has seen more (the wallet used by hand): never one already used.
    const nonce = Math.max(slot?.next ?? 0, plan.chainNonce);
    const s = await sign(nonce);
    await tx
      .update(walletHotNonces)
      .set({ next: nonce + 1, updatedAt: ctx.clock.now() })
      .where(and(eq(walletHotNonces.chain, w.chain), eq(walletHotNonces.address, plan.from)));
    const [stored] = await tx
      .insert(walletWithdrawalSends)
      .values({
        withdrawalId: w.id,
        chain: w.chain,
        fromAddress: plan.from,
        nonce: s.nonce,
        raw: s.raw,
        txHash: s.hash.toLowerCase(),
        maxFeePerGas: s.maxFeePerGas,
        maxPriorityFeePerGas: s.maxPriorityFeePerGas,
      })
      .returning();
    if (row.stage === 'queued') {
      await tx.update(walletWithdrawals).set({ stage: 'sending' }).where(eq(walletWithdrawals.id, w.id));
    }
    return stored ?? null;
  });
}

/**
 * Broadcasts a stored version and marks the withdrawal sent with its hash; a node that refuses leaves it as it
 * is (stored, `sending`) for the follower to broadcast the same transaction again.
 */
export async function broadcastStored(
  ctx: WalletCtx,
  payer: HotPayer,
  w: WithdrawalRow,
  s: SendRow,
  operatorId: number | null,
): Promise<WithdrawalRow> {
  try {
    await payer.broadcast(s.raw);
  } catch (err) {
    ctx.log.warn({ withdrawal: w.id, hash: s.txHash, err: reasonOf(err) }, 'withdrawal broadcast failed');
    return current(ctx, w.id);
  }
  const head = await payer.head().catch(() => null);
  const after = await ctx.store.db.transaction(async (tx) => {
    await tx
      .update(walletWithdrawalSends)
      .set({ sentBlock: head })
      .where(and(eq(walletWithdrawalSends.id, s.id), sql`${walletWithdrawalSends.sentBlock} is null`));
    return moveOn(
      ctx,
      tx,
      w,
      ['sending'],
      { stage: 'sent', txHash: s.txHash },
      'withdrawal.sent',
      operatorId,
    );
  });
  return after ?? current(ctx, w.id);
}

/** Sends a settled withdrawal (stage `sending` or `queued`) from its network's hot wallet. */
export async function send(
  ctx: WalletCtx,
  w: WithdrawalRow,
  operatorId: number | null,
): Promise<WithdrawalRow> {
  const sender = senderFor(ctx, w.chain, w.asset);
  if (!sender) return w;
  const payer = sender.payer;
  if (!payer) return sendDirect(ctx, sender, w, operatorId);
  let plan: Parameters<typeof signAndStore>[3];
  let sign: (nonce: number) => Promise<SignedPayment>;
  try {
    if (await tooLow(ctx, sender, w)) {
      if (w.stage === 'queued') return w;
      const queued = await ctx.store.db.transaction((tx) =>
        moveOn(ctx, tx, w, ['sending'], { stage: 'queued' }, 'withdrawal.queued', operatorId),
      );
      return queued ?? current(ctx, w.id);
    }
    const prepared = await payer.prepare(w.address, w.amount);
    const fees = await payer.fees();
    plan = { from: await payer.address(), chainNonce: await payer.nonce('pending') };
    sign = (nonce) => payer.sign(prepared, nonce, fees);
  } catch (err) {
    return failSend(ctx, w, operatorId, reasonOf(err));
  }
  let stored: SendRow | null;
  try {
    stored = await signAndStore(ctx, w, sign, plan);
  } catch (err) {
    // The signer refused or the store failed: nothing was stored, no nonce used.
    return failSend(ctx, w, operatorId, reasonOf(err));
  }
  if (!stored) return current(ctx, w.id);
  return broadcastStored(ctx, payer, await current(ctx, w.id), stored, operatorId);
}
