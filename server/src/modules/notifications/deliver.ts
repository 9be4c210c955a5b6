/**
 * The outbox consumer of notices: each requested notice goes, once, to the channels its user chose for its
 * kind (`prefs.ts` `channels`). In the consumer's transaction (the outbox's receipt beside it) it writes the
 * in-app notice (one row per user and ref) and the email's delivery row (one per user, ref and channel); once
 * that transaction has committed the notice is pushed to the user's open sockets and the email sender is woken.
 * Where the list names push and the user has a device, a push delivery row is written the same way.
 */
import { NOTICE_KINDS, type NoticeKind } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { NoticeRequest } from '../../kernel/notices';
import type { OutboxEvent } from '../../kernel/outbox';
import type { Tx } from '../../store';
import { type NotificationsCtx, noticeView } from './context';
import { boundEmail, channels, prefsRow } from './prefs';
import { noticeDeliveries, notices, pushSubscriptions } from './tables';

async function hasDevice(tx: Tx, userId: number): Promise<boolean> {
  const [one] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return one !== undefined;
}

/** Params kept as the contract allows them: short texts under short names, at most 12. */
function cleanParams(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [k, v] of Object.entries(raw).slice(0, 12))
    if (k.length <= 40 && (typeof v === 'string' || typeof v === 'number')) out[k] = String(v).slice(0, 200);
  return out;
}

export async function deliver(
  ctx: NotificationsCtx,
  tx: Tx,
  event: OutboxEvent<NoticeRequest>,
  wake: { readonly email: () => void; readonly push: () => void },
): Promise<(() => void) | undefined> {
  const n = event.payload;
  if (!(NOTICE_KINDS as readonly string[]).includes(n.kind) || !Number.isInteger(n.userId)) return undefined;
  const kind = n.kind as NoticeKind;
  const params = cleanParams(n.params);
  const ref = String(n.ref).slice(0, 200);
  const now = ctx.clock.now();
  const [prefs, email] = await Promise.all([prefsRow(tx, n.userId), boundEmail(tx, n.userId)]);
  const to = channels(prefs, kind, { email: email !== null });
  const after: Array<() => void> = [];
  if (to.includes('in_app')) {
    const [row] = await tx
      .insert(notices)
      .values({ userId: n.userId, kind, params, ref, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) {
      const notice = noticeView(row);
      after.push(() => ctx.bus.publish('notice.new', { userId: row.userId, notice, ts: Date.now() }));
      // Pushed to the user's devices by a delivery row of its own, sent after commit (push-send.ts).
      if (to.includes('push') && (await hasDevice(tx, n.userId))) {
        const push = await tx
          .insert(noticeDeliveries)
          .values({ userId: n.userId, channel: 'push', kind, params, ref, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: noticeDeliveries.id });
        if (push.length > 0) after.push(wake.push);
      }
    }
  }
  if (to.includes('email')) {
    const fresh = await tx
      .insert(noticeDeliveries)
      .values({ userId: n.userId, channel: 'email', kind, params, ref, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: noticeDeliveries.id });
    if (fresh.length > 0) after.push(wake.email);
  }
  if (after.length === 0) return undefined;
  return () => {
    for (const f of after) f();
  };
}
