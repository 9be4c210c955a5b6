import { z } from 'zod';
import { live, liveList } from '../../endpoint';
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
  display_precision: z.number().int(),
  kind: z.enum(['trading', 'platform', 'quota']),
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
    summary: 'Assets the platform knows, with scale and display precision',
    auth: false,
    request: z.object({}),
    data: z.array(zCurrency),
  }),
} as const;
