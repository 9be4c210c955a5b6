/**
 * The deposit watcher of one network, over its node's `ChainSource`: per-user deposit addresses derived from
 * an extended public key, a cursor in the store from which new blocks are scanned, transfers to known
 * addresses recorded once per (chain, transaction, index), each credited once at `creditAfter`
 * confirmations (held until final), final at `confirmations`, and reversed through the deposit book when its
 * block leaves the chain before that; verification of user-submitted hashes; a heartbeat that says it runs.
 * The same across restarts, concurrent watchers over one store, and reorganisations shallower than the
 * stored window (the newest `confirmations + 10` scanned block hashes).
 *
 * Its steps, one file each: `watch-addresses.ts` (deposit addresses), `watch-scan.ts` (a range scanned and
 * recorded), `watch-reorg.ts` (the cursor and reorganisations), `watch-confirm.ts` (credit, finality),
 * `watch-loop.ts` (the poll, its loop, the heartbeat), `watch-submit.ts` (a user's tx hash).
 */
import type { ChainAdapter } from './types';
import { depositAddress } from './watch-addresses';
import { createWatchCtx, type WatcherOptions } from './watch-context';
import { poll, running, start, stop } from './watch-loop';
import { submitTxHash } from './watch-submit';

export type { WatcherOptions } from './watch-context';

/** The watcher's part of a chain adapter (an EVM network adds its hot wallet). */
export type Watcher = Omit<ChainAdapter, 'sendToken' | 'payer' | 'hotWalletBalance'>;

export function createWatcher(opts: WatcherOptions): Watcher {
  const ctx = createWatchCtx(opts);
  return {
    chain: ctx.chain,
    assets: ctx.source.assets,
    confirmations: ctx.confirmations,
    creditAfter: ctx.creditAfter,
    depositAddress: (userId) => depositAddress(ctx, userId),
    poll: () => poll(ctx),
    start: (interval_ms) => start(ctx, interval_ms),
    stop: () => stop(ctx),
    running: () => running(ctx),
    confirmationsOf: async (blockNumber) => {
      if (blockNumber === null) return null;
      const head = await ctx.source.head();
      return Math.max(0, head - blockNumber + 1);
    },
    submitTxHash: (userId, txHash) => submitTxHash(ctx, userId, txHash),
  };
}
