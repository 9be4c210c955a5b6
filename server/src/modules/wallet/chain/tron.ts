/**
 * Tron (USDT TRC20) as a `ChainSource`, read through a full node's HTTP API the way TronGrid serves it:
 * `/wallet/getnowblock` for the head, `/wallet/getblockbynum` for a block's id and parent, and
 * `/wallet/gettransactioninfobyblocknum` for the execution results of a block's transactions, whose logs
 * hold the tokens' `Transfer` events; `/wallet/gettransactioninfobyid` for a hash a user reports. A log's
 * address is the contract's 20 bytes without Tron's 0x41 prefix; the recipient in the event's third topic
 * becomes the base58check `T…` address deposit addresses are stored as. A log's position in its
 * transaction's list is its index. Every answer is checked against its documented shape; anything else
 * fails the step as a node that is down would. With a signer, its hot wallet pays withdrawals (`tron-pay.ts`).
 */
import { z } from 'zod';
import { ValidationError } from '../../../kernel/errors';
import { tronBase58, tronHex } from './addresses';
import { NodeAnswerError, nodeEndpoint, postJson, shaped, unitsToMinor } from './node-http';
import { createTronPayer, TRON_FEE_LIMIT_SUN } from './tron-pay';
import type { TronSigner } from './tron-signer';
import type { BlockHeader, ChainAdapter, ChainLogger, ChainSource, FoundTransfer } from './types';
import type { WatcherOptions } from './watch-context';
import { createWatcher } from './watcher';

/** topic0 of `Transfer(address indexed from, address indexed to, uint256 value)`. */
export { tronBase58, tronHex };

export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface TronTokenOptions {
  /** The TRC20 contract, base58check (`T…`) or hex with its 41 prefix. */
  readonly address: string;
  /** The token's own decimals (USDT: 6). */
  readonly decimals: number;
  /** Platform asset credited for it. */
  readonly asset: string;
  /** The platform's scale of `asset`. */
  readonly scale: number;
}

