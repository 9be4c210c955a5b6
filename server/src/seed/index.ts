import { LANGS } from '@nexa/contract';
import { inArray } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import { type Store, schema } from '../store';
import {
  DEMO_BANNERS,
  DEMO_BULLETIN,
  DEMO_NEWS,
  DEMO_QUESTIONS,
  type DemoArticle,
  RETIRED_DEMO_KEYS,
} from './content-data';

const { assets, contentItems, users } = schema;

/** Assets of RULES.md: scale 6 for USDT, 8 for the rest; display precision 2 unless the price needs finer. */
const ASSETS = [
  { symbol: 'USDT', name: 'Tether USD', scale: 6, displayPrecision: 2, kind: 'trading' },
  { symbol: 'BTC', name: 'Bitcoin', scale: 8, displayPrecision: 6, kind: 'trading' },
  { symbol: 'ETH', name: 'Ethereum', scale: 8, displayPrecision: 6, kind: 'trading' },
  { symbol: 'BWC', name: 'BWC', scale: 8, displayPrecision: 4, kind: 'platform' },
  { symbol: 'BWT', name: 'BWT', scale: 8, displayPrecision: 4, kind: 'platform' },
  { symbol: 'ALEO', name: 'Aleo', scale: 8, displayPrecision: 4, kind: 'platform' },
  { symbol: 'DOMI', name: 'DOMI', scale: 8, displayPrecision: 4, kind: 'platform' },
  { symbol: 'SATS', name: 'SATS', scale: 8, displayPrecision: 2, kind: 'platform' },
  { symbol: 'RRT', name: 'RRT', scale: 8, displayPrecision: 4, kind: 'platform' },
  { symbol: 'NEU', name: 'NEU', scale: 8, displayPrecision: 4, kind: 'platform' },
  { symbol: 'SPA', name: 'SPA quota', scale: 8, displayPrecision: 2, kind: 'quota' },
  // Race tickets: whole units in the ledger, spent in the games; the wallet does not list them.
  { symbol: 'TICKET', name: 'Race ticket', scale: 0, displayPrecision: 0, kind: 'quota', enabled: false },
  // More of the assets the large exchanges list; added after the first ones so a store seeded before keeps
  // its order and gets these at its next start.
  { symbol: 'SOL', name: 'Solana', scale: 8, displayPrecision: 4, kind: 'trading' },
  { symbol: 'XRP', name: 'XRP', scale: 8, displayPrecision: 2, kind: 'trading' },
  { symbol: 'BNB', name: 'BNB', scale: 8, displayPrecision: 5, kind: 'trading' },
  { symbol: 'DOGE', name: 'Dogecoin', scale: 8, displayPrecision: 2, kind: 'trading' },
  { symbol: 'ADA', name: 'Cardano', scale: 8, displayPrecision: 2, kind: 'trading' },
  { symbol: 'TRX', name: 'TRON', scale: 8, displayPrecision: 2, kind: 'trading' },
  { symbol: 'LTC', name: 'Litecoin', scale: 8, displayPrecision: 4, kind: 'trading' },
  { symbol: 'LINK', name: 'Chainlink', scale: 8, displayPrecision: 3, kind: 'trading' },
] as const;

/** What every deployment needs: the asset list. Idempotent. */
export async function seedBase(store: Store): Promise<void> {
  await store.db
    .insert(assets)
    .values(ASSETS.map((a, i) => ({ ...a, sort: i })))
    .onConflictDoNothing();
}

/** The invitation code of the demo's first account, shown on the sign-in screen of the demo. */
export const DEMO_INVITE_CODE = 'NEXA2026';
export const DEMO_ROOT_ADDRESS = '0x4e65786100000000000000000000000000002026';

const DAY_MS = 86_400_000;

/** Demo content in all seven languages and the demo's first account. Idempotent. */
export async function seedDemo(store: Store, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const articleRows = (kind: 'news' | 'bulletin', items: readonly DemoArticle[]) =>
    items.flatMap((a, i) =>
      LANGS.map((lang) => ({
        kind,
        groupKey: a.key,
        lang,
        title: a.title[lang],
        summary: a.summary[lang],
        body: a.body[lang],
        image: a.image,
        feature: a.feature ?? null,
        sort: 0,
        // Spread within the day so the order is stable.
        publishAt: new Date(now - a.daysAgo * DAY_MS - i * 60_000),
      })),
    );
  const rows = [
    ...articleRows('news', DEMO_NEWS),
    ...articleRows('bulletin', DEMO_BULLETIN),
    ...DEMO_QUESTIONS.flatMap((q, i) =>
      LANGS.map((lang) => ({
        kind: 'question' as const,
        groupKey: q.key,
        lang,
        title: q.question[lang],
        body: q.answer[lang],
        feature: q.feature ?? null,
        sort: DEMO_QUESTIONS.length - i,
        publishAt: new Date(now - DAY_MS),
      })),
    ),
    ...DEMO_BANNERS.flatMap((b, i) =>
      LANGS.map((lang) => ({
        kind: 'banner' as const,
        groupKey: b.key,
        lang,
        title: b.title[lang],
        image: b.image,
        link: b.link,
        feature: b.feature ?? null,
        sort: DEMO_BANNERS.length - i,
        publishAt: new Date(now - DAY_MS),
      })),
    ),
  ];
  // Demo items whose claims were untrue go; their corrections arrive under new keys below.
  await store.db.delete(contentItems).where(inArray(contentItems.groupKey, [...RETIRED_DEMO_KEYS]));
  for (let i = 0; i < rows.length; i += 200) {
    await store.db
      .insert(contentItems)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing();
  }
  await store.db
    .insert(users)
    .values({
      uid: '10000001',
      address: DEMO_ROOT_ADDRESS,
      inviteCode: DEMO_INVITE_CODE,
      createdAt: new Date(now),
    })
    .onConflictDoNothing();
}
