/**
 * A user's notice, as any module asks for one: written to the outbox in the transaction of the change it tells
 * of (a deposit credited, a verification decided, a sign-in from a new device), so it is delivered exactly once
 * after that change commits, through crashes and restarts. The notifications module consumes the topic; the
 * producer knows nothing of it.
 */
import type { NoticeKind } from '@nexa/contract';
import type { Tx } from '../store';
import type { Outbox } from './outbox';

export const NOTICE_TOPIC = 'user.notice';

export interface NoticeRequest {
  readonly userId: number;
  readonly kind: NoticeKind;
  /** The event it tells of, unique per user ("dep_12", "kyc_3:approved"): one notice per ref. */
  readonly ref: string;
  /** Placeholders of its title and body: short texts (amounts as decimal strings). */
  readonly params?: Readonly<Record<string, string>>;
}

/** Asks for a notice inside the caller's transaction: it is written if and only if that transaction commits. */
export async function writeNotice(outbox: Outbox, tx: Tx, notice: NoticeRequest): Promise<void> {
  await outbox.write(tx, NOTICE_TOPIC, { ...notice, params: notice.params ?? {} });
}
