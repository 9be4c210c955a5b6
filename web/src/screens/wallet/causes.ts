/**
 * Causes of asset records the app names in every language. The server's cause is matched after
 * lowercasing and turning "." and "-" into "_" (so "withdrawal.fee" reads as withdrawal_fee);
 * a cause not listed here is shown as the server wrote it.
 */
export const CAUSES = [
  'deposit',
  'withdrawal',
  'withdrawal_request',
  'withdrawal_fee',
  'withdrawal_release',
  'withdrawal_reject',
  'transfer',
  'transfer_in',
  'transfer_out',
  'internal_transfer',
  'exchange',
  'exchange_fee',
  'fee',
  'reward',
  'adjustment',
] as const;

export type Cause = (typeof CAUSES)[number];

export function knownCause(type: string): Cause | null {
  const key = type
    .trim()
    .toLowerCase()
    .replace(/[.\-\s]+/g, '_');
  return (CAUSES as readonly string[]).includes(key) ? (key as Cause) : null;
}

/** The three record statuses of the spec (pending approval, approved, failed) and their tone. */
export type RecordStatus = 'pending' | 'approved' | 'failed';

export function statusTone(status: RecordStatus): 'warning' | 'success' | 'danger' {
  return status === 'approved' ? 'success' : status === 'failed' ? 'danger' : 'warning';
}
