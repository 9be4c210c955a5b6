/**
 * The EVM watcher's scan, step by step: token transfers to known addresses in a block range (narrowed when the
 * node refuses it), recorded as deposit rows with the range's block hashes, and the cursor moved, in one
 * transaction that commits only where the step started.
 */
import assert from 'node:assert/strict';
import { and, eq, lt, sql } from 'drizzle-orm';
import { getAddress, HttpRequestError, parseEventLogs, TimeoutError } from 'viem';
import { schema, type Tx } from '../../../store';
import { depositKeyWhere, walletDeposits } from '../tables';
import {
  type BlockHeader,
  blockAt,
  ChainMoved,
  type EvmCtx,
  type FoundTransfer,
  TRANSFER,
  toMinor,
} from './evm-context';
import { lockCursor } from './evm-reorg';

const { chainBlocks, chainCursors } = schema;

/** Transfer logs of the token in a receipt or a log query, to known addresses only. */
export function matchTransfers(
  ctx: EvmCtx,
  logs: Parameters<typeof parseEventLogs>[0]['logs'],
  addresses: ReadonlyMap<string, number>,
): FoundTransfer[] {
  const found: FoundTransfer[] = [];
  for (const entry of parseEventLogs({ abi: [TRANSFER], logs, strict: true })) {
    if (entry.removed || entry.address.toLowerCase() !== ctx.tokenLower) continue;
    const to = entry.args.to.toLowerCase();
    const userId = addresses.get(to);
    if (userId === undefined) continue;
    assert(entry.transactionHash && entry.blockHash && entry.blockNumber !== null && entry.logIndex !== null);
    found.push({
      userId,
      address: to,
      tokenUnits: entry.args.value,
      txHash: entry.transactionHash.toLowerCase(),
      logIndex: entry.logIndex,
      blockNumber: Number(entry.blockNumber),
      blockHash: entry.blockHash.toLowerCase(),
    });
  }
  return found;
}

/**
 * Token transfers to known addresses in [from, to]. A node that refuses the range (too many
 * results, too wide) gets a narrower one; returns the last block actually covered.
 */
export async function transfersIn(
  ctx: EvmCtx,
  from: number,
  to: number,
  addresses: ReadonlyMap<string, number>,
): Promise<{ to: number; found: FoundTransfer[] }> {
  if (addresses.size === 0) return { to, found: [] };
  const filter =
    addresses.size <= ctx.maxTopicAddresses ? [...addresses.keys()].map((a) => getAddress(a)) : undefined;
  for (;;) {
    try {
      const logs = await ctx.client.getLogs({
        address: ctx.tokenAddress,
        event: TRANSFER,
        args: filter ? { to: filter } : undefined,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      });
      ctx.state.step = Math.min(ctx.maxBlocksPerStep, ctx.state.step * 2);
      return { to, found: matchTransfers(ctx, logs, addresses) };
    } catch (err) {
      // Only a refusal by the node (range too wide, too many results) is worth a narrower
      // range; an unreachable node fails the step as it is.
      if (to === from || err instanceof HttpRequestError || err instanceof TimeoutError) throw err;
      to = from + Math.floor((to - from) / 2);
      ctx.state.step = Math.max(1, to - from + 1);
      ctx.log.warn({ chain: ctx.chain, from, to, err }, 'eth_getLogs refused a range; narrowing it');
    }
  }
}

/**
 * Upserts deposit rows (one per chain, tx hash, log index). A row still pending or orphaned by
 * a reorganisation takes the block it is now found in and is pending again; an approved row,
 * or one failed for another reason, is never touched.
 */
export async function record(ctx: EvmCtx, tx: Tx, found: readonly FoundTransfer[]): Promise<number> {
  const now = ctx.clock.now();
  const values = found.flatMap((t) => {
    const amount = toMinor(ctx, t.tokenUnits);
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
        asset: ctx.token.asset,
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
  ctx: EvmCtx,
  scanned: number,
  limit: number,
  addresses: ReadonlyMap<string, number>,
): Promise<{ cursor: number; recorded: number } | null> {
  const from = scanned + 1;
  const { to, found } = await transfersIn(ctx, from, Math.min(limit, scanned + ctx.state.step), addresses);
  const tailFrom = Math.max(from, to - ctx.reorgWindow + 1);
  const heights = [from, ...Array.from({ length: to - tailFrom + 1 }, (_, i) => tailFrom + i)];
  const headers = await Promise.all([...new Set(heights)].map((h) => blockAt(ctx, h)));
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
