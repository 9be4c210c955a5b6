import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Hash, TransactionReceiptNotFoundError } from 'viem';
import { DomainError, ValidationError } from '../../../kernel/errors';
import { walletDeposits } from '../tables';
import { storedAddress } from './evm-addresses';
import { type EvmCtx, head, ready, TX_HASH_RE } from './evm-context';
import { matchTransfers, record } from './evm-scan';
import type { SubmittedDeposit } from './types';

export async function submitTxHash(ctx: EvmCtx, userId: number, txHash: string): Promise<SubmittedDeposit[]> {
  if (!TX_HASH_RE.test(txHash)) throw new ValidationError('tx_hash', 'invalid_format');
  await ready(ctx);
  const address = await storedAddress(ctx, userId);
  if (!address) throw new DomainError('NotFound');
  let receipt: Awaited<ReturnType<typeof ctx.client.getTransactionReceipt>>;
  try {
    receipt = await ctx.client.getTransactionReceipt({ hash: txHash as Hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) throw new DomainError('NotFound');
    throw err;
  }
  if (receipt.status !== 'success') throw new DomainError('NotFound');
  const found = matchTransfers(ctx, receipt.logs, new Map([[address.toLowerCase(), userId]]));
  if (found.length === 0) throw new DomainError('NotFound');
  const headHeight = await head(ctx);
  await ctx.db.transaction((tx) => record(ctx, tx, found));
  const rows = await ctx.db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, ctx.chain),
        eq(walletDeposits.txHash, txHash.toLowerCase()),
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
