/**
 * What every step of the EVM watcher is handed: its options, the node's clients (read, and the hot wallet's
 * when a key is configured), the token and its units, the deposit branch of the extended public key, and the
 * little it keeps in memory (the node's check, the scan's range width, the loop, the send in flight). Built
 * once by `createEvmCtx`; also the node's check, the amounts' conversions and the chain reads every step uses.
 */
import assert from 'node:assert/strict';
import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  isAddress,
  parseAbi,
  parseAbiItem,
} from 'viem';
import { HDKey, privateKeyToAccount } from 'viem/accounts';
import type { Clock } from '../../../kernel/clock';
import { ValidationError } from '../../../kernel/errors';
import type { Store } from '../../../store';
import type { ChainLogger, OnConfirmed } from './types';

export const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
export const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);

/** Non-hardened child indexes stop here (BIP-32). */
export const MAX_CHILD_INDEX = 0x7fff_ffff;
/** Blocks kept in `chain_blocks` beyond the reorganisation window. */
export const EXTRA_REORG_BLOCKS = 10;
/** Ranges scanned by one `poll()` before it turns to crediting (the loop polls again at once while behind). */
export const MAX_STEPS_PER_POLL = 20;
/** Deposits looked at by one crediting pass. */
export const CREDIT_BATCH = 200;
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

export interface EvmChainOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** Name of the chain in the tables (`evm`, …). */
  readonly chain: string;
  readonly rpcUrl: string;
  /** The node must answer this chain id, or every call fails. */
  readonly chainId: number;
  readonly token: EvmTokenOptions;
  /** Extended PUBLIC key; user N's deposit address is its child m/0/N. A private key is refused. */
  readonly depositXpub: string;
  /** A deposit is credited once its block has this many blocks on top, itself included (≥ 1). */
  readonly confirmations: number;
  /** Private key of the hot wallet that pays withdrawals; without it `sendToken` is unavailable. */
  readonly hotWalletKey?: Hex | undefined;
  readonly onConfirmed: OnConfirmed;
  /** First block to scan when the chain has no cursor yet; default: the head at the first poll. */
  readonly startBlock?: number | undefined;
  /** Largest block range of one `eth_getLogs` (shrinks by itself when the node refuses a range). */
  readonly maxBlocksPerStep?: number | undefined;
  /** Up to this many deposit addresses are filtered by the node (topic list); more are matched here. */
  readonly maxTopicAddresses?: number | undefined;
  readonly rpcTimeout_ms?: number | undefined;
  readonly log?: ChainLogger | undefined;
}

/** Transfer of the token to a deposit address, as read from a log. */
export interface FoundTransfer {
  readonly userId: number;
  readonly address: string;
  readonly tokenUnits: bigint;
  readonly txHash: string;
  readonly logIndex: number;
  readonly blockNumber: number;
  readonly blockHash: string;
}

export interface BlockHeader {
  readonly number: number;
  readonly hash: string;
  readonly parentHash: string;
}

const consoleLog: ChainLogger = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** Thrown inside a step when the chain changed under it; the step is dropped and retried. */
export class ChainMoved extends Error {}

/** The watcher's loop while it runs. */
export interface Loop {
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
  current: Promise<void>;
}

export function createEvmCtx(opts: EvmChainOptions) {
  const { store, clock, chain, token } = opts;
  const db = store.db;
  const log = opts.log ?? consoleLog;
  assert(chain.length > 0, 'chain name required');
  assert(Number.isSafeInteger(opts.confirmations) && opts.confirmations >= 1, 'confirmations must be ≥ 1');
  assert(
    Number.isInteger(token.decimals) && token.decimals >= 0 && token.decimals <= 77,
    'bad token decimals',
  );
  assert(Number.isInteger(token.scale) && token.scale >= 0, 'bad asset scale');
  assert(isAddress(token.address, { strict: false }), 'bad token address');
  const tokenAddress = getAddress(token.address);
  const tokenLower = tokenAddress.toLowerCase();
  const confirmations = opts.confirmations;
  /** Stored block hashes compared against the chain at every step. */
  const reorgWindow = confirmations + EXTRA_REORG_BLOCKS;
  const maxBlocksPerStep = opts.maxBlocksPerStep ?? 500;
  assert(Number.isSafeInteger(maxBlocksPerStep) && maxBlocksPerStep >= 1, 'maxBlocksPerStep must be ≥ 1');
  const maxTopicAddresses = opts.maxTopicAddresses ?? 1000;

  // The deposit branch m/0 of the operator's key: public derivation only.
  const root = HDKey.fromExtendedKey(opts.depositXpub);
  if (root.privateKey) throw new Error('depositXpub must be an extended public key, not a private one');
  const depositBranch = root.deriveChild(0);

  const evmChain = defineChain({
    id: opts.chainId,
    name: chain,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const transport = http(opts.rpcUrl, { timeout: opts.rpcTimeout_ms ?? 15_000 });
  const client = createPublicClient({ chain: evmChain, transport, cacheTime: 0 });
  const hotAccount = opts.hotWalletKey ? privateKeyToAccount(opts.hotWalletKey) : null;
  const wallet = hotAccount
    ? createWalletClient({ chain: evmChain, transport, account: hotAccount, cacheTime: 0 })
    : null;

  const shift = token.decimals - token.scale;
  return {
    opts,
    db,
    clock,
    chain,
    token,
    log,
    tokenAddress,
    tokenLower,
    confirmations,
    reorgWindow,
    maxBlocksPerStep,
    maxTopicAddresses,
    depositBranch,
    client,
    hotAccount,
    wallet,
    units: { shift, factor: 10n ** BigInt(Math.abs(shift)) },
    state: {
      /** The node's check, once (again after a failure). */
      checked: null as Promise<void> | null,
      /** The block range of the next `eth_getLogs`: narrowed by a refusal, widened again by successes. */
      step: maxBlocksPerStep,
      loop: null as Loop | null,
      /** The hot wallet's send in flight: one at a time. */
      sending: Promise.resolve() as Promise<unknown>,
    },
  };
}

export type EvmCtx = ReturnType<typeof createEvmCtx>;

/** The node serves the configured chain and the token has the configured decimals. */
export function ready(ctx: EvmCtx): Promise<void> {
  const { client, opts, chain, token } = ctx;
  ctx.state.checked ??= (async () => {
    const id = await client.getChainId();
    if (id !== opts.chainId) {
      throw new Error(`chain ${chain}: node serves chain id ${id}, not ${opts.chainId}`);
    }
    const decimals = await client.readContract({
      address: ctx.tokenAddress,
      abi: ERC20,
      functionName: 'decimals',
    });
    if (decimals !== token.decimals) {
      throw new Error(`chain ${chain}: token has ${decimals} decimals, configured ${token.decimals}`);
    }
  })().catch((err: unknown) => {
    ctx.state.checked = null;
    throw err;
  });
  return ctx.state.checked;
}

/** Token units → platform minor units, rounded down (dust below the platform's unit stays on chain). */
export function toMinor(ctx: EvmCtx, units: bigint): bigint {
  const { shift, factor } = ctx.units;
  return shift >= 0 ? units / factor : units * factor;
}

/** Platform minor units → token units; refuses amounts the token cannot represent exactly. */
export function toTokenUnits(ctx: EvmCtx, minor: bigint): bigint {
  const { shift, factor } = ctx.units;
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
