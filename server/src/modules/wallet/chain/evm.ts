import assert from 'node:assert/strict';
import { ECDH } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hash,
  type Hex,
  HttpRequestError,
  http,
  isAddress,
  parseAbi,
  parseAbiItem,
  parseEventLogs,
  TimeoutError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { HDKey, privateKeyToAccount, publicKeyToAddress } from 'viem/accounts';
import type { Clock } from '../../../kernel/clock';
import { DomainError, ValidationError } from '../../../kernel/errors';
import { type Store, schema, type Tx } from '../../../store';
import { depositKeyWhere, walletDeposits } from '../tables';
import type {
  ChainAdapter,
  ChainLogger,
  HotWalletBalance,
  OnConfirmed,
  PollResult,
  SubmittedDeposit,
} from './types';

const { depositAddresses, chainBlocks, chainCursors } = schema;

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);

/** Non-hardened child indexes stop here (BIP-32). */
const MAX_CHILD_INDEX = 0x7fff_ffff;
/** Blocks kept in `chain_blocks` beyond the reorganisation window. */
const EXTRA_REORG_BLOCKS = 10;
/** Ranges scanned by one `poll()` before it turns to crediting (the loop polls again at once while behind). */
const MAX_STEPS_PER_POLL = 20;
/** Deposits looked at by one crediting pass. */
const CREDIT_BATCH = 200;
const TX_HASH_RE = /^0x[0-9a-fA-F]{64}$/;

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
interface FoundTransfer {
  readonly userId: number;
  readonly address: string;
  readonly tokenUnits: bigint;
  readonly txHash: string;
  readonly logIndex: number;
  readonly blockNumber: number;
  readonly blockHash: string;
}

