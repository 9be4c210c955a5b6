/**
 * The withdrawals the hot wallets are paying, followed on chain (one step per call; the module runs it on the
 * chain poll's interval where the work runs). For each one:
 * - queued (the hot wallet was low): sent once the balance allows;
 * - sending without a stored transaction (a crash before signing): signed and sent now;
 * - any stored version mined: reverted → `send_failed`; succeeded → `sent`, then `completed` at the network's
 *   confirmations (the record keeps the mined version's hash);
 * - sending with a stored version, none mined (a crash after storing): the SAME transaction broadcast again;
 * - sent, none mined, its nonce used by another transaction → `send_failed` (dropped), never re-sent with a new
 *   nonce by itself; still pending after `withdraw.bump_after_blocks` blocks → a replacement with the same
 *   nonce and fees at least 12.5 % higher (nodes want 10 %), stored before it is broadcast, every hash kept;
 * - on a chain whose transactions expire (Tron: no nonce, no fee market), a version not mined is broadcast
 *   again until it has lapsed, then the same payment is signed again on a newer block (stored first).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChainAdapter, HotPayer, PaymentFees, SignedPayment } from './chain';
import type { WalletCtx } from './context';
import { walletWithdrawalSends, walletWithdrawals } from './tables';
import { broadcastStored, current, failSend, moveOn, type SendRow, send } from './withdrawal-send';
import type { WithdrawalRow } from './withdrawals';

/** Stages the follower looks after. */
const FOLLOWED = ['queued', 'sending', 'sent'];

/** `x` raised by an eighth, rounded up: above the 10 % a replacement must offer. */
const raised = (x: bigint) => x + (x + 7n) / 8n;
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** Fees of a replacement: the old ones raised, or what the network asks now when that is more. */
export function bumpedFees(old: PaymentFees, now: PaymentFees): PaymentFees {
  const maxPriorityFeePerGas = max(raised(old.maxPriorityFeePerGas), now.maxPriorityFeePerGas);
  const maxFeePerGas = max(max(raised(old.maxFeePerGas), now.maxFeePerGas), maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas };
}

async function versions(ctx: WalletCtx, id: number): Promise<SendRow[]> {
  return ctx.store.db
    .select()
    .from(walletWithdrawalSends)
    .where(and(eq(walletWithdrawalSends.withdrawalId, id), eq(walletWithdrawalSends.retired, false)))
    .orderBy(asc(walletWithdrawalSends.id));
}

/** The first stored version the chain has mined, with its receipt. */
async function minedVersion(payer: HotPayer, list: readonly SendRow[]) {
  for (const s of list) {
    const r = await payer.receipt(s.txHash);
    if (r) return { s, r };
  }
  return null;
}

/** A mined version: reverted → send_failed; succeeded → sent, then completed at its confirmations. */
async function settleMined(
  ctx: WalletCtx,
  c: ChainAdapter,
  payer: HotPayer,
  w: WithdrawalRow,
  mined: NonNullable<Awaited<ReturnType<typeof minedVersion>>>,
): Promise<WithdrawalRow> {
  const hash = mined.s.txHash;
  if (!mined.r.ok) return failSend(ctx, w, null, 'reverted on chain', hash);
  let row = w;
  if (row.stage === 'sending') {
    row =
      (await ctx.store.db.transaction((tx) =>
        moveOn(ctx, tx, w, ['sending'], { stage: 'sent', txHash: hash }, 'withdrawal.sent', null),
      )) ?? (await current(ctx, w.id));
  }
  const confirmations = (await payer.head()) - mined.r.blockNumber + 1;
  if (row.stage !== 'sent' || confirmations < c.confirmations) return row;
  const done = await ctx.store.db.transaction((tx) =>
    moveOn(
      ctx,
      tx,
      row,
      ['sent'],
      { stage: 'completed', status: 'approved', txHash: hash },
      'withdrawal.completed',
      null,
    ),
  );
  return done ?? current(ctx, w.id);
}

