/**
 * Pushes notices to their users' subscribed devices. The notice's transaction writes a push delivery row
 * (`deliver.ts`) when the user has a device, so a push is never lost to a crash between that commit and the
 * send: the row waits until a round sends it (woken after the commit, and every minute). A round claims the
 * row (`delivery-rows.ts`), then claims each (notice, device) by a receipt row before its push is sent, so a
 * device that has the push never gets it again; a claim a crash left, or a send the service refused, is tried
 * again on a later round. The push service is handed the notice as the message's topic, so a message it still
 * holds is replaced rather than repeated. A subscription the service calls gone (404, 410) is removed. Past the
 * time a push service keeps a message, a row is not pushed any more (the app's list has the notice).
 */
import { Agent } from 'node:https';
import { isLoopbackHost, SECURITY_NOTICE_KINDS } from '@nexa/contract';
import { and, eq, inArray, lte } from 'drizzle-orm';
import webpush from 'web-push';
import { unseal } from '../../kernel/seal';
import { type NoticeRow, type NotificationsCtx, noticeView } from './context';
import { claim, type DeliveryRow, finish, pendingRows, retryLater } from './delivery-rows';
import { pushSealKey, vapidKeys } from './push-keys';
import { pushText } from './push-text';
import { notices, pushReceipts, pushSubscriptions } from './tables';

/** How long a push service keeps a message for a device that is off. */
const TTL_S = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

type Status = 'sent' | 'gone' | 'failed';

/**
 * A push service on this machine (tests, the demo) has a certificate of its own making; it is reached only
 * outside production (a subscription to a loopback address is refused there). Every other service's
 * certificate is checked as usual.
 */
const LOCAL_SERVICE = new Agent({ rejectUnauthorized: false });
const agentFor = (ctx: NotificationsCtx, endpoint: string) =>
  ctx.config.env !== 'production' && isLoopbackHost(new URL(endpoint).hostname)
    ? { agent: LOCAL_SERVICE }
    : {};

/** The message a device's service worker shows (web/src/sw/push-payload.ts reads it). */
export function pushPayload(row: NoticeRow, lang: string): string {
  const notice = noticeView(row);
  const { title, body } = pushText(notice, lang);
  return JSON.stringify({ id: notice.id, kind: notice.kind, title, body, url: `/notices?id=${notice.id}` });
}

function statusOf(error: unknown): number | null {
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : null;
}

type Vapid = Awaited<ReturnType<typeof vapidKeys>>;
type Subscription = typeof pushSubscriptions.$inferSelect;

/** Claims the receipt of a notice on a device: false when the device has it (sent) or is gone. */
async function claimReceipt(ctx: NotificationsCtx, noticeId: number, subscriptionId: number) {
  const claimed = await ctx.store.db
    .insert(pushReceipts)
    .values({ noticeId, subscriptionId, status: 'sending', at: ctx.clock.now() })
    .onConflictDoUpdate({
      target: [pushReceipts.noticeId, pushReceipts.subscriptionId],
      set: { status: 'sending', at: ctx.clock.now() },
      setWhere: inArray(pushReceipts.status, ['sending', 'failed']),
    })
    .returning({ id: pushReceipts.noticeId });
  return claimed.length > 0;
}

/** One notice to one device; answers how it went ('had' when the device already had it). */
async function pushTo(
  ctx: NotificationsCtx,
  row: NoticeRow,
  sub: Subscription,
  vapid: Vapid,
): Promise<Status | 'had'> {
  if (!(await claimReceipt(ctx, row.id, sub.id))) return 'had';
  let status: Status = 'sent';
  try {
    const keys = JSON.parse(unseal(pushSealKey(ctx.config.operatorKey), sub.keysSealed).toString('utf8')) as {
      p256dh: string;
      auth: string;
    };
    await webpush.sendNotification({ endpoint: sub.endpoint, keys }, pushPayload(row, sub.lang), {
      vapidDetails: vapid,
      TTL: TTL_S,
      topic: `notice${row.id}`,
      urgency: SECURITY_NOTICE_KINDS.includes(row.kind) ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
      timeout: SEND_TIMEOUT_MS,
      ...agentFor(ctx, sub.endpoint),
    });
  } catch (error) {
    const code = statusOf(error);
    status = code === 404 || code === 410 ? 'gone' : 'failed';
    if (status === 'gone') {
      await ctx.store.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
    } else {
      // The service's address is the device's secret: only its host is logged.
      ctx.log.warn(
        {
          subscription: sub.id,
          service: new URL(sub.endpoint).hostname,
          status: code,
          err: code === null ? (error as Error).name : undefined,
        },
        'web push: not sent; will retry',
      );
    }
  }
  await ctx.store.db
    .update(pushReceipts)
    .set({ status, at: ctx.clock.now() })
    .where(and(eq(pushReceipts.noticeId, row.id), eq(pushReceipts.subscriptionId, sub.id)));
  return status;
}

/** Sends one claimed row to the devices its user had when it was written; answers how many pushes went. */
async function pushRow(ctx: NotificationsCtx, row: DeliveryRow): Promise<number> {
  const db = ctx.store.db;
  if (ctx.clock.now().getTime() - row.createdAt.getTime() > TTL_S * 1000) {
    await finish(ctx, row.id, 'failed');
    return 0;
  }
  const [notice] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, row.userId), eq(notices.ref, row.ref)));
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, row.userId), lte(pushSubscriptions.createdAt, row.createdAt)));
  if (!notice || devices.length === 0) {
    await finish(ctx, row.id, 'failed');
    return 0;
  }
  const vapid = await vapidKeys(ctx);
  const outcomes = await Promise.all(devices.map((sub) => pushTo(ctx, notice, sub, vapid)));
  if (outcomes.includes('failed')) await retryLater(ctx, row);
  else await finish(ctx, row.id, 'sent');
  return outcomes.filter((o) => o === 'sent').length;
}

/** Sends the pending pushes (oldest first, at most `limit` notices); answers how many pushes went. */
export async function sendPushes(ctx: NotificationsCtx, limit = 50): Promise<number> {
  let sent = 0;
  for (const row of await pendingRows(ctx, 'push', limit)) {
    if (!(await claim(ctx, row))) continue;
    try {
      sent += await pushRow(ctx, row);
    } catch (error) {
      ctx.log.warn({ delivery: row.id, err: (error as Error).message }, 'web push: delivery failed');
      await retryLater(ctx, row);
    }
  }
  return sent;
}
