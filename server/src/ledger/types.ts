import type { Cause } from '@nexa/contract';
import type { LEDGER_BUCKETS, LEDGER_USER_KINDS } from '../store/schema';

/** The accounts every user has per asset. */
export type UserAccountKind = (typeof LEDGER_USER_KINDS)[number];
export type AccountKind = UserAccountKind | 'system';
export type Bucket = (typeof LEDGER_BUCKETS)[number];

/** An account as `account()` / `systemAccount()` return it. */
export interface LedgerAccount {
  readonly id: number;
  readonly asset: string;
  readonly kind: AccountKind;
  readonly userId: number | null;
  readonly systemName: string | null;
}

export interface UserAccountKey {
  readonly userId: number;
  readonly asset: string;
  readonly kind: UserAccountKind;
}

export interface SystemAccountKey {
  /** `system:deposits`, `system:rewards:staking`, … */
  readonly system: string;
  readonly asset: string;
}

/** What the convenience operations accept: an account already fetched, or its key. */
export type AccountRef = LedgerAccount | UserAccountKey | SystemAccountKey;

export interface Posting {
  readonly account: LedgerAccount;
  readonly bucket: Bucket;
  /** Signed minor units; never zero. */
  readonly amount: bigint;
}

/** Why money moved; recorded on the journal transaction. */
export interface Entry {
  /** Why, from the contract's closed list (each domain declares its causes with their names). */
  readonly cause: Cause;
  /** Id of the business record behind it. */
  readonly ref?: string;
  readonly remark?: string;
  /** Who triggered it; the convenience operations default to the user whose money leaves (or arrives). */
  readonly userId?: number | null;
  readonly requestId?: string | null;
}

export interface PostInput extends Entry {
  readonly postings: readonly Posting[];
  /**
   * Available amounts these accounts must hold before the postings apply (refused with
   * InsufficientBalance otherwise): an order's whole hold, even when part of it comes back at once.
   */
  readonly needsAvailable?: readonly { readonly accountId: number; readonly amount: bigint }[];
}

/** What became of one input of `postMany`: its journal transaction, or why it was refused. */
export type PostOutcome =
  | { readonly ok: true; readonly id: number }
  | { readonly ok: false; readonly error: 'InsufficientBalance' | 'SystemFundsShort' };

/** A movement of a strictly positive amount. */
export interface Movement extends Entry {
  readonly amount: bigint;
}

export interface Balance {
  readonly asset: string;
  readonly kind: UserAccountKind;
  readonly available: bigint;
  readonly frozen: bigint;
}

export interface HistoryQuery {
  readonly asset?: string;
  readonly kind?: UserAccountKind;
  readonly cause?: string;
  readonly bucket?: Bucket;
  /** Causes starting with this text (`reward.` for every reward program). */
  readonly causePrefix?: string;
  /** Money in (positive postings) or out (negative). */
  readonly direction?: 'in' | 'out';
  /** Only the postings of one journal transaction. */
  readonly transactionId?: number;
  /** 1-based. */
  readonly page: number;
  readonly size: number;
}

export interface HistoryRow {
  /** The entry's last posting on the bucket. */
  readonly id: number;
  readonly transactionId: number;
  readonly asset: string;
  readonly kind: UserAccountKind;
  readonly bucket: Bucket;
  /** Signed minor units: what the journal entry did to the bucket in all. */
  readonly amount: bigint;
  /** For a line that went out: what came back to the bucket in the same entry (an order's unused hold). */
  readonly returned: bigint;
  readonly balanceAfter: bigint;
  readonly cause: string;
  readonly ref: string;
  readonly remark: string;
  readonly createdAt: Date;
}

/**
 * Well-known system accounts. Reward programs use `system:rewards:<program>`; money the operators put in
 * from outside the platform (a market maker's inventory, a program's funding) comes from
 * `system:capital:<purpose>`.
 */
export const SYSTEM = {
  deposits: 'system:deposits',
  withdrawals: 'system:withdrawals',
  fees: 'system:fees',
  rewards: (program: string) => `system:rewards:${program}`,
  capital: (purpose: string) => `system:capital:${purpose}`,
} as const;

/**
 * Counter accounts stand for money outside the platform: `system:deposits` is minus everything that came
 * in from chains, `system:capital:*` minus what operators put in. They are the only accounts that may go
 * below zero. Every other system account (fees, reward pools, desks) holds real money and can never pay
 * out more than it holds: the ledger refuses the posting, and the solvency report marks it short.
 */
export function isCounterAccount(systemName: string): boolean {
  return systemName === SYSTEM.deposits || systemName.startsWith('system:capital:');
}
