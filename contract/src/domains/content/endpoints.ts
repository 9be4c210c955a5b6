import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { LANGS } from '../../lang';
import { zTime } from '../../schemas';

export const zArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  published_at: zTime,
});

export const zBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** An in-app route or an https address. */
  link: z.string().nullable(),
});

export const zQuestion = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });

export const zCurrency = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Minor units per whole unit = 10^scale. */
  scale: z.number().int(),
  /** Decimals an amount of it is shown with (balances, totals, estimates). */
  display_precision: z.number().int(),
  kind: z.enum(['trading', 'platform', 'quota']),
  /** Whether the wallet lists it; one it does not (race tickets) still appears in records. */
  enabled: z.boolean(),
});

/** The kinds of content operators publish. */
export const CONTENT_KINDS = ['news', 'banner', 'bulletin', 'question'] as const;
/** An item is scheduled until its publish time, live until its expiry, then expired. */
export const CONTENT_STATES = ['scheduled', 'live', 'expired'] as const;

/** A link: an in-app path ("/news/1") or an https address. */
const zLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s/]+[^\s]*)$/, { message: 'invalid_format' });
/** An image: an https address or a path of the app's own. */
const zImageRef = zLink;

/** One language of an item. For questions, `title` is the question and `body` the answer. */
export const zContentTranslation = z.object({
  lang: z.enum(LANGS),
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(20_000).default(''),
  image: zImageRef.nullable().optional(),
  link: zLink.nullable().optional(),
});

const zKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { message: 'invalid_format' });

/** One content item across its translations, as operators list it. */
export const zContentItem = z.object({
  kind: z.enum(CONTENT_KINDS),
  group_key: z.string(),
  langs: z.array(z.string()),
  /** The English title. */
  title: z.string(),
  sort: z.number().int(),
  publish_at: zTime,
  expire_at: zTime.nullable(),
  /** The feature it is about: it shows only while that feature runs. */
  feature: z.string().nullable(),
  state: z.enum(CONTENT_STATES),
});

export const contentEndpoints = {
  '/api/basic/news': liveList('content', {
    summary: 'News, newest first, in the caller language with English fallback',
    auth: false,
    filters: {},
    item: zArticle,
  }),
  '/api/basic/bulletin': liveList('content', {
    summary: 'Announcements, newest first, in the caller language with English fallback',
    auth: false,
    filters: {},
    item: zArticle,
  }),
  '/api/basic/question': liveList('content', {
    summary: 'Questions and answers in the caller language with English fallback',
    auth: false,
    filters: {},
    item: zQuestion,
  }),
  '/api/basic/banner': live('content', {
    summary: 'Home banners in the caller language with English fallback',
    auth: false,
    request: z.object({}),
    data: z.array(zBanner),
  }),
  '/v1/basic/currencyList': live('content', {
    summary: 'Every asset the platform knows, with scale, display precision and whether the wallet lists it',
    auth: false,
    request: z.object({}),
    data: z.array(zCurrency),
  }),
  '/admin/content/list': liveList('content', {
    summary:
      'Content items (news, banners, bulletin, Q&A), one row per item with its languages, newest first',
    extension: true,
    access: { roles: ['support'] },
    filters: { kind: z.enum(CONTENT_KINDS).optional(), state: z.enum(CONTENT_STATES).optional() },
    item: zContentItem,
  }),
  '/admin/content/get': live('content', {
    summary: 'One content item with every translation',
    extension: true,
    access: { roles: ['support'] },
    request: z.object({ kind: z.enum(CONTENT_KINDS), group_key: zKey }),
    data: zContentItem.extend({
      translations: z.array(
        z.object({
          lang: z.string(),
          title: z.string(),
          summary: z.string(),
          body: z.string(),
          image: z.string().nullable(),
          link: z.string().nullable(),
        }),
      ),
    }),
    errors: ['NotFound'],
  }),
  '/admin/content/save': live('content', {
    summary:
      'Create (no group_key) or replace an item: its translations (English required), order, publish time (a ' +
      'future one schedules it) and expiry',
    extension: true,
    access: { roles: ['support'], acts: true },
    request: z
      .object({
        kind: z.enum(CONTENT_KINDS),
        group_key: zKey.optional(),
        sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
        publish_at: z.iso.datetime({ offset: true }),
        expire_at: z.iso.datetime({ offset: true }).nullable().optional(),
        feature: z
          .string()
          .trim()
          .regex(/^[a-z][a-z-]{1,31}$/, { message: 'invalid_format' })
          .nullable()
          .optional(),
        translations: z.array(zContentTranslation).min(1).max(LANGS.length),
      })
      .superRefine((b, ctx) => {
        const langs = b.translations.map((t) => t.lang);
        if (!langs.includes('en'))
          ctx.addIssue({ code: 'custom', path: ['translations'], message: 'required' });
        if (new Set(langs).size !== langs.length)
          ctx.addIssue({ code: 'custom', path: ['translations'], message: 'invalid_value' });
        if (b.expire_at && Date.parse(b.expire_at) <= Date.parse(b.publish_at))
          ctx.addIssue({ code: 'custom', path: ['expire_at'], message: 'invalid_value' });
        if (b.kind === 'banner' && b.translations.some((t) => !t.image))
          ctx.addIssue({ code: 'custom', path: ['translations'], message: 'required' });
      }),
    data: zContentItem,
    errors: ['NotFound'],
  }),
  '/admin/content/delete': live('content', {
    summary: 'Delete an item and all its translations, with a reason',
    extension: true,
    access: { roles: ['support'], acts: true },
    request: z.object({
      kind: z.enum(CONTENT_KINDS),
      group_key: zKey,
      reason: z.string().trim().min(1).max(200),
    }),
    data: z.object({ kind: z.enum(CONTENT_KINDS), group_key: z.string(), deleted: z.number().int() }),
    errors: ['NotFound'],
  }),
} as const;
