import { depositAddress } from './evm-addresses';
import { createEvmCtx, type EvmChainOptions } from './evm-context';
import { hotWalletBalance, sendToken } from './evm-send';
import { submitTxHash } from './evm-submit';
import { poll, start, stop } from './evm-watch';
import type { ChainAdapter } from './types';

export type { EvmChainOptions, EvmTokenOptions } from './evm-context';

/**
 * An EVM chain with one ERC-20 token (USDT): per-user deposit addresses derived from an
 * extended public key, a watcher that records transfers to them and credits each exactly
 * once after N confirmations (across restarts, concurrent watchers, and reorganisations that
 * replace fewer than N blocks: a deposit is credited once its block has N - 1 blocks on top),
 * verification of user-submitted tx hashes, and hot-wallet payouts.
 *
 * Block hashes: each scan step records the hashes of its range's last N + 10 blocks, so the
 * newest N + 10 scanned blocks are always on record (older ones are pruned); a deposit carries
 * its own block hash, checked against the chain again right before it is credited.
 *
 * This file assembles the watcher's context once (evm-context.ts: options, clients, the node's check, amounts
 * and chain reads) and hands it to its steps, one file each: `evm-addresses.ts` (deposit addresses),
 * `evm-scan.ts` (a range scanned and recorded), `evm-reorg.ts` (the cursor and reorganisations),
 * `evm-confirm.ts` (crediting after the confirmations), `evm-watch.ts` (the poll and its loop),
 * `evm-submit.ts` (a user's tx hash) and `evm-send.ts` (the hot wallet).
 */
export function createEvmChain(opts: EvmChainOptions): ChainAdapter {
  const ctx = createEvmCtx(opts);
  return {
    chain: ctx.chain,
    depositAddress: (userId) => depositAddress(ctx, userId),
    poll: () => poll(ctx),
    start: (interval_ms) => start(ctx, interval_ms),
    stop: () => stop(ctx),
    submitTxHash: (userId, txHash) => submitTxHash(ctx, userId, txHash),
    sendToken: (to, amountMinor) => sendToken(ctx, to, amountMinor),
    hotWalletBalance: () => hotWalletBalance(ctx),
  };
}
