import type { Tx } from '../../../store';

/** A deposit the watcher found confirmed, handed to `onConfirmed` inside the crediting transaction. */
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
 * Credits a confirmed deposit (posts to the ledger) inside `tx`, the transaction that also
 * marks the deposit approved; returns the ledger transaction id. Throwing rolls both back,
 * and the deposit stays pending for the next poll.
 */
export type OnConfirmed = (tx: Tx, deposit: ConfirmedDeposit) => Promise<number>;

/** What one watcher step did. */
export interface PollResult {
  /** Chain head when the step began. */
  readonly head: number;
  /** Last block fully scanned after the step. */
  readonly scannedHeight: number;
  /** Deposit rows recorded or refreshed (found in new blocks). */
  readonly recorded: number;
  /** Deposits marked failed because their block left the chain. */
  readonly orphaned: number;
  /** Deposits credited (approved) by this step. */
  readonly credited: number;
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
  /** Native coin (gas) balance in wei. */
  readonly native: bigint;
}

/** Where the adapter reports; a Fastify/pino logger fits. */
export interface ChainLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What every chain the platform accepts deposits on and pays withdrawals from implements. */
export interface ChainAdapter {
  /** Name of the chain in `wallet_deposits.chain`, `deposit_addresses.chain`, … */
  readonly chain: string;
  /** The user's deposit address on this chain (created on first call, the same ever after). */
  depositAddress(userId: number): Promise<string>;
  /** One watcher step: reorganisation check, scan of new blocks, crediting of confirmed deposits. */
  poll(): Promise<PollResult>;
  /** Polls every `interval_ms` (at once again while behind the head) until `stop()`; errors are logged. */
  start(interval_ms: number): void;
  /** Stops the loop; resolves when a step in progress has finished. */
  stop(): Promise<void>;
  /**
   * Records the deposits a transaction made to the user's address, verified on chain; crediting
   * stays the watcher's. Throws NotFound for an unknown or failed transaction or one that pays
   * the user nothing.
   */
  submitTxHash(userId: number, txHash: string): Promise<SubmittedDeposit[]>;
  /** Sends `amountMinor` (platform scale) of the token from the hot wallet; returns the tx hash. */
  sendToken(to: string, amountMinor: bigint): Promise<string>;
  hotWalletBalance(): Promise<HotWalletBalance>;
}
