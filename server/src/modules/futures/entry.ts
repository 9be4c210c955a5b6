/** The journal entry of one operation of the writer (an order, a cancel, a liquidation, a funding residue). */
import type { Cause } from '@nexa/contract';
import type { LedgerAccount, PostInput } from '../../ledger';

/** The money one operation moves, netted per account and bucket, with what it must find available first. */
export class Entry {
  readonly deltas = new Map<
    string,
    { account: LedgerAccount; bucket: 'available' | 'frozen'; amount: bigint }
  >();
  readonly needs = new Map<number, bigint>();
  constructor(
    readonly cause: Cause,
    readonly ref: string,
    readonly userId: number | null,
    readonly requestId: string | null,
  ) {}
  add(account: LedgerAccount, bucket: 'available' | 'frozen', amount: bigint): void {
    if (amount === 0n) return;
    const key = `${account.id}:${bucket}`;
    const d = this.deltas.get(key);
    if (d) d.amount += amount;
    else this.deltas.set(key, { account, bucket, amount });
  }
  need(accountId: number, amount: bigint): void {
    if (amount > 0n) this.needs.set(accountId, (this.needs.get(accountId) ?? 0n) + amount);
  }
  input(): PostInput | null {
    const postings = [...this.deltas.values()].filter((d) => d.amount !== 0n);
    if (postings.length === 0) return null;
    return {
      cause: this.cause,
      ref: this.ref,
      userId: this.userId,
      requestId: this.requestId,
      postings,
      needsAvailable: [...this.needs].map(([accountId, amount]) => ({ accountId, amount })),
    };
  }
}
