import { z } from 'zod';
import { live } from '../../endpoint';
import { zTime } from '../../schemas';

/**
 * Web Push: a device's browser subscription (its push service's address and the keys the message is
 * encrypted to), kept per user and device, so notices reach the phone while the app is closed.
 */

/** The push services browsers use; a subscription naming another host is refused (the server posts to it). */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** Whether `host` is one of the push services or a subdomain of one. */
export function isPushServiceHost(host: string): boolean {
  const h = host.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((s) => h === s || h.endsWith(`.${s}`));
}

/** A loopback address (a push service started on this machine, outside production only). */
export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** A push service's address: https at a known push service, or http(s) on this machine (refused in production). */
export const zPushEndpoint = z
  .string()
  .max(1024)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (isLoopbackHost(url.hostname)) return url.protocol === 'https:' || url.protocol === 'http:';
      return url.protocol === 'https:' && isPushServiceHost(url.hostname) && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'not a push service address');

const zBase64Url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** What the browser's PushSubscription gives (`toJSON()`): the address and the keys (P-256 point, auth secret). */
export const zPushSubscription = z.object({
  endpoint: zPushEndpoint,
  keys: z.object({ p256dh: zBase64Url(80, 100), auth: zBase64Url(16, 32) }),
});

/** A subscription as its owner sees it: never its address or keys, only where and since when. */
export const zPushDevice = z.object({
  id: z.number().int(),
  /** The device id the app sent when subscribing (null when none). */
  device_id: z.string().nullable(),
  /** The push service's host (fcm.googleapis.com…). */
  service: z.string(),
  /** The language its notices are written in. */
  lang: z.string(),
  created_at: zTime,
});

export const pushEndpoints = {
  '/api/notice/pushKey': live('notifications', {
    summary: "The server's VAPID public key (base64url), which a browser subscribes with",
    extension: true,
    auth: false,
    request: z.object({}),
    data: z.object({ public_key: z.string() }),
  }),
  '/api/notice/pushSubscribe': live('notifications', {
    summary:
      'Turn on push notices on this device: its browser subscription, kept for the caller (the same address again replaces it); notices are written in the request’s language',
    extension: true,
    request: zPushSubscription.extend({ device_id: z.string().max(64).optional() }),
    data: zPushDevice,
    errors: ['Forbidden'],
  }),
  '/api/notice/pushUnsubscribe': live('notifications', {
    summary: 'Turn off push notices on a device, by its subscription address; answers how many were removed',
    extension: true,
    request: z.object({ endpoint: z.string().max(1024) }),
    data: z.object({ removed: z.number().int().nonnegative() }),
  }),
  '/api/notice/pushList': live('notifications', {
    summary: "The caller's devices that receive push notices (no address or key)",
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zPushDevice) }),
  }),
} as const;
