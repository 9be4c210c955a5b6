/**
 * An EVM network's node as its source and hot wallet use it: the options, the node's clients (read, and the
 * hot wallet's signer when one is configured), the tokens and the native coin watched with their units, and the
 * little kept in memory (the node's check, the log range's width, the send in flight). Built once by
 * `createEvmCtx`; also the node's check, the amounts' conversions and the chain reads.
 */
import assert from 'node:assert/strict';
import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  isAddress,
  parseAbi,
  parseAbiItem,
} from 'viem';
import { ValidationError } from '../../../kernel/errors';
import { type EvmSigner, localSigner } from './signer';
import type { BlockHeader, ChainLogger } from './types';
import type { WatcherOptions } from './watch-context';

export const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
export const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);

export const TX_HASH_RE = /^0x[0-9a-fA-F]{64}$/;

export interface EvmTokenOptions {
  /** The ERC-20 contract. */
  readonly address: Address;
  /** The token's own decimals (checked against the contract before first use). */
  readonly decimals: number;
  /** Platform asset credited for it. */
  readonly asset: string;
  /** The platform's scale of `asset` (USDT: 6). */
  readonly scale: number;
}

/** The chain's own coin (ETH on Ethereum): value sent by a transaction to a deposit address. */
export interface EvmNativeOptions {
  /** Platform asset credited for it. */
  readonly asset: string;
  /** The platform's scale of `asset`. */
  readonly scale: number;
  /** The coin's decimals (18 on the EVM chains the platform knows). */
  readonly decimals?: number | undefined;
}

export interface EvmChainOptions extends Omit<WatcherOptions, 'source'> {
  /** Name of the chain in the tables (`evm`, `bsc`, …). */
  readonly chain: string;
  readonly rpcUrl: string;
  /** The node must answer this chain id, or every call fails. */
  readonly chainId: number;
  /** Tokens watched; the first is the one the hot wallet pays withdrawals in. */
  readonly tokens: readonly EvmTokenOptions[];
  /** The native coin, when its deposits are watched too. */
  readonly native?: EvmNativeOptions | undefined;
  /** The symbol of the coin gas is paid in (ETH, BNB), as the console shows the hot wallet's. */
  readonly gasSymbol?: string | undefined;
  /** Private key of the hot wallet that pays withdrawals (a local signer; demo and tests). */
  readonly hotWalletKey?: Hex | undefined;
  /** Who signs the hot wallet's payments (an HTTP signer in production); else `hotWalletKey`'s; else none. */
  readonly signer?: EvmSigner | undefined;
  /** Largest block range of one `eth_getLogs` (shrinks by itself when the node refuses a range). */
  readonly maxBlocksPerStep?: number | undefined;
  /** Blocks read whole per step when the native coin is watched (each is one call). */
  readonly maxNativeBlocksPerStep?: number | undefined;
  /** Up to this many deposit addresses are filtered by the node (topic list); more are matched here. */
  readonly maxTopicAddresses?: number | undefined;
  readonly rpcTimeout_ms?: number | undefined;
  readonly log?: ChainLogger | undefined;
}

/** A token as the source reads it: its contract, its units against the platform's. */
export interface WatchedToken extends EvmTokenOptions {
  readonly checksum: Address;
  readonly lower: string;
}

function checkUnits(what: string, decimals: number, scale: number) {
  assert(Number.isInteger(decimals) && decimals >= 0 && decimals <= 77, `bad ${what} decimals`);
  assert(Number.isInteger(scale) && scale >= 0, `bad ${what} asset scale`);
}

