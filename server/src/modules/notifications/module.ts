import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { NOTICE_TOPIC, type NoticeRequest } from '../../kernel/notices';
import { createNotifications, type NotificationsDeps } from './service';

/** It moves no money; it publishes each new notice for the live feed. */
export const NOTIFICATIONS_OWNS: ModuleOwnership = {
  causes: [],
  systemAccounts: [],
  publishes: ['notice.new'],
};

/** A user's notices: written once per event and channel from the outbox, listed, counted, marked read, pushed live, emailed. */
function buildNotifications(deps: NotificationsDeps) {
  const notifications = createNotifications(deps);
  deps.outbox.consume<NoticeRequest>(NOTICE_TOPIC, 'notifications.notice', (tx, e) =>
    notifications.deliver(tx, e),
  );
  return {
    api: notifications,
    module: defineModule({
      domains: ['notifications'],
      handlers: {
        '/api/notice/list': (ctx) => notifications.list(ctx.me().id, ctx.body),
        '/api/notice/unread': async (ctx) => ({ count: await notifications.unreadCount(ctx.me().id) }),
        '/api/notice/read': (ctx) => notifications.markRead(ctx.me().id, ctx.body.id),
        '/api/notice/readAll': async (ctx) => ({ count: await notifications.markAllRead(ctx.me().id) }),
        '/api/notice/settings': (ctx) => notifications.settings(ctx.me().id),
        '/api/notice/setAntiPhishing': (ctx) => notifications.setAntiPhishing(ctx.me().id, ctx.body.code),
        '/api/notice/pushKey': async () => ({ public_key: await notifications.pushPublicKey() }),
        '/api/notice/pushSubscribe': (ctx) => notifications.pushSubscribe(ctx.me().id, ctx.lang, ctx.body),
        '/api/notice/pushUnsubscribe': (ctx) => notifications.pushUnsubscribe(ctx.me().id, ctx.body.endpoint),
        '/api/notice/pushList': async (ctx) => ({ list: await notifications.pushDevices(ctx.me().id) }),
        '/api/notice/setChannels': (ctx) => notifications.setChannels(ctx.me().id, ctx.body),
        '/api/notice/setLanguage': (ctx) => notifications.setLanguage(ctx.me().id, ctx.body.lang),
      },
      // What a crash or a refused hand-over left is sent at start and every minute.
      start: async () => {
        await notifications.sendEmails().catch(() => 0);
        await notifications.sendPushes().catch(() => 0);
      },
      sweep: async () => {
        await notifications.sendEmails();
        await notifications.sendPushes();
      },
    }),
  };
}

export const notificationsModule = defineEntry({
  name: 'notifications',
  owns: NOTIFICATIONS_OWNS,
  build: buildNotifications,
});
