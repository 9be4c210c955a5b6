import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { LANGS } from '../../lang';
import { zTime } from '../../schemas';

/**
 * What a notice tells its user. Each kind is the key of its title and body in the app's dictionaries, so a
 * notice reads in the language of whoever opens it; its params fill the placeholders.
 */
export const NOTICE_KINDS = [
  'deposit_credited',
  'withdrawal_sent',
  'withdrawal_completed',
  'withdrawal_rejected',
  'kyc_approved',
  'kyc_rejected',
  'card_shipped',
  'card_activity',
  'shop_shipped',
  'copy_opened',
  'large_fill',
  'liquidation_warning',
  'liquidation',
  'new_sign_in',
  'sessions_ended',
  'security_changed',
  'address_added',
  'price_alert',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Kinds about the account's safety: always delivered, whatever the user chose for the others. */
export const SECURITY_NOTICE_KINDS: readonly NoticeKind[] = [
  'new_sign_in',
  'sessions_ended',
  'security_changed',
  'address_added',
];

/** A notice's placeholders: short texts (amounts as decimal strings, hashes, device names). */
export const zNoticeParams = z.record(z.string().max(40), z.string().max(200));

export const zNotice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  params: zNoticeParams,
  created_at: zTime,
  /** When the user marked it read; null while unread. */
  read_at: zTime.nullable(),
});
export type Notice = z.infer<typeof zNotice>;

/**
 * The anti-phishing code a user chooses: shown in the app's notices and in every email the platform sends them,
 * so a message without it is not ours. 4–20 letters, digits, `-` or `_`.
 */
export const ANTI_PHISHING_PATTERN = /^[A-Za-z0-9_-]{4,20}$/;
export const zAntiPhishingCode = z.string().trim().regex(ANTI_PHISHING_PATTERN);

/** The ways a notice reaches its user: the app's list, email (to the bound address), push (to their devices). */
export const NOTICE_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Which channels a kind goes to; a security kind goes to every channel whatever is chosen. */
export const zChannelChoice = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelChoice = z.infer<typeof zChannelChoice>;

export const zNoticeSettings = z.object({
  /** The user's anti-phishing code; null until they choose one. */
  anti_phishing: z.string().nullable(),
  /** The language their emails are written in (the app's language, last sent). */
  lang: z.enum(LANGS),
  /** The verified email notices are sent to; null when none is bound. */
  email: z.string().nullable(),
  /** Every kind's channels (all on until the user turns one off; security kinds always all on). */
  channels: z.record(z.enum(NOTICE_KINDS), zChannelChoice),
});
export type NoticeSettingsView = z.infer<typeof zNoticeSettings>;

/** The user's notices: the list, the unread count, marking read; how they are delivered. */
export const notificationsEndpoints = {
  '/api/notice/list': liveList('notifications', {
    summary: "The caller's notices, newest first (unread = 1: the unread ones only), with the unread count",
    extension: true,
    filters: { unread: z.coerce.number().int().min(0).max(1).default(0) },
    item: zNotice,
    extraData: { unread: z.number().int().nonnegative() },
  }),
  '/api/notice/unread': live('notifications', {
    summary: "How many of the caller's notices are unread",
    extension: true,
    request: z.object({}),
    data: z.object({ count: z.number().int().nonnegative() }),
  }),
  '/api/notice/read': live('notifications', {
    summary: 'Mark one of my notices read (already read: answered as it is); another user’s answers NotFound',
    extension: true,
    request: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    }),
    data: zNotice,
    errors: ['NotFound'],
  }),
  '/api/notice/readAll': live('notifications', {
    summary: 'Mark every unread notice of mine read; answers how many were',
    extension: true,
    request: z.object({}),
    data: z.object({ count: z.number().int().nonnegative() }),
  }),
  '/api/notice/settings': live('notifications', {
    summary:
      "The caller's notice settings: the anti-phishing code, the emails' language and address, each kind's channels",
    extension: true,
    request: z.object({}),
    data: zNoticeSettings,
  }),
  '/api/notice/setChannels': live('notifications', {
    summary:
      'Choose the channels of one kind of notice (in-app, email, push); a security kind keeps every channel',
    extension: true,
    request: z.object({
      kind: z.enum(NOTICE_KINDS),
      in_app: z.boolean(),
      email: z.boolean(),
      push: z.boolean(),
    }),
    data: zNoticeSettings,
  }),
  '/api/notice/setLanguage': live('notifications', {
    summary: 'The language my emails are written in (the app sends its own when it changes)',
    extension: true,
    request: z.object({ lang: z.enum(LANGS) }),
    data: zNoticeSettings,
  }),
  '/api/notice/setAntiPhishing': live('notifications', {
    summary: 'Set the anti-phishing code shown in my notices and emails (null removes it)',
    extension: true,
    request: z.object({ code: zAntiPhishingCode.nullable() }),
    data: zNoticeSettings,
  }),
} as const;
