import type { Tx } from '../../../store';
import type { AddressFamily } from './addresses';

/** A deposit the watcher credits, releases or reverses, handed to the deposit book inside its transaction. */
export interface ConfirmedDeposit {
  readonly id: number;
  readonly userId: number;
  readonly asset: string;
  /** Minor units of the platform's scale for `asset`. */
  readonly amount: bigint;
  readonly txHash: string;
  readonly logIndex: number;
}

/**
 * Where the watcher's deposits move money (the wallet posts them to the ledger), each inside `tx`, the
 * transaction that also changes the deposit's row; each returns the ledger transaction's id. Throwing rolls
 * both back, and the deposit stays as it was for the next poll.
 */
export interface DepositBook {
  /**
   * Credits a deposit. `held`: its block has the confirmations to credit but not yet those to be final, so
   * the amount is credited frozen (the user sees it, cannot move it) until `release`, or `reverse` when the
   * block leaves the chain first. Not held: credited available, final at once. Null: the transfer was
   * already credited another way (an operator credited a claim of its hash by hand); the deposit then fails
   * with reason `credited_manually`.
   */
  credit(tx: Tx, deposit: ConfirmedDeposit, held: boolean): Promise<number | null>;
  /** A held credit became final: frozen → available. */
  release(tx: Tx, deposit: ConfirmedDeposit): Promise<number>;
  /** A held credit's block left the chain: the frozen amount goes back where it came from. */
  reverse(tx: Tx, deposit: ConfirmedDeposit): Promise<number>;
}

/** What one watcher step did. */
export interface PollResult {
  /** Chain head when the step began. */
  readonly head: number;
  /** Last block fully scanned after the step. */
  readonly scannedHeight: number;
  /** Deposit rows recorded or refreshed (found in new blocks). */
  readonly recorded: number;
  /** Deposits marked failed because their block left the chain (held credits among them reversed). */
  readonly orphaned: number;
  /** Deposits credited by this step (held or final at once). */
  readonly credited: number;
  /** Held credits that became final in this step. */
  readonly released: number;
}

/** A deposit row as `submitTxHash` returns it. */
export interface SubmittedDeposit {
  readonly id: number;
  readonly userId: number;
  readonly asset: string;
  readonly amount: bigint;
  readonly txHash: string;
  readonly logIndex: number;
  readonly address: string;
  readonly blockNumber: number;
  readonly status: 'pending' | 'approved' | 'failed';
  /** Blocks on top of and including the deposit's block (1 = just mined). */
  readonly confirmations: number;
}

export interface HotWalletBalance {
  readonly address: string;
  /** Token balance in minor units of the platform's scale (rounded down). */
  readonly amount: bigint;
  /** Token balance in the token's own units. */
  readonly tokenUnits: bigint;
  /** Native coin (gas) balance in its smallest unit (wei, sun). */
  readonly native: bigint;
  /** Decimals of the native coin (18 for ETH and BNB, 6 for TRX) and its symbol. */
  readonly nativeDecimals: number;
  readonly nativeSymbol: string;
}

/** Where the adapter reports; a Fastify/pino logger fits. */
export interface ChainLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A block as the watcher keeps it to notice reorganisations. */
export interface BlockHeader {
  readonly number: number;
  readonly hash: string;
  readonly parentHash: string;
}

/**
 * Index under which a transaction's own movement of the native coin (ETH sent with an EVM transaction) is
 * recorded; token transfers keep their log index (≥ 0), Bitcoin outputs their output index.
 */
export const NATIVE_INDEX = -1;

/** A transfer to a known deposit address, as a network's node shows it. */
export interface FoundTransfer {
  readonly userId: number;
  /** The deposit address as stored (`deposit_addresses.address`). */
  readonly address: string;
  /** Platform asset credited for it. */
  readonly asset: string;
  /** Minor units of the platform's scale for `asset`, rounded down (dust below a unit stays on chain). */
  readonly amount: bigint;
  readonly txHash: string;
  /** Log index of a token transfer, output index of a coin output, NATIVE_INDEX for an EVM value. */
  readonly logIndex: number;
  readonly blockNumber: number;
  readonly blockHash: string;
}

/**
 * One network's node as the watcher reads it: the same watcher (cursor, stored block hashes, reorganisations,
 * crediting once per (network, transaction, index)) runs on every network through this interface. The EVM
 * networks implement it in `evm-source.ts` (token logs and native value), one per configured network; Tron
 * in `tron.ts` (TRC20 logs through the node's HTTP API), Bitcoin in `bitcoin.ts` (outputs through Bitcoin
 * Core's JSON-RPC). A node that fails, hangs past its deadline or answers out of shape throws (the
 * `NodeAnswerError` of `node-http.ts` for the latter two), and the step records nothing.
 */
