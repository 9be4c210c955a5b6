/** A user's transaction hash: the transfers it made to the user's deposit address, verified on chain and recorded. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../kernel/errors';
import { walletDeposits } from '../tables';
import type { SubmittedDeposit } from './types';
import { storedAddress } from './watch-addresses';
import type { WatchCtx } from './watch-context';
import { record } from './watch-scan';

export async function submitTxHash(
  ctx: WatchCtx,
  userId: number,
  txHash: string,
): Promise<SubmittedDeposit[]> {
  await ctx.source.ready();
  const address = await storedAddress(ctx, userId);
  if (!address) throw new DomainError('NotFound');
  const found = await ctx.source.transaction(txHash, new Map([[address, userId]]));
  if (!found || found.length === 0) throw new DomainError('NotFound');
  const headHeight = await ctx.source.head();
  await ctx.db.transaction((tx) => record(ctx, tx, found));
  const rows = await ctx.db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, ctx.chain),
        eq(walletDeposits.txHash, found[0]?.txHash ?? txHash),
        inArray(
          walletDeposits.logIndex,
          found.map((t) => t.logIndex),
        ),
      ),
    )
    .orderBy(asc(walletDeposits.logIndex));
  if (rows.length === 0) throw new DomainError('NotFound'); // every transfer was dust
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    asset: r.asset,
    amount: r.amount,
    txHash: r.txHash,
    logIndex: r.logIndex,
    address: r.address ?? address,
    blockNumber: r.blockNumber ?? 0,
    status: r.status,
    confirmations: r.blockNumber === null ? 0 : Math.max(0, headHeight - r.blockNumber + 1),
  }));
}
