/**
 * Bitcoin (BTC) as a `ChainSource`, read through Bitcoin Core's JSON-RPC: `getblockchaininfo` (the node
 * must serve the main network, the one deposit addresses are made for), `getblockcount`, `getblockhash`
 * and `getblockheader` for the chain, `getblock <hash> 2` for a block's transactions with their outputs,
 * `getrawtransaction <txid> true` for a hash a user reports (the node needs `txindex=1` for transactions
 * not its wallet's). Credentials come from the URL (`http://user:password@host:8332`) as basic auth. An
 * output paying a deposit address is a deposit, its output index the index it is recorded under; coinbase
 * outputs are not deposits. Amounts arrive as BTC with 8 decimals and are converted to the platform's
 * scale. Every answer is checked against its documented shape; anything else fails the step as a node
 * that is down would. With a wallet of the node named, it pays BTC withdrawals (`bitcoin-pay.ts`).
 */
import { z } from 'zod';
import { ValidationError } from '../../../kernel/errors';
import { createBitcoinPayer } from './bitcoin-pay';
import { BTC_DECIMALS, createRpc, HASH, Output, RpcError, satoshis } from './bitcoin-rpc';
import { NodeAnswerError, nodeEndpoint, unitsToMinor } from './node-http';
import type { BlockHeader, ChainAdapter, ChainLogger, ChainSource, FoundTransfer } from './types';
import type { WatcherOptions } from './watch-context';
import { createWatcher } from './watcher';

export { BTC_DECIMALS, satoshis };

export interface BitcoinChainOptions extends Omit<WatcherOptions, 'source'> {
  /** Name of the chain in the tables (`bitcoin`). */
  readonly chain: string;
  /** Bitcoin Core's RPC, credentials in the URL; never logged. */
  readonly rpcUrl: string;
  /** Platform asset credited (`BTC`) and its scale. */
  readonly asset: string;
  readonly scale: number;
  /** Blocks read per step (each is one large answer). */
  readonly maxBlocksPerStep?: number | undefined;
  /** Deadline of one request to the node. */
  readonly timeout_ms?: number | undefined;
  readonly log?: ChainLogger | undefined;
  /** The node's wallet that pays withdrawals (it holds the key); without one, operators send them. */
  readonly wallet?: string | undefined;
}

const GENESIS_PARENT = '0'.repeat(64);

/** Bitcoin Core's error codes the source answers to: no block at that height, no such transaction. */
const OUT_OF_RANGE = -8;
const NO_SUCH_TX = -5;

const Header = z.object({
  hash: HASH,
  height: z.number().int().min(0),
  confirmations: z.number().int(),
  previousblockhash: HASH.optional(),
});

const Tx = z.object({
  txid: HASH,
  vin: z.array(z.object({ coinbase: z.string().optional() })),
  vout: z.array(Output),
});
type Tx = z.output<typeof Tx>;

const FullBlock = Header.extend({ tx: z.array(Tx) });

const RawTx = Tx.extend({ blockhash: HASH.optional() });

const ChainInfo = z.object({ chain: z.string(), blocks: z.number().int().min(0) });

/** The outputs of a transaction paying known addresses (none for a coinbase). */
function outputsTo(
  opts: BitcoinChainOptions,
  tx: Tx,
  at: BlockHeader,
  addresses: ReadonlyMap<string, number>,
): FoundTransfer[] {
  if (tx.vin.some((i) => i.coinbase !== undefined)) return [];
  const found: FoundTransfer[] = [];
  for (const out of tx.vout) {
    const listed = out.scriptPubKey.addresses;
    const to = (out.scriptPubKey.address ?? (listed?.length === 1 ? listed[0] : undefined))?.toLowerCase();
    const userId = to === undefined ? undefined : addresses.get(to);
    if (to === undefined || userId === undefined) continue;
    found.push({
      userId,
      address: to,
      asset: opts.asset,
      amount: unitsToMinor(satoshis(out.value), BTC_DECIMALS, opts.scale),
      // Hashes are kept in one form on every chain: 0x and lowercase.
      txHash: `0x${tx.txid.toLowerCase()}`,
      logIndex: out.n,
      blockNumber: at.number,
      blockHash: at.hash,
    });
  }
  return found;
}