/** None of the versions is mined: the latest broadcast again, replaced when stuck, failed when dropped. */
async function pushPending(
  ctx: WalletCtx,
  payer: HotPayer,
  w: WithdrawalRow,
  list: readonly SendRow[],
): Promise<WithdrawalRow> {
  const latest = list[list.length - 1] as SendRow;
  if (payer.lapsed) return pushExpiring(ctx, payer, payer.lapsed, w, list);
  if (w.stage === 'sending') return broadcastStored(ctx, payer, w, latest, null);
  // The nonce (EVM) or the coins (Bitcoin) were used, by none of ours unless one was mined just now.
  const gone = payer.dropped
    ? await payer.dropped(latest.txHash)
    : (await payer.nonce('latest')) > latest.nonce;
  if (gone) {
    const mined = await minedVersion(payer, list);
    if (mined) return w;
    const why = payer.dropped
      ? 'its coins were spent by another transaction'
      : 'its nonce was used by another transaction';
    return failSend(ctx, w, null, `dropped: ${why}`);
  }
  const head = await payer.head();
  const after = (await ctx.settings.get('withdraw.bump_after_blocks')) as number;
  if (latest.sentBlock === null || head - latest.sentBlock < after) {
    await payer.broadcast(latest.raw).catch(() => {});
    return w;
  }
  const signed = await payer.resign(latest.raw, bumpedFees(latest, await payer.fees()));
  return storeVersion(ctx, payer, w, latest, signed, head, 'withdrawal.fee_bumped');
}

/**
 * A chain whose transactions expire (Tron): the latest version broadcast again until it has lapsed (no block
 * can include it any more); then, none of the versions mined, the same payment signed again on a newer block.
 */
async function pushExpiring(
  ctx: WalletCtx,
  payer: HotPayer,
  lapsed: NonNullable<HotPayer['lapsed']>,
  w: WithdrawalRow,
  list: readonly SendRow[],
): Promise<WithdrawalRow> {
  const latest = list[list.length - 1] as SendRow;
  if (!(await lapsed(latest.raw))) {
    if (w.stage === 'sending') return broadcastStored(ctx, payer, w, latest, null);
    await payer.broadcast(latest.raw).catch(() => {});
    return w;
  }
  if (await minedVersion(payer, list)) return w;
  const signed = await payer.resign(latest.raw, await payer.fees());
  return storeVersion(ctx, payer, w, latest, signed, await payer.head(), 'withdrawal.renewed');
}

/** A new version of the payment stored (under the same number as `latest`), then broadcast and shown. */
async function storeVersion(
  ctx: WalletCtx,
  payer: HotPayer,
  w: WithdrawalRow,
  latest: SendRow,
  signed: SignedPayment,
  head: number,
  action: string,
): Promise<WithdrawalRow> {
  const [stored] = await ctx.store.db
    .insert(walletWithdrawalSends)
    .values({
      withdrawalId: w.id,
      chain: w.chain,
      fromAddress: latest.fromAddress,
      nonce: latest.nonce,
      raw: signed.raw,
      txHash: signed.hash.toLowerCase(),
      maxFeePerGas: signed.maxFeePerGas,
      maxPriorityFeePerGas: signed.maxPriorityFeePerGas,
    })
    .returning();
  if (!stored) throw new Error('new version not stored');
  ctx.log.info(
    { withdrawal: w.id, nonce: latest.nonce, hash: stored.txHash, action },
    'withdrawal signed again',
  );
  if (w.stage === 'sending') return broadcastStored(ctx, payer, w, stored, null);
  await payer.broadcast(stored.raw);
  return ctx.store.db.transaction(async (tx) => {
    await tx
      .update(walletWithdrawalSends)
      .set({ sentBlock: head })
      .where(eq(walletWithdrawalSends.id, stored.id));
    const moved = await moveOn(ctx, tx, w, ['sent'], { txHash: stored.txHash }, action, null);
    return moved ?? w;
  });
}

/** One withdrawal a step further (see the header). */
export async function followOne(ctx: WalletCtx, c: ChainAdapter, w: WithdrawalRow): Promise<WithdrawalRow> {
  const payer = c.payer;
  if (!payer) return w;
  const list = await versions(ctx, w.id);
  if (list.length === 0) return w.stage === 'sent' ? w : send(ctx, w, null);
  const mined = await minedVersion(payer, list);
  if (mined) return settleMined(ctx, c, payer, w, mined);
  return pushPending(ctx, payer, w, list);
}

/** One step over every followed withdrawal of the networks with a payer; errors are logged per withdrawal. */
export async function follow(ctx: WalletCtx): Promise<void> {
  for (const c of ctx.chains) {
    if (!c.payer || c.assets.length === 0) continue;
    const rows = await ctx.store.db
      .select()
      .from(walletWithdrawals)
      .where(and(eq(walletWithdrawals.chain, c.chain), inArray(walletWithdrawals.stage, FOLLOWED)))
      .orderBy(asc(walletWithdrawals.id));
    for (const w of rows) {
      if (w.asset !== c.assets[0]) continue;
      try {
        await followOne(ctx, c, w);
      } catch (err) {
        ctx.log.warn(
          { withdrawal: w.id, err: err instanceof Error ? err.message : err },
          'withdrawal follow failed',
        );
      }
    }
  }
}
