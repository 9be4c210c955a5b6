/**
 * What every wallet operation is handed: the module's dependencies, its settings, its assets (amounts and
 * prices), the money writer its transfers and holds are group-committed through, the deposit address deriver
 * and the platform day. Built once by `createWallet`; also the shapes the operations share.
 */
import type { Settings } from '../../kernel/settings';
import type { MoneyWriter, UserAccountKind } from '../../ledger';
import type { AddressDeriver } from './chain/addresses';
import type { Assets, WalletDeps } from './common';
import type { WALLET_SETTINGS } from './settings';

export const ACCOUNT_KINDS: readonly UserAccountKind[] = ['spot', 'futures', 'shop', 'card'];

export interface PageQuery {
  readonly page: number;
  readonly size: number;
}

/** A deposit's or withdrawal's status as answered. */
export type Status = 'pending' | 'approved' | 'failed';

export interface WalletCtx {
  readonly store: WalletDeps['store'];
  readonly clock: WalletDeps['clock'];
  readonly log: WalletDeps['log'];
  readonly config: WalletDeps['config'];
  readonly limiter: WalletDeps['limiter'];
  readonly ledger: WalletDeps['ledger'];
  /** Notices to the user (a deposit credited, a withdrawal sent or rejected), in the change's transaction. */
  readonly outbox: WalletDeps['outbox'];
  /** The watched networks (`funding.ts` finds the one of a network). */
  readonly chains: WalletDeps['chains'];
  readonly venue: WalletDeps['venue'];
  /** The user's open futures positions' margin and unrealized PnL, USDT minor units (0 without futures). */
  readonly positionsEquity: (userId: number) => bigint;
  /** What the futures account keeps for the user's cross positions, USDT minor units (0 without). */
  readonly crossKept: (userId: number) => bigint;
  /** The asset registry (every asset, the disabled ones included). */
  readonly registry: WalletDeps['assets'];
  readonly settings: Settings<typeof WALLET_SETTINGS>;
  /** The enabled assets, amounts and prices (common.ts). */
  readonly assets: Assets;
  /** Transfers, internal transfers and withdrawals' holds are group-committed (see ledger/writer.ts). */
  readonly writer: MoneyWriter;
  /** Deposit addresses derived from the platform's extended public key; null without one. */
  readonly derive: AddressDeriver | null;
  /** Confirmations of withdrawals and transfers (null only where no auth module runs: nothing moves then). */
  readonly confirm: WalletDeps['confirm'] | null;
  readonly security: WalletDeps['security'] | null;
  /** Start of the current platform day. */
  readonly dayStart: () => Promise<Date>;
}