export function createEvmCtx(opts: EvmChainOptions) {
  const { chain } = opts;
  assert(chain.length > 0, 'chain name required');
  assert(opts.tokens.length > 0 || opts.native, `chain ${chain}: nothing to watch`);
  const tokens: WatchedToken[] = opts.tokens.map((t) => {
    checkUnits(t.asset, t.decimals, t.scale);
    assert(isAddress(t.address, { strict: false }), 'bad token address');
    const checksum = getAddress(t.address);
    return { ...t, checksum, lower: checksum.toLowerCase() };
  });
  const native = opts.native ? { ...opts.native, decimals: opts.native.decimals ?? 18 } : null;
  if (native) checkUnits(native.asset, native.decimals, native.scale);
  const assets = [...tokens.map((t) => t.asset), ...(native ? [native.asset] : [])];
  assert(new Set(assets).size === assets.length, `chain ${chain}: an asset watched twice`);
  const maxBlocksPerStep = opts.maxBlocksPerStep ?? 500;
  assert(Number.isSafeInteger(maxBlocksPerStep) && maxBlocksPerStep >= 1, 'maxBlocksPerStep must be ≥ 1');
  const maxNativeBlocksPerStep = opts.maxNativeBlocksPerStep ?? 20;

  const evmChain = defineChain({
    id: opts.chainId,
    name: chain,
    nativeCurrency: { name: 'Ether', symbol: native?.asset ?? 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const transport = http(opts.rpcUrl, { timeout: opts.rpcTimeout_ms ?? 15_000 });
  const client = createPublicClient({ chain: evmChain, transport, cacheTime: 0 });
  const signer = opts.signer ?? (opts.hotWalletKey ? localSigner(opts.hotWalletKey) : null);

  return {
    opts,
    chain,
    log: opts.log,
    tokens,
    native,
    assets,
    maxBlocksPerStep,
    maxNativeBlocksPerStep,
    maxTopicAddresses: opts.maxTopicAddresses ?? 1000,
    client,
    signer,
    state: {
      /** The node's check, once (again after a failure). */
      checked: null as Promise<void> | null,
      /** The block range of the next `eth_getLogs`: narrowed by a refusal, widened again by successes. */
      step: maxBlocksPerStep,
      /** The hot wallet's send in flight (`sendToken`): one at a time. */
      sending: Promise.resolve() as Promise<unknown>,
      /** The hot wallet's address, as its signer gave it. */
      hotAddress: null as Promise<Address> | null,
    },
  };
}

export type EvmCtx = ReturnType<typeof createEvmCtx>;

/** The node serves the configured chain and each token has the configured decimals. */
export function ready(ctx: EvmCtx): Promise<void> {
  const { client, opts, chain } = ctx;
  ctx.state.checked ??= (async () => {
    const id = await client.getChainId();
    if (id !== opts.chainId) {
      throw new Error(`chain ${chain}: node serves chain id ${id}, not ${opts.chainId}`);
    }
    for (const token of ctx.tokens) {
      const decimals = await client.readContract({
        address: token.checksum,
        abi: ERC20,
        functionName: 'decimals',
      });
      if (decimals !== token.decimals) {
        throw new Error(`chain ${chain}: token has ${decimals} decimals, configured ${token.decimals}`);
      }
    }
  })().catch((err: unknown) => {
    ctx.state.checked = null;
    throw err;
  });
  return ctx.state.checked;
}

/** Chain units → platform minor units, rounded down (dust below the platform's unit stays on chain). */
export function toMinor(u: { decimals: number; scale: number }, units: bigint): bigint {
  const shift = u.decimals - u.scale;
  const factor = 10n ** BigInt(Math.abs(shift));
  return shift >= 0 ? units / factor : units * factor;
}

/** Platform minor units → chain units; refuses amounts the chain cannot represent exactly. */
export function toTokenUnits(u: { decimals: number; scale: number }, minor: bigint): bigint {
  const shift = u.decimals - u.scale;
  const factor = 10n ** BigInt(Math.abs(shift));
  if (shift >= 0) return minor * factor;
  if (minor % factor !== 0n) throw new ValidationError('amount', 'invalid_value');
  return minor / factor;
}

export async function head(ctx: EvmCtx): Promise<number> {
  return Number(await ctx.client.getBlockNumber({ cacheTime: 0 }));
}

/** The canonical block at a height, or null when the chain is not that long (any more). */
export async function blockAt(ctx: EvmCtx, height: number): Promise<BlockHeader | null> {
  try {
    const b = await ctx.client.getBlock({ blockNumber: BigInt(height) });
    assert(b.hash, 'a mined block has a hash');
    return { number: height, hash: b.hash.toLowerCase(), parentHash: b.parentHash.toLowerCase() };
  } catch (err) {
    if (err instanceof BlockNotFoundError) return null;
    throw err;
  }
}
