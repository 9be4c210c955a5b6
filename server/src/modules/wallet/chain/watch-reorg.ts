/**
 * A watcher's cursor and reorganisations: the cursor read (made at the first poll), locked, rewound to a
 * fork point (deposits above it fail with reason 'reorg', their held credits reversed through the deposit
 * book in the same transaction), and the fork found by the stored block hashes.
 */
import assert from 'node:assert/strict';
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { schema, type Tx } from '../../../store';
import { walletDeposits } from '../tables';
import { ChainMoved, type WatchCtx } from './watch-context';

const { chainBlocks, chainCursors } = schema;

export async function cursor(ctx: WatchCtx, headHeight: number): Promise<number> {
  const read = async () => {
    const [row] = await ctx.db
      .select({ height: chainCursors.scannedHeight })
      .from(chainCursors)
      .where(eq(chainCursors.chain, ctx.chain));
    return row?.height;
  };
  const found = await read();
  if (found !== undefined) return found;
  const start = ctx.opts.startBlock ?? headHeight;
  await ctx.db
    .insert(chainCursors)
    .values({ chain: ctx.chain, scannedHeight: Math.max(0, start) - 1, updatedAt: ctx.clock.now() })
    .onConflictDoNothing();
  const created = await read();
  assert(created !== undefined, 'cursor vanished after insert');
  return created;
}

export async function lockCursor(ctx: WatchCtx, tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ height: chainCursors.scannedHeight })
    .from(chainCursors)
    .where(eq(chainCursors.chain, ctx.chain))
    .for('update');
  assert(row, 'chain cursor missing');
  return row.height;
}

/**
 * Forgets everything above `forkPoint`: the cursor goes back to it (never forward), its
 * recorded block hashes go, and deposits still pending from those blocks fail with reason
 * 'reorg', a held credit reversed (a later scan that finds the transfer again makes them pending
 * again, to be credited anew).
 * With `expected`, does nothing (null) unless the cursor is still there.
 */
export async function rewind(
  ctx: WatchCtx,
  forkPoint: number,
  expected?: number,
): Promise<{ cursor: number; orphaned: number } | null> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockCursor(ctx, tx);
    if (expected !== undefined && current !== expected) return null;
    const now = ctx.clock.now();
    const next = Math.min(current, forkPoint);
    // The deposits above the fork, locked before anything changes (a credit in progress finishes first):
    // those credited held are reversed below.
    const above = await tx
      .select({ id: walletDeposits.id, ledgerTxId: walletDeposits.ledgerTxId })
      .from(walletDeposits)
      .where(
        and(
          eq(walletDeposits.chain, ctx.chain),
          eq(walletDeposits.status, 'pending'),
          gt(walletDeposits.blockNumber, forkPoint),
        ),
      )
      .for('update');
    const held = new Set(above.flatMap((r) => (r.ledgerTxId === null ? [] : [r.id])));
    await tx
      .update(chainCursors)
      .set({ scannedHeight: next, updatedAt: now })
      .where(eq(chainCursors.chain, ctx.chain));
    await tx
      .delete(chainBlocks)
      .where(and(eq(chainBlocks.chain, ctx.chain), gt(chainBlocks.height, forkPoint)));
    // Only the rows locked above: one recorded since is checked against the chain when it comes due.
    const ids = above.map((r) => r.id);
    const orphaned =
      ids.length === 0
        ? []
        : await tx
            .update(walletDeposits)
            .set({ status: 'failed', reason: 'reorg', ledgerTxId: null, updatedAt: now })
            .where(inArray(walletDeposits.id, ids))
            .returning({
              id: walletDeposits.id,
              userId: walletDeposits.userId,
              asset: walletDeposits.asset,
              amount: walletDeposits.amount,
              txHash: walletDeposits.txHash,
              logIndex: walletDeposits.logIndex,
            });
    // Held credits go back in the same transaction.
    for (const d of orphaned) {
      if (held.has(d.id)) await ctx.book.reverse(tx, d);
    }
    ctx.log.warn(
      { chain: ctx.chain, forkPoint, from: current, orphaned: orphaned.length },
      'chain reorganisation: rewound',
    );
    return { cursor: next, orphaned: orphaned.length };
  });
}

/**
 * Compares the stored hashes of the last scanned blocks with the chain, newest first; the
 * highest one that still matches is the fork point. A match at the top (the usual case) costs
 * one call: a block hash commits to all its ancestors.
 */
export async function checkReorg(
  ctx: WatchCtx,
  scanned: number,
  headHeight: number,
): Promise<{ cursor: number; orphaned: number }> {
  const stored = await ctx.db
    .select({ height: chainBlocks.height, hash: chainBlocks.hash })
    .from(chainBlocks)
    .where(and(eq(chainBlocks.chain, ctx.chain), lte(chainBlocks.height, scanned)))
    .orderBy(desc(chainBlocks.height))
    .limit(ctx.reorgWindow);
  const top = stored[0];
  if (!top) return { cursor: scanned, orphaned: 0 };
  let fork: number | null = null;
  for (const b of stored) {
    const onChain = b.height <= headHeight ? await ctx.source.block(b.height) : null;
    if (onChain?.hash === b.hash) {
      fork = b.height;
      break;
    }
  }
  if (fork === scanned) return { cursor: scanned, orphaned: 0 };
  if (fork === null) {
    fork = (stored.at(-1)?.height ?? scanned) - 1;
    ctx.log.error(
      { chain: ctx.chain, scanned, fork },
      'reorganisation deeper than the stored window; rescanning from its bottom',
    );
  }
  const r = await rewind(ctx, fork, scanned);
  if (!r) throw new ChainMoved('cursor moved during the reorganisation check');
  return r;
}