export interface TronChainOptions extends Omit<WatcherOptions, 'source'> {
  /** Name of the chain in the tables (`tron`). */
  readonly chain: string;
  /** The node's HTTP API (`https://api.trongrid.io`). */
  readonly url: string;
  /** Sent as `TRON-PRO-API-KEY` (TronGrid's key); never logged. */
  readonly apiKey?: string | undefined;
  readonly tokens: readonly TronTokenOptions[];
  /** Blocks read per step (two calls each). */
  readonly maxBlocksPerStep?: number | undefined;
  /** Deadline of one request to the node. */
  readonly timeout_ms?: number | undefined;
  readonly log?: ChainLogger | undefined;
  /** Who signs the hot wallet's payments; without one, operators send Tron withdrawals by hand. */
  readonly signer?: TronSigner | undefined;
  /** Most TRX (in sun) a payment may burn; default 30 TRX. */
  readonly feeLimit?: bigint | undefined;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

const Block = z.object({
  blockID: z.string().regex(HEX64),
  block_header: z.object({
    raw_data: z.object({
      // Protobuf's JSON leaves out a zero: the genesis block has no number.
      number: z.number().int().min(0).default(0),
      parentHash: z.string().regex(HEX64),
    }),
  }),
});

const Log = z.object({
  address: z.string().regex(/^(41)?[0-9a-fA-F]{40}$/),
  topics: z.array(z.string().regex(HEX64)).default([]),
  data: z
    .string()
    .regex(/^[0-9a-fA-F]*$/)
    .default(''),
});

const TxInfo = z.object({
  id: z.string().regex(HEX64),
  blockNumber: z.number().int().min(0),
  log: z.array(Log).default([]),
  receipt: z.object({ result: z.string().optional() }).default({}),
  /** Present, as `FAILED`, only when the transaction failed. */
  result: z.string().optional(),
});
type TxInfo = z.output<typeof TxInfo>;

/** A watched token with its contract's 20 bytes in hex, as logs name it. */
interface WatchedTrc20 extends TronTokenOptions {
  readonly hex: string;
}

/** Whether a transaction's execution succeeded (a reverted one moved nothing). */
function succeeded(info: TxInfo): boolean {
  return info.result !== 'FAILED' && (info.receipt.result ?? 'SUCCESS') === 'SUCCESS';
}

/** The watched tokens' transfers to known addresses in one transaction's execution result. */
function match(
  tokens: readonly WatchedTrc20[],
  info: TxInfo,
  at: BlockHeader,
  addresses: ReadonlyMap<string, number>,
): FoundTransfer[] {
  if (!succeeded(info)) return [];
  const found: FoundTransfer[] = [];
  info.log.forEach((entry, index) => {
    const contract = entry.address.slice(-40).toLowerCase();
    const token = tokens.find((t) => t.hex === contract);
    const [topic0, , toTopic] = entry.topics;
    if (!token || entry.topics.length !== 3 || topic0?.toLowerCase() !== TRANSFER_TOPIC) return;
    if (!toTopic || !/^0{24}/.test(toTopic) || entry.data.length !== 64) return;
    const address = tronBase58(toTopic.slice(24).toLowerCase());
    const userId = addresses.get(address);
    if (userId === undefined) return;
    found.push({
      userId,
      address,
      asset: token.asset,
      amount: unitsToMinor(BigInt(`0x${entry.data}`), token.decimals, token.scale),
      // Hashes are kept in one form on every chain: 0x and lowercase.
      txHash: `0x${info.id.toLowerCase()}`,
      logIndex: index,
      blockNumber: at.number,
      blockHash: at.hash,
    });
  });
  return found;
}

function isEmptyObject(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 0;
}

/** One POST to the node; anything but HTTP 200 fails as a node that is down. */
function tronCaller(opts: TronChainOptions) {
  const headers: Record<string, string> = opts.apiKey ? { 'TRON-PRO-API-KEY': opts.apiKey } : {};
  const node = nodeEndpoint(opts.url, opts.timeout_ms ?? 15_000, headers);
  return async (path: string, body: unknown): Promise<unknown> => {
    const answer = await postJson(node, path, body);
    if (answer.status !== 200) throw new NodeAnswerError(`node answered HTTP ${answer.status} on ${path}`);
    return answer.json;
  };
}

export function createTronSource(opts: TronChainOptions): ChainSource {
  const call = tronCaller(opts);
  const maxBlocks = opts.maxBlocksPerStep ?? 20;
  if (!Number.isSafeInteger(maxBlocks) || maxBlocks < 1) throw new Error('maxBlocksPerStep must be ≥ 1');
  if (opts.tokens.length === 0) throw new Error(`chain ${opts.chain}: no token to watch`);
  const tokens: WatchedTrc20[] = opts.tokens.map((t) => {
    const hex = tronHex(t.address);
    if (!hex) throw new Error(`chain ${opts.chain}: bad token address ${t.address}`);
    return { ...t, hex };
  });

  function header(json: unknown, what: string): BlockHeader {
    const b = shaped(Block, json, what);
    return {
      number: b.block_header.raw_data.number,
      hash: b.blockID.toLowerCase(),
      parentHash: b.block_header.raw_data.parentHash.toLowerCase(),
    };
  }

  async function head(): Promise<number> {
    return header(await call('/wallet/getnowblock', {}), 'getnowblock').number;
  }

  async function block(height: number): Promise<BlockHeader | null> {
    const json = await call('/wallet/getblockbynum', { num: height });
    if (isEmptyObject(json)) return null;
    const b = header(json, 'getblockbynum');
    if (b.number !== height) throw new NodeAnswerError(`node answered block ${b.number} for ${height}`);
    return b;
  }

  async function infosOf(height: number): Promise<TxInfo[]> {
    const json = await call('/wallet/gettransactioninfobyblocknum', { num: height });
    const infos = shaped(z.array(TxInfo), json, 'gettransactioninfobyblocknum');
    if (infos.some((i) => i.blockNumber !== height)) {
      throw new NodeAnswerError(`node answered transactions of another block for ${height}`);
    }
    return infos;
  }

  async function transfers(from: number, limit: number, addresses: ReadonlyMap<string, number>) {
    const last = Math.min(limit, from + maxBlocks - 1);
    if (addresses.size === 0) return { to: last, found: [] };
    const found: FoundTransfer[] = [];
    for (let height = from; height <= last; height++) {
      const at = await block(height);
      const infos = at ? await infosOf(height) : [];
      const here = at ? infos.flatMap((i) => match(tokens, i, at, addresses)) : [];
      // The block is read again where it pays someone: results and id of one and the same block.
      const still = here.length > 0 ? await block(height) : at;
      if (!at || still?.hash !== at.hash) {
        if (height === from) throw new NodeAnswerError(`block ${height} changed while it was read`);
        return { to: height - 1, found };
      }
      found.push(...here);
    }
    return { to: last, found };
  }

  async function transaction(txHash: string, addresses: ReadonlyMap<string, number>) {
    const id = txHash.replace(/^0x/i, '');
    if (!HEX64.test(id)) throw new ValidationError('tx_hash', 'invalid_format');
    const json = await call('/wallet/gettransactioninfobyid', { value: id.toLowerCase() });
    if (isEmptyObject(json)) return null;
    const info = shaped(TxInfo, json, 'gettransactioninfobyid');
    if (info.id.toLowerCase() !== id.toLowerCase())
      throw new NodeAnswerError('node answered another transaction');
    const at = await block(info.blockNumber);
    if (!at) return null;
    return succeeded(info) ? match(tokens, info, at, addresses) : null;
  }

  return {
    chain: opts.chain,
    family: 'tron',
    assets: tokens.map((t) => t.asset),
    ready: async () => {
      await head();
    },
    head,
    block,
    transfers,
    transaction,
  };
}

/**
 * A Tron network's adapter: its TRC20 deposits watched, and with a signer its hot wallet paying withdrawals in
 * its first token (`tron-pay.ts`); without one, operators send them by hand.
 */
export function createTronChain(opts: TronChainOptions): ChainAdapter {
  const watcher = createWatcher({ ...opts, source: createTronSource(opts) });
  const token = opts.tokens[0];
  const hex = token ? tronHex(token.address) : null;
  if (!opts.signer || !token || !hex) return watcher;
  const hot = createTronPayer({
    chain: opts.chain,
    call: tronCaller(opts),
    token: { hex, decimals: token.decimals, scale: token.scale },
    signer: opts.signer,
    feeLimit: opts.feeLimit ?? TRON_FEE_LIMIT_SUN,
  });
  return { ...watcher, payer: hot.payer, hotWalletBalance: hot.hotWalletBalance };
}
