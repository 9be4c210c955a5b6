import type { ConfirmAction, Confirmation, ExactDecimal } from '@nexa/contract';
import type { Tx } from '../store';

/**
 * Confirming what moves money (the wallet's withdrawals and transfers, the shop's large purchases ask; the auth
 * module answers): a fresh EIP-712 signature of the account's wallet and, where enabled, the authenticator's
 * code. `check` only reads; `consume` uses the confirmation up in the transaction of the move, `release` gives
 * it back when that move's entry was refused after all.
 */

/** What the call being confirmed does, as the server read it from its own fields. */
export interface ConfirmExpect {
  readonly action: ConfirmAction;
  readonly asset: string;
  readonly amount: ExactDecimal;
  readonly destination: string;
  /** Withdrawals and transfers wait while the lock after a security change holds; purchases do not. */
  readonly locked: boolean;
}

/** The confirmation fields a call carried. */
export interface ConfirmInput {
  readonly confirm?: Confirmation | undefined;
  readonly totp_code?: string | undefined;
}

/** A checked confirmation, to be used up in the move's transaction. */
export interface ConfirmTicket {
  readonly userId: number;
  readonly nonce: string;
  readonly totp: { readonly step: number; readonly before: number | null } | null;
}

export interface ConfirmPort {
  check(userId: number, want: ConfirmExpect, input: ConfirmInput): Promise<ConfirmTicket>;
  consume(tx: Tx, ticket: ConfirmTicket): Promise<void>;
  release(tx: Tx, ticket: ConfirmTicket): Promise<void>;
}

/** A change of the user's security settings (the wallet's whitelist), checked and recorded by the auth module. */
export interface SecurityChangePort {
  /** Refuses without a right, fresh authenticator code where one is enabled. */
  verifyTotp(userId: number, code: string | undefined): Promise<void>;
  /** Starts the withdrawal lock and tells the user, in the caller's transaction; answers the lock's end. */
  markChanged(tx: Tx, userId: number, change: string): Promise<Date>;
}