export function createBitcoinSource(opts: BitcoinChainOptions): ChainSource {
  const node = nodeEndpoint(opts.rpcUrl, opts.timeout_ms ?? 15_000);
  const maxBlocks = opts.maxBlocksPerStep ?? 10;
  if (!Number.isSafeInteger(maxBlocks) || maxBlocks < 1) throw new Error('maxBlocksPerStep must be ≥ 1');
  /** The node's network, checked once (again after a failure). */
  let checked: Promise<void> | null = null;

  const rpc = createRpc(node);

  async function hashAt(height: number): Promise<string | null> {
    try {
      return (await rpc(HASH, 'getblockhash', [height])).toLowerCase();
    } catch (err) {
      if (err instanceof RpcError && err.code === OUT_OF_RANGE) return null;
      throw err;
    }
  }

  async function headerOf(hash: string): Promise<BlockHeader | null> {
    const h = await rpc(Header, 'getblockheader', [hash, true]);
    if (h.hash.toLowerCase() !== hash) throw new NodeAnswerError('node answered another block');
    // -1: the block is known but no longer on the main chain.
    if (h.confirmations < 0) return null;
    return { number: h.height, hash, parentHash: (h.previousblockhash ?? GENESIS_PARENT).toLowerCase() };
  }

  async function block(height: number): Promise<BlockHeader | null> {
    const hash = await hashAt(height);
    const h = hash ? await headerOf(hash) : null;
    if (h && h.number !== height) throw new NodeAnswerError(`node answered block ${h.number} for ${height}`);
    return h;
  }

  async function transfers(from: number, limit: number, addresses: ReadonlyMap<string, number>) {
    const last = Math.min(limit, from + maxBlocks - 1);
    if (addresses.size === 0) return { to: last, found: [] };
    const found: FoundTransfer[] = [];
    for (let height = from; height <= last; height++) {
      const hash = await hashAt(height);
      if (!hash) {
        if (height === from) throw new NodeAnswerError(`block ${height} is gone`);
        return { to: height - 1, found };
      }
      const b = await rpc(FullBlock, 'getblock', [hash, 2]);
      if (b.hash.toLowerCase() !== hash || b.height !== height) {
        throw new NodeAnswerError(`node answered another block for ${height}`);
      }
      const at = { number: height, hash, parentHash: (b.previousblockhash ?? GENESIS_PARENT).toLowerCase() };
      for (const tx of b.tx) found.push(...outputsTo(opts, tx, at, addresses));
    }
    return { to: last, found };
  }

  async function transaction(txHash: string, addresses: ReadonlyMap<string, number>) {
    const txid = txHash.replace(/^0x/i, '').toLowerCase();
    if (!HASH.safeParse(txid).success) throw new ValidationError('tx_hash', 'invalid_format');
    let tx: z.output<typeof RawTx>;
    try {
      tx = await rpc(RawTx, 'getrawtransaction', [txid, true]);
    } catch (err) {
      if (err instanceof RpcError && err.code === NO_SUCH_TX) return null;
      throw err;
    }
    if (tx.txid.toLowerCase() !== txid) throw new NodeAnswerError('node answered another transaction');
    // Not mined yet (in the mempool): nothing to record until a block holds it.
    if (!tx.blockhash) return null;
    const at = await headerOf(tx.blockhash.toLowerCase());
    return at ? outputsTo(opts, tx, at, addresses) : null;
  }

  return {
    chain: opts.chain,
    family: 'bitcoin',
    assets: [opts.asset],
    ready: () => {
      checked ??= rpc(ChainInfo, 'getblockchaininfo', []).then((info) => {
        if (info.chain !== 'main') {
          throw new Error(`chain ${opts.chain}: node serves ${info.chain}, deposit addresses are for main`);
        }
      });
      // A failed check is made again at the next poll.
      checked.catch(() => {
        checked = null;
      });
      return checked;
    },
    head: () => rpc(z.number().int().min(0), 'getblockcount', []),
    block,
    transfers,
    transaction,
  };
}

/**
 * The Bitcoin network's adapter: BTC deposits watched, and with a wallet of the node named its hot wallet paying
 * withdrawals (`bitcoin-pay.ts`); without one, operators send them by hand.
 */
export function createBitcoinChain(opts: BitcoinChainOptions): ChainAdapter {
  const watcher = createWatcher({ ...opts, source: createBitcoinSource(opts) });
  if (!opts.wallet) return watcher;
  const hot = createBitcoinPayer({
    chain: opts.chain,
    rpcUrl: opts.rpcUrl,
    wallet: opts.wallet,
    scale: opts.scale,
    timeout_ms: opts.timeout_ms,
  });
  return { ...watcher, payer: hot.payer, hotWalletBalance: hot.hotWalletBalance };
}
