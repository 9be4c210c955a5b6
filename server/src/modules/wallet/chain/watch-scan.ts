/**
 * A watcher's scan, step by step: transfers to known addresses in a block range (as the network's source
 * reports them), recorded as deposit rows with the range's block hashes, and the cursor moved, in one
 * transaction that commits only where the step started.
 */
import assert from 'node:assert/strict';
import { and, eq, lt, sql } from 'drizzle-orm';
import { schema, type Tx } from '../../../store';
import { depositKeyWhere, walletDeposits } from '../tables';
import type { BlockHeader, FoundTransfer } from './types';
import { ChainMoved, type WatchCtx } from './watch-context';
import { lockCursor } from './watch-reorg';

const { chainBlocks, chainCursors } = schema;

/**
 * Upserts deposit rows (one per chain, tx hash, log index). A row still pending (a held credit stays
 * held) or orphaned by a reorganisation (its held credit already reversed) takes the block it is now found
 * in and is pending again; an approved row, or one failed for another reason, is never touched.
 */
export async function record(ctx: WatchCtx, tx: Tx, found: readonly FoundTransfer[]): Promise<number> {
  const now = ctx.clock.now();
  const values = found.flatMap((t) => {
    const amount = t.amount;
    if (amount <= 0n) {
      ctx.log.warn(
        { chain: ctx.chain, txHash: t.txHash, logIndex: t.logIndex },
        'deposit below the platform unit ignored',
      );
      return [];
    }
    return [
      {
        userId: t.userId,
        asset: t.asset,
        amount,
        chain: ctx.chain,
        txHash: t.txHash,
        logIndex: t.logIndex,
        address: t.address,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash,
        status: 'pending' as const,
        createdAt: now,
        updatedAt: now,
      },
    ];
  });
  if (values.length === 0) return 0;
  const rows = await tx
    .insert(walletDeposits)
    .values(values)
    .onConflictDoUpdate({
      target: [walletDeposits.chain, walletDeposits.txHash, walletDeposits.logIndex],
      targetWhere: depositKeyWhere(walletDeposits),
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        status: 'pending',
        reason: null,
        updatedAt: now,
      },
      setWhere: sql`${walletDeposits.status} = 'pending' or (${walletDeposits.status} = 'failed' and ${walletDeposits.reason} = 'reorg')`,
    })
    .returning({ id: walletDeposits.id });
  return rows.length;
}

/**
 * Scans (scanned, up to `limit`]: records transfers to known addresses and the hashes of the
 * range's last `reorgWindow` blocks, and moves the cursor, all in one transaction that only
 * commits if the cursor is still where this step started and the range still hangs from the
 * block recorded below it. Returns the new cursor, or null when another watcher got there first.
 */
export async function scanStep(
  ctx: WatchCtx,
  scanned: number,
  limit: number,
  addresses: ReadonlyMap<string, number>,
): Promise<{ cursor: number; recorded: number } | null> {
  const from = scanned + 1;
  const { to, found } = await ctx.source.transfers(from, limit, addresses);
  assert(to >= from && to <= limit, `source covered [${from}, ${to}] of [${from}, ${limit}]`);
  const tailFrom = Math.max(from, to - ctx.reorgWindow + 1);
  const heights = [from, ...Array.from({ length: to - tailFrom + 1 }, (_, i) => tailFrom + i)];
  const headers = await Promise.all([...new Set(heights)].map((h) => ctx.source.block(h)));
  const byHeight = new Map<number, BlockHeader>();
  for (const h of headers) {
    if (!h) throw new ChainMoved('a scanned block is gone');
    byHeight.set(h.number, h);
  }
  for (let h = tailFrom + 1; h <= to; h++) {
    if (byHeight.get(h)?.parentHash !== byHeight.get(h - 1)?.hash) {
      throw new ChainMoved('blocks do not link');
    }
  }
  for (const t of found) {
    const b = byHeight.get(t.blockNumber);
    if (b && b.hash !== t.blockHash) throw new ChainMoved('a log is from another branch');
  }
  const first = byHeight.get(from);
  assert(first);
  const tail = [...byHeight.values()].filter((b) => b.number >= tailFrom);

  return ctx.db.transaction(async (tx) => {
    if ((await lockCursor(ctx, tx)) !== scanned) return null;
    const [below] = await tx
      .select({ hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chain, ctx.chain), eq(chainBlocks.height, scanned)));
    if (below && below.hash !== first.parentHash) return null;
    const recorded = await record(ctx, tx, found);
    await tx
      .insert(chainBlocks)
      .values(tail.map((b) => ({ chain: ctx.chain, height: b.number, hash: b.hash })))
      .onConflictDoUpdate({
        target: [chainBlocks.chain, chainBlocks.height],
        set: { hash: sql`excluded.hash` },
      });
    await tx
      .delete(chainBlocks)
      .where(and(eq(chainBlocks.chain, ctx.chain), lt(chainBlocks.height, to - 2 * ctx.reorgWindow)));
    await tx
      .update(chainCursors)
      .set({ scannedHeight: to, updatedAt: ctx.clock.now() })
      .where(eq(chainCursors.chain, ctx.chain));
    return { cursor: to, recorded };
  });
}
