/**
 * The server's VAPID key pair for Web Push: from the settings (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) when they
 * name one, or else made once and kept in the store, the private key sealed under a key drawn from the
 * operator key (as the other secrets at rest). The private key is never logged nor answered.
 */
import { hkdfSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { seal, unseal } from '../../kernel/seal';
import type { NotificationsCtx } from './context';
import { pushVapid } from './tables';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
}

/** The key sealing Web Push's secrets at rest (the VAPID private key, subscriptions' keys). */
export const pushSealKey = (operatorKey: Uint8Array) =>
  new Uint8Array(hkdfSync('sha256', operatorKey, new Uint8Array(0), 'web-push', 32));

const ROW_ID = 1;
const loaded = new WeakMap<NotificationsCtx, Promise<VapidKeys>>();

async function loadKeys(ctx: NotificationsCtx): Promise<VapidKeys> {
  const { vapid, operatorKey } = ctx.config;
  if (vapid.publicKey && vapid.privateKey) {
    return { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: vapid.subject };
  }
  const key = pushSealKey(operatorKey);
  const read = async () => {
    const [row] = await ctx.store.db.select().from(pushVapid).where(eq(pushVapid.id, ROW_ID));
    return row
      ? {
          publicKey: row.publicKey,
          privateKey: unseal(key, row.privateSealed).toString('utf8'),
          subject: vapid.subject,
        }
      : null;
  };
  const kept = await read();
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  // Two instances starting at once: the first row stays, both read it.
  await ctx.store.db
    .insert(pushVapid)
    .values({
      id: ROW_ID,
      publicKey: made.publicKey,
      privateSealed: seal(key, Buffer.from(made.privateKey, 'utf8')),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('web push: the VAPID keys could not be kept');
  return stored;
}

/** The VAPID keys, read (or made) once per running module. */
export function vapidKeys(ctx: NotificationsCtx): Promise<VapidKeys> {
  let keys = loaded.get(ctx);
  if (!keys) {
    keys = loadKeys(ctx);
    keys.catch(() => loaded.delete(ctx));
    loaded.set(ctx, keys);
  }
  return keys;
}

/** The public key a browser subscribes with. */
export async function pushPublicKey(ctx: NotificationsCtx): Promise<string> {
  return (await vapidKeys(ctx)).publicKey;
}
