import { createEvmCtx, type EvmChainOptions } from './evm-context';
import { evmPayer } from './evm-pay';
import { hotWalletBalance, sendToken } from './evm-send';
import { createEvmSource } from './evm-source';
import type { ChainAdapter, HotWalletBalance } from './types';
import { createWatcher } from './watcher';

export type { EvmChainOptions, EvmNativeOptions, EvmTokenOptions } from './evm-context';
export { type EvmSigner, httpSigner, localSigner } from './signer';

/** An EVM network's adapter: always with its hot wallet's calls (refusing without a key). */
export type EvmChain = ChainAdapter & {
  sendToken(to: string, amountMinor: bigint): Promise<string>;
  hotWalletBalance(): Promise<HotWalletBalance>;
};

/**
 * An EVM network (Ethereum, BSC, …): its tokens (USDT) and, configured, its native coin (ETH) watched by the
 * network-independent watcher (`watcher.ts`) through the EVM source (`evm-source.ts`: logs, blocks'
 * transactions, receipts), and its hot wallet (`evm-send.ts`) paying withdrawals in its first token when a
 * key is configured. Several run at once, one per network, each with its own cursor and confirmations.
 */
export function createEvmChain(opts: EvmChainOptions): EvmChain {
  const ctx = createEvmCtx(opts);
  const watcher = createWatcher({ ...opts, source: createEvmSource(ctx) });
  return {
    ...watcher,
    // Without a key (or a token) these refuse: a withdrawal approved for the network fails to send, visibly.
    sendToken: (to, amountMinor) => sendToken(ctx, to, amountMinor),
    hotWalletBalance: () => hotWalletBalance(ctx),
    ...(ctx.signer ? { payer: evmPayer(ctx) ?? undefined } : {}),
  };
}
