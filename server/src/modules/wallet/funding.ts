/**
 * Money in without an operator: each user's own address per deposit network (derived from the platform's
 * extended public key, stored once), the networks as the deposit screen shows them, and explorer links. The
 * demo's funds are in `faucet.ts`.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, schema, type Tx } from '../../store';
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

/** Whether the chain adapter watches this network (it credits by itself after the confirmations). */
export function watched(ctx: WalletCtx, n: DepositNetwork) {
  return ctx.chain !== null && n.chain === ctx.chain.chain && n.asset === ctx.chain.asset;
}

/** Confirmations a deposit needs: the watcher's own count where one watches, else the setting's. */
export function confirmationsOf(ctx: WalletCtx, n: DepositNetwork) {
  return ctx.chain && watched(ctx, n) ? ctx.chain.confirmations : n.confirmations;
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
  if (ctx.chain && watched(ctx, n)) return ctx.chain.depositAddress(userId);
  const existing = await storedAddress(ctx.store.db, userId, n.chain);
  if (existing) return existing;
  return ctx.derive ? ctx.derive(n.family, userId) : null;
}

export function networkView(ctx: WalletCtx, n: DepositNetwork, address: string | null) {
  return {
    asset: n.asset,
    chain: n.chain,
    network: n.network,
    min: n.min,
    confirmations: confirmationsOf(ctx, n),
    address,
    address_url: address ? explorerLink(n.address_url, 'address', address) : null,
    /** `chain`: watched and credited by itself; `operator`: send, then report the hash for an operator. */
    mode: watched(ctx, n) ? ('chain' as const) : ('operator' as const),
  };
}

/** Every deposit network with the user's address on it, and the demo funds the user may claim. */
export async function networks(ctx: WalletCtx, userId: number) {
  const list = await networkList(ctx);
  const views = [];
  for (const n of list) views.push(networkView(ctx, n, await addressOn(ctx, userId, n)));
  return {
    list: views,
    demo_key: ctx.config.demoDepositKey && ctx.derive !== null,
    faucet: await faucetInfo(ctx, userId),
  };
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
