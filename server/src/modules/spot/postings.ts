import type { LedgerAccount, Posting } from '../../ledger';

/** Adds postings, dropping zero amounts (a fee rounded down to nothing). */
export class Postings {
  readonly list: Posting[] = [];
  add(account: LedgerAccount, bucket: Posting['bucket'], amount: bigint): void {
    if (amount !== 0n) this.list.push({ account, bucket, amount });
  }
  freeze(account: LedgerAccount, amount: bigint): void {
    this.add(account, 'available', -amount);
    this.add(account, 'frozen', amount);
  }
  release(account: LedgerAccount, amount: bigint): void {
    this.add(account, 'frozen', -amount);
    this.add(account, 'available', amount);
  }
  /** Net change of one bucket of one account. */
  net(accountId: number, bucket: Posting['bucket']): bigint {
    let sum = 0n;
    for (const p of this.list) if (p.account.id === accountId && p.bucket === bucket) sum += p.amount;
    return sum;
  }
}
