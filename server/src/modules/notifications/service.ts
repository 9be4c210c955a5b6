/**
 * A user's notices: what the platform tells them (a deposit credited, a withdrawal sent, a verification
 * decided, a sign-in from a new device…), read in their own language, live while the app is open, and by email
 * on the kinds they chose.
 *
 * Other modules ask for a notice through the outbox (`kernel/notices.ts`) in the transaction of the change it
 * tells of; `deliver.ts` writes it once per channel and pushes it on the bus (`notice.new`, the live feed's
 * private `notices` channel); `email-send.ts` sends its email. `queries.ts` answers the list, the unread count
 * and marking read; `prefs.ts` the settings.
 */
import type { NotificationsCtx, NotificationsDeps } from './context';
import { deliver } from './deliver';
import { oneRoundAtATime } from './delivery-rows';
import { sendEmails } from './email-send';
import { mailHeader, setAntiPhishing, setChannels, setLanguage, settings } from './prefs';
import { pushPublicKey } from './push-keys';
import { sendPushes } from './push-send';
import { pushDevices, pushSubscribe, pushUnsubscribe } from './push-subscriptions';
import { list, markAllRead, markRead, unreadCount } from './queries';

export type { NotificationsDeps } from './context';

export function createNotifications(deps: NotificationsDeps) {
  const ctx: NotificationsCtx = {
    store: deps.store,
    clock: deps.clock,
    bus: deps.bus,
    config: deps.config,
    mailer: deps.mailer,
    log: deps.log,
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: NotificationsCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  const emails = oneRoundAtATime(ctx, 'notice emails', () => sendEmails(ctx));
  const pushes = oneRoundAtATime(ctx, 'notice pushes', () => sendPushes(ctx));
  const wake = { email: emails.wake, push: pushes.wake };

  return {
    deliver: op((c, tx: Parameters<typeof deliver>[1], e: Parameters<typeof deliver>[2]) =>
      deliver(c, tx, e, wake),
    ),
    /** Sends the pending notice emails now (the sweep's and a new notice's round); answers how many went. */
    sendEmails: emails.run,
    /** Sends the pending pushes now (the sweep's and a new notice's round); answers how many went. */
    sendPushes: pushes.run,
    list: op(list),
    unreadCount: op(unreadCount),
    markRead: op(markRead),
    markAllRead: op(markAllRead),
    settings: op(settings),
    setAntiPhishing: op(setAntiPhishing),
    pushPublicKey: op(pushPublicKey),
    pushSubscribe: op(pushSubscribe),
    pushUnsubscribe: op(pushUnsubscribe),
    pushDevices: op(pushDevices),
    setChannels: op(setChannels),
    setLanguage: op(setLanguage),
    mailHeader: op(mailHeader),
  };
}
