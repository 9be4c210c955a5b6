/**
 * The EVM watcher's crediting: pending deposits with enough confirmations whose block is still canonical, each
 * credited once (`onConfirmed` in the transaction that marks it approved); one whose block is gone rewinds.
 */
import assert from 'node:assert/strict';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { walletDeposits } from '../tables';
import { blockAt, CREDIT_BATCH, type EvmCtx } from './evm-context';
import { rewind } from './evm-reorg';

/** Credits one deposit if it is still pending in the same block; true when this call did it. */
export async function creditOne(ctx: EvmCtx, id: number, blockHash: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: walletDeposits.id,
        userId: walletDeposits.userId,
        asset: walletDeposits.asset,
        amount: walletDeposits.amount,
        txHash: walletDeposits.txHash,
        logIndex: walletDeposits.logIndex,
      })
      .from(walletDeposits)
      .where(
        and(
          eq(walletDeposits.id, id),
          eq(walletDeposits.status, 'pending'),
          eq(walletDeposits.blockHash, blockHash),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return false;
    assert(row.amount > 0n, `deposit ${id} of a non-positive amount`);
    const ledgerTxId = await ctx.opts.onConfirmed(tx, row);
    assert(Number.isSafeInteger(ledgerTxId) && ledgerTxId > 0, `onConfirmed returned ${ledgerTxId}`);
    await tx
      .update(walletDeposits)
      .set({ status: 'approved', ledgerTxId, reason: null, updatedAt: ctx.clock.now() })
      .where(eq(walletDeposits.id, id));
    return true;
  });
}

/**
 * Credits pending deposits with enough confirmations whose block is still canonical. One
 * whose block is gone rewinds the watcher to below it (returned as `rewoundTo`).
 */
export async function creditDue(
  ctx: EvmCtx,
  headHeight: number,
): Promise<{ credited: number; orphaned: number; rewoundTo: number | null }> {
  const due = await ctx.db
    .select({
      id: walletDeposits.id,
      blockNumber: walletDeposits.blockNumber,
      blockHash: walletDeposits.blockHash,
    })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, ctx.chain),
        eq(walletDeposits.status, 'pending'),
        isNotNull(walletDeposits.blockNumber),
        lte(walletDeposits.blockNumber, headHeight - ctx.confirmations + 1),
      ),
    )
    .orderBy(asc(walletDeposits.blockNumber), asc(walletDeposits.id))
    .limit(CREDIT_BATCH);
  const canonical = new Map<number, string | null>();
  let credited = 0;
  let orphaned = 0;
  let rewoundTo: number | null = null;
  for (const d of due) {
    if (d.blockNumber === null || d.blockHash === null) continue;
    let hash = canonical.get(d.blockNumber);
    if (hash === undefined) {
      hash = (await blockAt(ctx, d.blockNumber))?.hash ?? null;
      canonical.set(d.blockNumber, hash);
    }
    if (hash !== d.blockHash) {
      // Its block left the chain without the scan noticing (found by tx hash, or deeper than
      // the window): treat the block as the fork.
      // Every deposit after this one (ordered by block) is above the fork and now failed.
      const r = await rewind(ctx, d.blockNumber - 1);
      orphaned += r?.orphaned ?? 0;
      rewoundTo = r?.cursor ?? null;
      break;
    }
    try {
      if (await creditOne(ctx, d.id, d.blockHash)) credited++;
    } catch (err) {
      ctx.log.error(
        { chain: ctx.chain, depositId: d.id, err },
        'crediting a deposit failed; it stays pending',
      );
    }
  }
  return { credited, orphaned, rewoundTo };
}
