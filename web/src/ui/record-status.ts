/** The three record statuses of the spec (pending approval, approved, failed) and their tone. */
export type RecordStatus = 'pending' | 'approved' | 'failed';

export function statusTone(status: RecordStatus): 'warning' | 'success' | 'danger' {
  return status === 'approved' ? 'success' : status === 'failed' ? 'danger' : 'warning';
}