interface BlockHeader {
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
class ChainMoved extends Error {}

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
 */
export function createEvmChain(opts: EvmChainOptions): ChainAdapter {
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

  // ── checks against the node, once ────────────────────────────────────────────────────────

  let checked: Promise<void> | null = null;
  /** The node serves the configured chain and the token has the configured decimals. */
  function ready(): Promise<void> {
    checked ??= (async () => {
      const id = await client.getChainId();
      if (id !== opts.chainId) {
        throw new Error(`chain ${chain}: node serves chain id ${id}, not ${opts.chainId}`);
      }
      const decimals = await client.readContract({
        address: tokenAddress,
        abi: ERC20,
        functionName: 'decimals',
      });
      if (decimals !== token.decimals) {
        throw new Error(`chain ${chain}: token has ${decimals} decimals, configured ${token.decimals}`);
      }
    })().catch((err: unknown) => {
      checked = null;
      throw err;
    });
    return checked;
  }

  // ── amounts ──────────────────────────────────────────────────────────────────────────────

  const shift = token.decimals - token.scale;
  const factor = 10n ** BigInt(Math.abs(shift));

  /** Token units → platform minor units, rounded down (dust below the platform's unit stays on chain). */
  function toMinor(units: bigint): bigint {
    return shift >= 0 ? units / factor : units * factor;
  }

  /** Platform minor units → token units; refuses amounts the token cannot represent exactly. */
  function toTokenUnits(minor: bigint): bigint {
    if (shift >= 0) return minor * factor;
    if (minor % factor !== 0n) throw new ValidationError('amount', 'invalid_value');
    return minor / factor;
  }

  // ── deposit addresses ────────────────────────────────────────────────────────────────────

  function deriveAddress(index: number): string {
    const child = depositBranch.deriveChild(index);
    assert(child.publicKey, 'derived key without public key');
    const uncompressed = ECDH.convertKey(
      Buffer.from(child.publicKey),
      'secp256k1',
      undefined,
      'hex',
      'uncompressed',
    );
    return publicKeyToAddress(`0x${uncompressed as string}`).toLowerCase();
  }

  async function storedAddress(userId: number): Promise<string | null> {
    const [row] = await db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, chain)));
    return row?.address ?? null;
  }

  async function depositAddress(userId: number): Promise<string> {
    assert(Number.isSafeInteger(userId) && userId >= 0 && userId <= MAX_CHILD_INDEX, `bad user id ${userId}`);
    const existing = await storedAddress(userId);
    if (existing) return existing;
    const address = deriveAddress(userId);
    await db
      .insert(depositAddresses)
      .values({ userId, chain, address, derivationIndex: userId, createdAt: clock.now() })
      .onConflictDoNothing();
    const stored = await storedAddress(userId);
    assert(stored, 'deposit address vanished after insert');
    return stored;
  }

  /** Every deposit address of the chain, lowercase → user id. */
  async function knownAddresses(): Promise<Map<string, number>> {
    const rows = await db
      .select({ address: depositAddresses.address, userId: depositAddresses.userId })
      .from(depositAddresses)
      .where(eq(depositAddresses.chain, chain));
    return new Map(rows.map((r) => [r.address.toLowerCase(), r.userId]));
  }

  // ── chain reads ──────────────────────────────────────────────────────────────────────────

  async function head(): Promise<number> {
    return Number(await client.getBlockNumber({ cacheTime: 0 }));
  }

  /** The canonical block at a height, or null when the chain is not that long (any more). */
  async function blockAt(height: number): Promise<BlockHeader | null> {
    try {
      const b = await client.getBlock({ blockNumber: BigInt(height) });
      assert(b.hash, 'a mined block has a hash');
      return { number: height, hash: b.hash.toLowerCase(), parentHash: b.parentHash.toLowerCase() };
    } catch (err) {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    }
  }

  /** Transfer logs of the token in a receipt or a log query, to known addresses only. */
  function matchTransfers(
    logs: Parameters<typeof parseEventLogs>[0]['logs'],
    addresses: ReadonlyMap<string, number>,
  ): FoundTransfer[] {
    const found: FoundTransfer[] = [];
    for (const entry of parseEventLogs({ abi: [TRANSFER], logs, strict: true })) {
      if (entry.removed || entry.address.toLowerCase() !== tokenLower) continue;
      const to = entry.args.to.toLowerCase();
      const userId = addresses.get(to);
      if (userId === undefined) continue;
      assert(
        entry.transactionHash && entry.blockHash && entry.blockNumber !== null && entry.logIndex !== null,
      );
      found.push({
        userId,
        address: to,
        tokenUnits: entry.args.value,
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
  let step = maxBlocksPerStep;
  async function transfersIn(
    from: number,
    to: number,
    addresses: ReadonlyMap<string, number>,
  ): Promise<{ to: number; found: FoundTransfer[] }> {
    if (addresses.size === 0) return { to, found: [] };
    const filter =
      addresses.size <= maxTopicAddresses ? [...addresses.keys()].map((a) => getAddress(a)) : undefined;
    for (;;) {
      try {
        const logs = await client.getLogs({
          address: tokenAddress,
          event: TRANSFER,
          args: filter ? { to: filter } : undefined,
          fromBlock: BigInt(from),
          toBlock: BigInt(to),
          strict: true,
        });
        step = Math.min(maxBlocksPerStep, step * 2);
        return { to, found: matchTransfers(logs, addresses) };
      } catch (err) {
        // Only a refusal by the node (range too wide, too many results) is worth a narrower
        // range; an unreachable node fails the step as it is.
        if (to === from || err instanceof HttpRequestError || err instanceof TimeoutError) throw err;
        to = from + Math.floor((to - from) / 2);
        step = Math.max(1, to - from + 1);
        log.warn({ chain, from, to, err }, 'eth_getLogs refused a range; narrowing it');
      }
    }
  }

  // ── recording ────────────────────────────────────────────────────────────────────────────

  /**
   * Upserts deposit rows (one per chain, tx hash, log index). A row still pending or orphaned by
   * a reorganisation takes the block it is now found in and is pending again; an approved row,
   * or one failed for another reason, is never touched.
   */
  async function record(tx: Tx, found: readonly FoundTransfer[]): Promise<number> {
    const now = clock.now();
    const values = found.flatMap((t) => {
      const amount = toMinor(t.tokenUnits);
      if (amount <= 0n) {
        log.warn(
          { chain, txHash: t.txHash, logIndex: t.logIndex },
          'deposit below the platform unit ignored',
        );
        return [];
      }
      return [
        {
          userId: t.userId,
          asset: token.asset,
          amount,
          chain,
          txHash: t.txHash,
          logIndex: t.logIndex,
          address: t.address,
          blockNumber: t.blockNumber,
          blockHash: t.blockHash,
          status: 'pending' as const,
          createdAt: now,
          updatedAt: now,
        },
      ];
    });
    if (values.length === 0) return 0;
    const rows = await tx
      .insert(walletDeposits)
      .values(values)
      .onConflictDoUpdate({
        target: [walletDeposits.chain, walletDeposits.txHash, walletDeposits.logIndex],
        targetWhere: depositKeyWhere(walletDeposits),
        set: {
          blockNumber: sql`excluded.block_number`,
          blockHash: sql`excluded.block_hash`,
          status: 'pending',
          reason: null,
          updatedAt: now,
        },
        setWhere: sql`${walletDeposits.status} = 'pending' or (${walletDeposits.status} = 'failed' and ${walletDeposits.reason} = 'reorg')`,
      })
      .returning({ id: walletDeposits.id });
    return rows.length;
  }

  // ── cursor and reorganisations ───────────────────────────────────────────────────────────

  async function cursor(headHeight: number): Promise<number> {
    const read = async () => {
      const [row] = await db
        .select({ height: chainCursors.scannedHeight })
        .from(chainCursors)
        .where(eq(chainCursors.chain, chain));
      return row?.height;
    };
    const found = await read();
    if (found !== undefined) return found;
    const start = opts.startBlock ?? headHeight;
    await db
      .insert(chainCursors)
      .values({ chain, scannedHeight: Math.max(0, start) - 1, updatedAt: clock.now() })
      .onConflictDoNothing();
    const created = await read();
    assert(created !== undefined, 'cursor vanished after insert');
    return created;
  }

  async function lockCursor(tx: Tx): Promise<number> {
    const [row] = await tx
      .select({ height: chainCursors.scannedHeight })
      .from(chainCursors)
      .where(eq(chainCursors.chain, chain))
      .for('update');
    assert(row, 'chain cursor missing');
    return row.height;
  }

  /**
   * Forgets everything above `forkPoint`: the cursor goes back to it (never forward), its
   * recorded block hashes go, and deposits still pending from those blocks fail with reason
   * 'reorg' (a later scan that finds the transfer again makes them pending again).
   * With `expected`, does nothing (null) unless the cursor is still there.
   */
  async function rewind(
    forkPoint: number,
    expected?: number,
  ): Promise<{ cursor: number; orphaned: number } | null> {
    return db.transaction(async (tx) => {
      const current = await lockCursor(tx);
      if (expected !== undefined && current !== expected) return null;
      const now = clock.now();
      const next = Math.min(current, forkPoint);
      await tx
        .update(chainCursors)
        .set({ scannedHeight: next, updatedAt: now })
        .where(eq(chainCursors.chain, chain));
      await tx
        .delete(chainBlocks)
        .where(and(eq(chainBlocks.chain, chain), gt(chainBlocks.height, forkPoint)));
      const orphaned = await tx
        .update(walletDeposits)
        .set({ status: 'failed', reason: 'reorg', updatedAt: now })
        .where(
          and(
            eq(walletDeposits.chain, chain),
            eq(walletDeposits.status, 'pending'),
            gt(walletDeposits.blockNumber, forkPoint),
          ),
        )
        .returning({ id: walletDeposits.id });
      log.warn(
        { chain, forkPoint, from: current, orphaned: orphaned.length },
        'chain reorganisation: rewound',
      );
      return { cursor: next, orphaned: orphaned.length };
    });
  }

  /**
   * Compares the stored hashes of the last scanned blocks with the chain, newest first; the
   * highest one that still matches is the fork point. A match at the top (the usual case) costs
   * one call: a block hash commits to all its ancestors.
   */
  async function checkReorg(
    scanned: number,
    headHeight: number,
  ): Promise<{ cursor: number; orphaned: number }> {
    const stored = await db
      .select({ height: chainBlocks.height, hash: chainBlocks.hash })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chain, chain), lte(chainBlocks.height, scanned)))
      .orderBy(desc(chainBlocks.height))
      .limit(reorgWindow);
    const top = stored[0];
    if (!top) return { cursor: scanned, orphaned: 0 };
    let fork: number | null = null;
    for (const b of stored) {
      const onChain = b.height <= headHeight ? await blockAt(b.height) : null;
      if (onChain?.hash === b.hash) {
        fork = b.height;
        break;
      }
    }
    if (fork === scanned) return { cursor: scanned, orphaned: 0 };
    if (fork === null) {
      fork = (stored.at(-1)?.height ?? scanned) - 1;
      log.error(
        { chain, scanned, fork },
        'reorganisation deeper than the stored window; rescanning from its bottom',
      );
    }
    const r = await rewind(fork, scanned);
    if (!r) throw new ChainMoved('cursor moved during the reorganisation check');
    return r;
  }

  // ── scanning ─────────────────────────────────────────────────────────────────────────────

  /**
   * Scans (scanned, up to `limit`]: records transfers to known addresses and the hashes of the
   * range's last `reorgWindow` blocks, and moves the cursor, all in one transaction that only
   * commits if the cursor is still where this step started and the range still hangs from the
   * block recorded below it. Returns the new cursor, or null when another watcher got there first.
   */
  async function scanStep(
    scanned: number,
    limit: number,
    addresses: ReadonlyMap<string, number>,
  ): Promise<{ cursor: number; recorded: number } | null> {
    const from = scanned + 1;
    const { to, found } = await transfersIn(from, Math.min(limit, scanned + step), addresses);
    const tailFrom = Math.max(from, to - reorgWindow + 1);
    const heights = [from, ...Array.from({ length: to - tailFrom + 1 }, (_, i) => tailFrom + i)];
    const headers = await Promise.all([...new Set(heights)].map((h) => blockAt(h)));
    const byHeight = new Map<number, BlockHeader>();
    for (const h of headers) {
      if (!h) throw new ChainMoved('a scanned block is gone');
      byHeight.set(h.number, h);
    }
    for (let h = tailFrom + 1; h <= to; h++) {
      if (byHeight.get(h)?.parentHash !== byHeight.get(h - 1)?.hash) {
        throw new ChainMoved('blocks do not link');
      }
    }
    for (const t of found) {
      const b = byHeight.get(t.blockNumber);
      if (b && b.hash !== t.blockHash) throw new ChainMoved('a log is from another branch');
    }
    const first = byHeight.get(from);
    assert(first);
    const tail = [...byHeight.values()].filter((b) => b.number >= tailFrom);

    return db.transaction(async (tx) => {
      if ((await lockCursor(tx)) !== scanned) return null;
      const [below] = await tx
        .select({ hash: chainBlocks.hash })
        .from(chainBlocks)
        .where(and(eq(chainBlocks.chain, chain), eq(chainBlocks.height, scanned)));
      if (below && below.hash !== first.parentHash) return null;
      const recorded = await record(tx, found);
      await tx
        .insert(chainBlocks)
        .values(tail.map((b) => ({ chain, height: b.number, hash: b.hash })))
        .onConflictDoUpdate({
          target: [chainBlocks.chain, chainBlocks.height],
          set: { hash: sql`excluded.hash` },
        });
      await tx
        .delete(chainBlocks)
        .where(and(eq(chainBlocks.chain, chain), lt(chainBlocks.height, to - 2 * reorgWindow)));
      await tx
        .update(chainCursors)
        .set({ scannedHeight: to, updatedAt: clock.now() })
        .where(eq(chainCursors.chain, chain));
      return { cursor: to, recorded };
    });
  }

  // ── crediting ────────────────────────────────────────────────────────────────────────────

  /** Credits one deposit if it is still pending in the same block; true when this call did it. */
  async function creditOne(id: number, blockHash: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: walletDeposits.id,
          userId: walletDeposits.userId,
          asset: walletDeposits.asset,
          amount: walletDeposits.amount,
          txHash: walletDeposits.txHash,
          logIndex: walletDeposits.logIndex,
        })
        .from(walletDeposits)
        .where(
          and(
            eq(walletDeposits.id, id),
            eq(walletDeposits.status, 'pending'),
            eq(walletDeposits.blockHash, blockHash),
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return false;
      assert(row.amount > 0n, `deposit ${id} of a non-positive amount`);
      const ledgerTxId = await opts.onConfirmed(tx, row);
      assert(Number.isSafeInteger(ledgerTxId) && ledgerTxId > 0, `onConfirmed returned ${ledgerTxId}`);
      await tx
        .update(walletDeposits)
        .set({ status: 'approved', ledgerTxId, reason: null, updatedAt: clock.now() })
        .where(eq(walletDeposits.id, id));
      return true;
    });
  }

  /**
   * Credits pending deposits with enough confirmations whose block is still canonical. One
   * whose block is gone rewinds the watcher to below it (returned as `rewoundTo`).
   */
  async function creditDue(
    headHeight: number,
  ): Promise<{ credited: number; orphaned: number; rewoundTo: number | null }> {
    const due = await db
      .select({
        id: walletDeposits.id,
        blockNumber: walletDeposits.blockNumber,
        blockHash: walletDeposits.blockHash,
      })
      .from(walletDeposits)
      .where(
        and(
          eq(walletDeposits.chain, chain),
          eq(walletDeposits.status, 'pending'),
          isNotNull(walletDeposits.blockNumber),
          lte(walletDeposits.blockNumber, headHeight - confirmations + 1),
        ),
      )
      .orderBy(asc(walletDeposits.blockNumber), asc(walletDeposits.id))
      .limit(CREDIT_BATCH);
    const canonical = new Map<number, string | null>();
    let credited = 0;
    let orphaned = 0;
    let rewoundTo: number | null = null;
    for (const d of due) {
      if (d.blockNumber === null || d.blockHash === null) continue;
      let hash = canonical.get(d.blockNumber);
      if (hash === undefined) {
        hash = (await blockAt(d.blockNumber))?.hash ?? null;
        canonical.set(d.blockNumber, hash);
      }
      if (hash !== d.blockHash) {
        // Its block left the chain without the scan noticing (found by tx hash, or deeper than
        // the window): treat the block as the fork.
        // Every deposit after this one (ordered by block) is above the fork and now failed.
        const r = await rewind(d.blockNumber - 1);
        orphaned += r?.orphaned ?? 0;
        rewoundTo = r?.cursor ?? null;
        break;
      }
      try {
        if (await creditOne(d.id, d.blockHash)) credited++;
      } catch (err) {
        log.error({ chain, depositId: d.id, err }, 'crediting a deposit failed; it stays pending');
      }
    }
    return { credited, orphaned, rewoundTo };
  }

  // ── the watcher ──────────────────────────────────────────────────────────────────────────

  async function poll(): Promise<PollResult> {
    await ready();
    const headHeight = await head();
    // Addresses are read after the head: a transfer in a block up to the head was sent to an
    // address its user had already been shown, so it is in this list.
    const addresses = await knownAddresses();
    let recorded = 0;
    let orphaned = 0;
    let scanned = await cursor(headHeight);
    try {
      const check = await checkReorg(scanned, headHeight);
      scanned = check.cursor;
      orphaned += check.orphaned;
      for (let i = 0; i < MAX_STEPS_PER_POLL && scanned < headHeight; i++) {
        const done = await scanStep(scanned, headHeight, addresses);
        if (!done) break; // another watcher moved the cursor (or the chain moved): next poll.
        scanned = done.cursor;
        recorded += done.recorded;
      }
    } catch (err) {
      if (!(err instanceof ChainMoved)) throw err;
      log.info({ chain, reason: err.message }, 'chain moved during a step; retrying next poll');
    }
    const c = await creditDue(headHeight);
    return {
      head: headHeight,
      scannedHeight: c.rewoundTo ?? scanned,
      recorded,
      orphaned: orphaned + c.orphaned,
      credited: c.credited,
    };
  }

  interface Loop {
    stopped: boolean;
    timer: NodeJS.Timeout | undefined;
    current: Promise<void>;
  }
  let loop: Loop | null = null;

  function start(interval_ms: number): void {
    assert(interval_ms > 0, 'interval_ms must be positive');
    if (loop) return;
    const state: Loop = { stopped: false, timer: undefined, current: Promise.resolve() };
    const tick = () => {
      state.current = (async () => {
        let behind = false;
        try {
          const r = await poll();
          behind = r.scannedHeight < r.head;
        } catch (err) {
          log.error({ chain, err }, 'chain poll failed');
        }
        if (state.stopped) return;
        state.timer = setTimeout(tick, behind ? 0 : interval_ms);
        state.timer.unref();
      })();
    };
    loop = state;
    tick();
  }

  async function stop(): Promise<void> {
    const state = loop;
    if (!state) return;
    loop = null;
    state.stopped = true;
    clearTimeout(state.timer);
    await state.current;
  }

  // ── user-submitted tx hashes ─────────────────────────────────────────────────────────────

  async function submitTxHash(userId: number, txHash: string): Promise<SubmittedDeposit[]> {
    if (!TX_HASH_RE.test(txHash)) throw new ValidationError('tx_hash', 'invalid_format');
    await ready();
    const address = await storedAddress(userId);
    if (!address) throw new DomainError('NotFound');
    let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
    try {
      receipt = await client.getTransactionReceipt({ hash: txHash as Hash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) throw new DomainError('NotFound');
      throw err;
    }
    if (receipt.status !== 'success') throw new DomainError('NotFound');
    const found = matchTransfers(receipt.logs, new Map([[address.toLowerCase(), userId]]));
    if (found.length === 0) throw new DomainError('NotFound');
    const headHeight = await head();
    await db.transaction((tx) => record(tx, found));
    const rows = await db
      .select()
      .from(walletDeposits)
      .where(
        and(
          eq(walletDeposits.chain, chain),
          eq(walletDeposits.txHash, txHash.toLowerCase()),
          inArray(
            walletDeposits.logIndex,
            found.map((t) => t.logIndex),
          ),
        ),
      )
      .orderBy(asc(walletDeposits.logIndex));
    if (rows.length === 0) throw new DomainError('NotFound'); // every transfer was dust
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      asset: r.asset,
      amount: r.amount,
      txHash: r.txHash,
      logIndex: r.logIndex,
      address: r.address ?? address,
      blockNumber: r.blockNumber ?? 0,
      status: r.status,
      confirmations: r.blockNumber === null ? 0 : Math.max(0, headHeight - r.blockNumber + 1),
    }));
  }

  // ── hot wallet ───────────────────────────────────────────────────────────────────────────

  let sending: Promise<unknown> = Promise.resolve();
  /** One send at a time from this process, so nonces do not collide. */
  function serialized<T>(fn: () => Promise<T>): Promise<T> {
    const run = sending.then(fn, fn);
    sending = run.catch(() => {});
    return run;
  }

  async function sendToken(to: string, amountMinor: bigint): Promise<string> {
    if (!wallet || !hotAccount) throw new Error(`chain ${chain}: no hot wallet key configured`);
    if (!isAddress(to, { strict: false })) throw new ValidationError('address', 'invalid_format');
    if (amountMinor <= 0n) throw new ValidationError('amount', 'too_small');
    const units = toTokenUnits(amountMinor);
    const recipient = getAddress(to);
    await ready();
    return serialized(async () => {
      const balance = await client.readContract({
        address: tokenAddress,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [hotAccount.address],
      });
      if (balance < units) throw new DomainError('InsufficientBalance');
      const { request } = await client.simulateContract({
        account: hotAccount,
        address: tokenAddress,
        abi: ERC20,
        functionName: 'transfer',
        args: [recipient, units],
      });
      const hash = await wallet.writeContract(request);
      log.info({ chain, to: recipient, amountMinor: amountMinor.toString(), hash }, 'hot wallet sent');
      return hash;
    });
  }

  async function hotWalletBalance(): Promise<HotWalletBalance> {
    if (!hotAccount) throw new Error(`chain ${chain}: no hot wallet key configured`);
    await ready();
    const [tokenUnits, native] = await Promise.all([
      client.readContract({
        address: tokenAddress,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [hotAccount.address],
      }),
      client.getBalance({ address: hotAccount.address }),
    ]);
    return { address: hotAccount.address.toLowerCase(), amount: toMinor(tokenUnits), tokenUnits, native };
  }

  return { chain, depositAddress, poll, start, stop, submitTxHash, sendToken, hotWalletBalance };
}