export interface ChainSource {
  /** The chain deposits on it are recorded under (`evm`, `bsc`, `tron`, `bitcoin`, …). */
  readonly chain: string;
  /** The form of its deposit addresses (and the branch of the extended public key they derive on). */
  readonly family: AddressFamily;
  /** The platform assets it reports transfers of. */
  readonly assets: readonly string[];
  /** Resolves once the node is known to serve the configured network (chain id, token decimals); else throws. */
  ready(): Promise<void>;
  /** The newest block's height. */
  head(): Promise<number>;
  /** The canonical block at a height, or null when the chain is not that long (any more). */
  block(height: number): Promise<BlockHeader | null>;
  /**
   * Transfers to known addresses (stored address → user id) in blocks [from, to]; it may cover fewer blocks
   * than asked (a node refusing a range, a per-step cap) and answers the last block it covered.
   */
  transfers(
    from: number,
    to: number,
    addresses: ReadonlyMap<string, number>,
  ): Promise<{ to: number; found: FoundTransfer[] }>;
  /**
   * What one transaction paid to the addresses, or null when the chain holds no successful transaction of
   * that hash. Throws ValidationError for a text that is no transaction hash of this chain.
   */
  transaction(txHash: string, addresses: ReadonlyMap<string, number>): Promise<FoundTransfer[] | null>;
}

/** What the platform does with a network: its deposits watched and credited, and (EVM) its hot wallet. */
export interface ChainAdapter {
  /** Name of the chain in `wallet_deposits.chain`, `deposit_addresses.chain`, … */
  readonly chain: string;
  /** The platform assets whose deposits it watches on its chain. */
  readonly assets: readonly string[];
  /** Blocks (the deposit's own included) after which a deposit is final. */
  readonly confirmations: number;
  /** Blocks after which a deposit is credited, held until final (≤ `confirmations`). */
  readonly creditAfter: number;
  /** The user's deposit address on this chain (created on first call, the same ever after). */
  depositAddress(userId: number): Promise<string>;
  /** One watcher step: reorganisation check, scan of new blocks, crediting and finality of deposits. */
  poll(): Promise<PollResult>;
  /** Polls every `interval_ms` (at once again while behind the head) until `stop()`; errors are logged. */
  start(interval_ms: number): void;
  /** Stops the loop; resolves when a step in progress has finished. */
  stop(): Promise<void>;
  /**
   * Whether a watcher of this chain runs: its last poll succeeded within the staleness window (read from
   * the store, so every instance of a cluster answers alike while the lease holder runs it).
   */
  running(): Promise<boolean>;
  /** Confirmations a block has now (null when unknown). */
  confirmationsOf(blockNumber: number | null): Promise<number | null>;
  /**
   * Records the deposits a transaction made to the user's address, verified on chain; crediting
   * stays the watcher's. Throws NotFound for an unknown or failed transaction or one that pays
   * the user nothing.
   */
  submitTxHash(userId: number, txHash: string): Promise<SubmittedDeposit[]>;
  /** Sends `amountMinor` (platform scale) of its first token from the hot wallet; absent without one. */
  sendToken?(to: string, amountMinor: bigint): Promise<string>;
  /**
   * The hot wallet's payments step by step (EVM): the wallet allocates nonces and keeps every signed version in
   * the store before it is broadcast (`withdrawal-send.ts`); absent without a signer.
   */
  payer?: HotPayer;
  hotWalletBalance?(): Promise<HotWalletBalance>;
}

/** A payment checked and priced, not yet signed: the transaction's fields but its nonce and fees. */
export interface PreparedPayment {
  readonly to: string;
  readonly data: string;
  readonly value: bigint;
  readonly gas: bigint;
}

/** Fee caps of an EIP-1559 transaction, in wei per gas. */
export interface PaymentFees {
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

/** One signed version of a payment: what is broadcast, its hash, its nonce and its fees. */
export interface SignedPayment extends PaymentFees {
  readonly raw: string;
  readonly hash: string;
  readonly nonce: number;
}

/** A mined transaction as its receipt tells: succeeded or reverted, and where. */
export interface SentReceipt {
  readonly ok: boolean;
  readonly blockNumber: number;
}

/**
 * A network's hot wallet as the withdrawal sender drives it; the key stays with the signer (local, or an HTTP
 * signer: `signer.ts`), and every signed transaction is checked against what was asked before it is returned.
 */
export interface HotPayer {
  /** The hot wallet's address (lower case). */
  address(): Promise<string>;
  /** Checks a payment (address, amount, a dry run) and prices its gas; signs nothing. Throws when it cannot be paid. */
  prepare(to: string, amountMinor: bigint): Promise<PreparedPayment>;
  /** Fees a transaction pays now. */
  fees(): Promise<PaymentFees>;
  /** Transactions of the hot wallet the node counts: mined (`latest`), or waiting too (`pending`). */
  nonce(which: 'latest' | 'pending'): Promise<number>;
  sign(p: PreparedPayment, nonce: number, fees: PaymentFees): Promise<SignedPayment>;
  /**
   * The same transaction (same nonce, recipient and data) signed again with other fees: a replacement. On a
   * chain whose transactions expire (`lapsed`), the same payment signed again on a newer block.
   */
  resign(raw: string, fees: PaymentFees): Promise<SignedPayment>;
  /**
   * Chains whose transactions expire instead of waiting on a nonce (Tron): whether a stored version can no
   * longer be mined (the head is past its expiry). Absent on EVM networks.
   */
  lapsed?(raw: string): Promise<boolean>;
  /**
   * Chains without account nonces whose transactions spend coins (Bitcoin): whether a version can no longer be
   * mined because another transaction spent its coins. Absent on EVM networks (the nonce tells).
   */
  dropped?(hash: string): Promise<boolean>;
  /** Hands a signed transaction to the node; one it already knows or has mined is no error. */
  broadcast(raw: string): Promise<void>;
  receipt(hash: string): Promise<SentReceipt | null>;
  head(): Promise<number>;
}
