/**
 * A user's Web Push subscriptions: one per device's browser (its push service's address), turned on and off
 * from the notice settings. The address and keys are the device's to send to and are never answered back;
 * the keys are sealed at rest. The same address subscribed again (a new user on the same browser, new keys)
 * replaces the old row.
 */
import type { Lang } from '@nexa/contract';
import { isLoopbackHost } from '@nexa/contract';
import { and, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { seal } from '../../kernel/seal';
import type { NotificationsCtx } from './context';
import { pushSealKey } from './push-keys';
import { pushSubscriptions } from './tables';

export interface PushDevice {
  readonly id: number;
  readonly device_id: string | null;
  readonly service: string;
  readonly lang: string;
  readonly created_at: string;
}

/** Most devices one user may have subscribed. */
const MAX_PER_USER = 20;

type Row = typeof pushSubscriptions.$inferSelect;

function deviceView(r: Row): PushDevice {
  return {
    id: r.id,
    device_id: r.deviceId,
    service: new URL(r.endpoint).hostname,
    lang: r.lang,
    created_at: r.createdAt.toISOString(),
  };
}

export async function pushSubscribe(
  ctx: NotificationsCtx,
  userId: number,
  lang: Lang,
  body: {
    readonly endpoint: string;
    readonly keys: { readonly p256dh: string; readonly auth: string };
    readonly device_id?: string | undefined;
  },
): Promise<PushDevice> {
  // A push service on this machine is for tests and the demo; production posts only to the real ones.
  if (ctx.config.env === 'production' && isLoopbackHost(new URL(body.endpoint).hostname)) {
    throw new DomainError('Forbidden');
  }
  const keysSealed = seal(
    pushSealKey(ctx.config.operatorKey),
    Buffer.from(JSON.stringify(body.keys), 'utf8'),
  );
  const now = ctx.clock.now();
  const deviceId = body.device_id ?? null;
  return ctx.store.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, deviceId, endpoint: body.endpoint, keysSealed, lang, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, deviceId, keysSealed, lang, createdAt: now },
      })
      .returning();
    if (!row) throw new Error('push subscription not written');
    // The oldest beyond the limit go (a browser that lost its subscription without saying so).
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    for (const old of mine.slice(MAX_PER_USER)) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
    }
    return deviceView(row);
  });
}

/** Removes the caller's subscription at this address (another user's is left alone). */
export async function pushUnsubscribe(
  ctx: NotificationsCtx,
  userId: number,
  endpoint: string,
): Promise<{ removed: number }> {
  const gone = await ctx.store.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { removed: gone.length };
}

export async function pushDevices(ctx: NotificationsCtx, userId: number): Promise<PushDevice[]> {
  const rows = await ctx.store.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map(deviceView);
}
