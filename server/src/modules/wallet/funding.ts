/**
 * Money in without an operator: each user's own address per deposit network (derived from the platform's
 * extended public key, stored once), the networks as the deposit screen shows them, and explorer links. The
 * demo's funds are in `faucet.ts`.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, schema, type Tx } from '../../store';
import type { ChainAdapter } from './common';
import type { WalletCtx } from './context';
import { faucetInfo } from './faucet';
import type { WALLET_SETTINGS } from './settings';

const { depositAddresses } = schema;

/** One deposit network of the settings. */
export type DepositNetwork = z.output<(typeof WALLET_SETTINGS)['deposit.networks']>[number];

/** `{tx}` / `{address}` of an explorer pattern filled in (encoded). */
export function explorerLink(pattern: string, key: 'tx' | 'address', value: string): string {
  return pattern.replace(`{${key}}`, encodeURIComponent(value));
}

/** The configured networks of enabled assets. */
export async function networkList(ctx: WalletCtx): Promise<DepositNetwork[]> {
  const enabled = await ctx.assets.all();
  return (await ctx.settings.get('deposit.networks')).filter((n) => enabled.has(n.asset));
}

/**
 * A network as a call names it: the chain it is recorded under (`evm`, `tron`, `bsc`, `bitcoin`) or the
 * specification's name of the network (`ERC20`, `TRC20`, `BEP20`, `Bitcoin`), in any case; of `asset` when
 * given. Undefined when no configured network answers to the name.
 */
export function findNetwork(
  list: readonly DepositNetwork[],
  name: string,
  asset?: string,
): DepositNetwork | undefined {
  const key = name.trim().toLowerCase();
  const of = list.filter((n) => asset === undefined || n.asset === asset);
  return of.find((n) => n.chain === key) ?? of.find((n) => n.network.toLowerCase() === key);
}

/** The chain a network name stands for (`TRC20` → `tron`); a name no network answers to stays as it is. */
export function chainOf(list: readonly DepositNetwork[], name: string, asset?: string): string {
  return findNetwork(list, name, asset)?.chain ?? findNetwork(list, name)?.chain ?? name;
}

/** The watcher of an asset on a chain, or null when nothing watches it (an operator confirms its deposits). */
export function watcherFor(ctx: WalletCtx, chain: string, asset: string): ChainAdapter | null {
  return ctx.chains.find((c) => c.chain === chain && c.assets.includes(asset)) ?? null;
}

/** The hot wallet that pays withdrawals of an asset on a chain (its first watched asset), or null. */
export function senderFor(ctx: WalletCtx, chain: string, asset: string): ChainAdapter | null {
  const c = ctx.chains.find((x) => x.chain === chain && x.assets[0] === asset);
  return c?.payer || c?.sendToken ? c : null;
}

/** Confirmations a deposit needs to be final: the watcher's own count where one watches, else the setting's. */
export function confirmationsOf(ctx: WalletCtx, n: DepositNetwork) {
  return watcherFor(ctx, n.chain, n.asset)?.confirmations ?? n.confirmations;
}

/**
 * How deposits on a network are credited, truthfully: `chain` while its watcher is configured and running
 * (its last poll, on whichever instance runs it, is recent), else `operator` (report the hash, an operator
 * confirms it).
 */
export async function modeOf(ctx: WalletCtx, n: DepositNetwork): Promise<'chain' | 'operator'> {
  const w = watcherFor(ctx, n.chain, n.asset);
  return w && (await w.running()) ? 'chain' : 'operator';
}

async function storedAddress(db: Tx | Db, userId: number, chainName: string) {
  const [row] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, chainName)));
  return row?.address ?? null;
}

/**
 * The user's address on a network: the watcher's where one runs (it keeps the addresses it watches),
 * else one kept earlier, else derived from the key (the same every time; reading it writes nothing);
 * null without a key.
 */
export async function addressOn(ctx: WalletCtx, userId: number, n: DepositNetwork): Promise<string | null> {
  const w = watcherFor(ctx, n.chain, n.asset);
  if (w) return w.depositAddress(userId);
  const existing = await storedAddress(ctx.store.db, userId, n.chain);
  if (existing) return existing;
  return ctx.derive ? ctx.derive(n.family, userId) : null;
}

export async function networkView(ctx: WalletCtx, n: DepositNetwork, address: string | null) {
  return {
    asset: n.asset,
    chain: n.chain,
    network: n.network,
    min: n.min,
    confirmations: confirmationsOf(ctx, n),
    credit_confirmations: watcherFor(ctx, n.chain, n.asset)?.creditAfter ?? confirmationsOf(ctx, n),
    address,
    address_url: address ? explorerLink(n.address_url, 'address', address) : null,
    /** `chain`: watched and credited by itself; `operator`: send, then report the hash for an operator. */
    mode: await modeOf(ctx, n),
  };
}

/** Every deposit network with the user's address on it, and the demo funds the user may claim. */
export async function networks(ctx: WalletCtx, userId: number) {
  const list = await networkList(ctx);
  const views = [];
  for (const n of list) views.push(await networkView(ctx, n, await addressOn(ctx, userId, n)));
  return {
    list: views,
    demo_key: ctx.config.demoDepositKey && ctx.derive !== null,
    faucet: await faucetInfo(ctx, userId),
  };
}

/**
 * A stored hash as its own chain writes it: hashes are kept with 0x for every chain (one form to match on),
 * but only EVM chains show them so; Tron and Bitcoin show the bare hex.
 */
export async function shownHash(ctx: WalletCtx, chainName: string, txHash: string): Promise<string> {
  const n = (await ctx.settings.get('deposit.networks')).find((x) => x.chain === chainName);
  return n && n.family !== 'evm' ? txHash.replace(/^0x/, '') : txHash;
}

/** The network a deposit or withdrawal was recorded under, for its explorer link. */
export async function txLink(
  ctx: WalletCtx,
  chainName: string,
  txHash: string | null,
): Promise<string | null> {
  if (!txHash) return null;
  const n = (await ctx.settings.get('deposit.networks')).find((x) => x.chain === chainName);
  if (!n) return null;
  // Hashes are kept with 0x; only EVM explorers write them so.
  return explorerLink(n.tx_url, 'tx', n.family === 'evm' ? txHash : txHash.replace(/^0x/, ''));
}
