/**
 * A watcher's crediting: a pending deposit whose block is still canonical is credited once at `creditAfter`
 * confirmations (held until final when that is fewer than `confirmations`), and becomes final (approved, the
 * held amount released) at `confirmations`; each in the transaction that changes its row. One whose block is
 * gone rewinds the watcher below it (a held credit reversed there).
 */
import assert from 'node:assert/strict';
import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { walletDeposits } from '../tables';
import type { WatchCtx } from './watch-context';
import { CREDIT_BATCH } from './watch-context';
import { rewind } from './watch-reorg';

/** What a crediting pass did to one deposit. */
type Outcome = 'credited' | 'released' | 'none';

/**
 * Credits or releases one deposit if it is still pending in the same block: final (approved) when `final`,
 * else credited held. Credited at once and final when both come together.
 */
export async function creditOne(
  ctx: WatchCtx,
  id: number,
  blockHash: string,
  final: boolean,
): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: walletDeposits.id,
        userId: walletDeposits.userId,
        asset: walletDeposits.asset,
        amount: walletDeposits.amount,
        txHash: walletDeposits.txHash,
        logIndex: walletDeposits.logIndex,
        ledgerTxId: walletDeposits.ledgerTxId,
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
    if (!row) return 'none';
    assert(row.amount > 0n, `deposit ${id} of a non-positive amount`);
    const now = ctx.clock.now();
    if (row.ledgerTxId !== null) {
      if (!final) return 'none';
      await ctx.book.release(tx, row);
      await tx
        .update(walletDeposits)
        .set({ status: 'approved', reason: null, updatedAt: now })
        .where(eq(walletDeposits.id, id));
      return 'released';
    }
    const ledgerTxId = await ctx.book.credit(tx, row, !final);
    if (ledgerTxId === null) {
      await tx
        .update(walletDeposits)
        .set({ status: 'failed', reason: 'credited_manually', updatedAt: now })
        .where(eq(walletDeposits.id, id));
      ctx.log.warn({ chain: ctx.chain, depositId: id }, 'deposit already credited by an operator; not again');
      return 'none';
    }
    assert(Number.isSafeInteger(ledgerTxId) && ledgerTxId > 0, `the deposit book returned ${ledgerTxId}`);
    await tx
      .update(walletDeposits)
      .set({ status: final ? 'approved' : 'pending', ledgerTxId, reason: null, updatedAt: now })
      .where(eq(walletDeposits.id, id));
    return 'credited';
  });
}

/**
 * Credits pending deposits with the confirmations to credit, and makes final those with the confirmations
 * to be final, whose block is still canonical. One whose block is gone rewinds the watcher to below it
 * (returned as `rewoundTo`).
 */
export async function creditDue(
  ctx: WatchCtx,
  headHeight: number,
): Promise<{ credited: number; released: number; orphaned: number; rewoundTo: number | null }> {
  const creditLine = headHeight - ctx.creditAfter + 1;
  const finalLine = headHeight - ctx.confirmations + 1;
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
        lte(walletDeposits.blockNumber, creditLine),
        // Credited held and not final yet: nothing to do (a reorganisation check watches its block).
        or(isNull(walletDeposits.ledgerTxId), lte(walletDeposits.blockNumber, finalLine)),
      ),
    )
    .orderBy(asc(walletDeposits.blockNumber), asc(walletDeposits.id))
    .limit(CREDIT_BATCH);
  const canonical = new Map<number, string | null>();
  let credited = 0;
  let released = 0;
  let orphaned = 0;
  let rewoundTo: number | null = null;
  for (const d of due) {
    if (d.blockNumber === null || d.blockHash === null) continue;
    let hash = canonical.get(d.blockNumber);
    if (hash === undefined) {
      hash = (await ctx.source.block(d.blockNumber))?.hash ?? null;
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
      const outcome = await creditOne(ctx, d.id, d.blockHash, d.blockNumber <= finalLine);
      if (outcome === 'credited') credited++;
      if (outcome === 'released') released++;
    } catch (err) {
      ctx.log.error(
        { chain: ctx.chain, depositId: d.id, err },
        'crediting a deposit failed; it stays pending',
      );
    }
  }
  return { credited, released, orphaned, rewoundTo };
}
