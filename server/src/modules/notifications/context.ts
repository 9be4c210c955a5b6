/**
 * What every notifications operation is handed: the store, the clock, the bus the live feed reads (a notice
 * written is pushed to its user's open sockets) and the mailer of notice emails. Built once by
 * `createNotifications`.
 */
import type { Notice } from '@nexa/contract';
import type { Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import type { notices } from './tables';

export type NotificationsDeps = AppDeps & { readonly bus: Bus };

export interface NotificationsCtx {
  readonly store: AppDeps['store'];
  readonly clock: AppDeps['clock'];
  readonly bus: Bus;
  /** The settings Web Push reads (VAPID keys, the key sealing subscriptions, production or not). */
  readonly config: AppDeps['config'];
  /** Where notice emails go: SMTP when configured, otherwise the log (the delivery rows keep them). */
  readonly mailer: AppDeps['mailer'];
  readonly log: AppDeps['log'];
}

export type NoticeRow = typeof notices.$inferSelect;

/** A notice as its user gets it, in the list and on the live feed. */
export function noticeView(r: NoticeRow): Notice {
  return {
    id: r.id,
    kind: r.kind,
    params: (r.params ?? {}) as Record<string, string>,
    created_at: r.createdAt.toISOString(),
    read_at: r.readAt ? r.readAt.toISOString() : null,
  };
}
