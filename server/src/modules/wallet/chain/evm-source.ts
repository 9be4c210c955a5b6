/**
 * An EVM network as a `ChainSource`: token transfers read from `Transfer` logs (one `eth_getLogs` per range,
 * narrowed when the node refuses it), the native coin from the blocks' transactions (value sent straight to a
 * deposit address by a successful transaction; value moved inside a contract call is not seen), a user's
 * transaction from its receipt.
 */
import assert from 'node:assert/strict';
import {
  getAddress,
  type Hash,
  HttpRequestError,
  parseEventLogs,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { ValidationError } from '../../../kernel/errors';
import { blockAt, type EvmCtx, head, ready, TRANSFER, TX_HASH_RE, toMinor } from './evm-context';
import { type ChainSource, type FoundTransfer, NATIVE_INDEX } from './types';

/** Transfer logs of the watched tokens in a receipt or a log query, to known addresses only. */
export function matchTransfers(
  ctx: EvmCtx,
  logs: Parameters<typeof parseEventLogs>[0]['logs'],
  addresses: ReadonlyMap<string, number>,
): FoundTransfer[] {
  const found: FoundTransfer[] = [];
  for (const entry of parseEventLogs({ abi: [TRANSFER], logs, strict: true })) {
    const token = ctx.tokens.find((t) => t.lower === entry.address.toLowerCase());
    if (entry.removed || !token) continue;
    const to = entry.args.to.toLowerCase();
    const userId = addresses.get(to);
    if (userId === undefined) continue;
    assert(entry.transactionHash && entry.blockHash && entry.blockNumber !== null && entry.logIndex !== null);
    found.push({
      userId,
      address: to,
      asset: token.asset,
      amount: toMinor(token, entry.args.value),
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
async function tokenTransfers(
  ctx: EvmCtx,
  from: number,
  to: number,
  addresses: ReadonlyMap<string, number>,
): Promise<{ to: number; found: FoundTransfer[] }> {
  if (addresses.size === 0 || ctx.tokens.length === 0) return { to, found: [] };
  const filter =
    addresses.size <= ctx.maxTopicAddresses ? [...addresses.keys()].map((a) => getAddress(a)) : undefined;
  for (;;) {
    try {
      const logs = await ctx.client.getLogs({
        address: ctx.tokens.map((t) => t.checksum),
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
      ctx.log?.warn({ chain: ctx.chain, from, to, err }, 'eth_getLogs refused a range; narrowing it');
    }
  }
}

/** Whether a mined transaction succeeded (its value moved). */
async function succeeded(ctx: EvmCtx, hash: Hash): Promise<boolean> {
  return (await ctx.client.getTransactionReceipt({ hash })).status === 'success';
}

/** Native coin sent to known addresses by the transactions of blocks [from, to]. */
async function nativeTransfers(
  ctx: EvmCtx,
  from: number,
  to: number,
  addresses: ReadonlyMap<string, number>,
): Promise<FoundTransfer[]> {
  const native = ctx.native;
  if (!native || addresses.size === 0) return [];
  const found: FoundTransfer[] = [];
  for (let height = from; height <= to; height++) {
    const block = await ctx.client.getBlock({ blockNumber: BigInt(height), includeTransactions: true });
    assert(block.hash, 'a mined block has a hash');
    for (const t of block.transactions) {
      const recipient = t.to?.toLowerCase();
      const userId = recipient === undefined ? undefined : addresses.get(recipient);
      if (userId === undefined || recipient === undefined || t.value <= 0n) continue;
      if (!(await succeeded(ctx, t.hash))) continue;
      found.push({
        userId,
        address: recipient,
        asset: native.asset,
        amount: toMinor(native, t.value),
        txHash: t.hash.toLowerCase(),
        logIndex: NATIVE_INDEX,
        blockNumber: height,
        blockHash: block.hash.toLowerCase(),
      });
    }
  }
  return found;
}

/** What one transaction paid to the addresses: its token logs and, watched, its own value. */
async function transaction(
  ctx: EvmCtx,
  txHash: string,
  addresses: ReadonlyMap<string, number>,
): Promise<FoundTransfer[] | null> {
  if (!TX_HASH_RE.test(txHash)) throw new ValidationError('tx_hash', 'invalid_format');
  const hash = txHash.toLowerCase() as Hash;
  let receipt: Awaited<ReturnType<typeof ctx.client.getTransactionReceipt>>;
  try {
    receipt = await ctx.client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError || err instanceof TransactionNotFoundError)
      return null;
    throw err;
  }
  if (receipt.status !== 'success') return null;
  const found = matchTransfers(ctx, receipt.logs, addresses);
  const recipient = receipt.to?.toLowerCase();
  const userId = recipient === undefined ? undefined : addresses.get(recipient);
  if (ctx.native && userId !== undefined && recipient !== undefined) {
    const t = await ctx.client.getTransaction({ hash });
    if (t.value > 0n) {
      found.push({
        userId,
        address: recipient,
        asset: ctx.native.asset,
        amount: toMinor(ctx.native, t.value),
        txHash: hash,
        logIndex: NATIVE_INDEX,
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash.toLowerCase(),
      });
    }
  }
  return found;
}

export function createEvmSource(ctx: EvmCtx): ChainSource {
  return {
    chain: ctx.chain,
    family: 'evm',
    assets: ctx.assets,
    ready: () => ready(ctx),
    head: () => head(ctx),
    block: (height) => blockAt(ctx, height),
    transfers: async (from, limit, addresses) => {
      // Reading whole blocks for the native coin costs a call each: fewer of them per step.
      const cap = ctx.native ? Math.min(ctx.state.step, ctx.maxNativeBlocksPerStep) : ctx.state.step;
      const tokens = await tokenTransfers(ctx, from, Math.min(limit, from + cap - 1), addresses);
      const coins = await nativeTransfers(ctx, from, tokens.to, addresses);
      return { to: tokens.to, found: [...tokens.found, ...coins] };
    },
    transaction: (txHash, addresses) => transaction(ctx, txHash, addresses),
  };
}
