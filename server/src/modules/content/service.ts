/**
 * News, banners, bulletin and Q&A: one row per (item, language). A caller sees each item
 * in their language, or in English where that translation is missing; only published,
 * unexpired items, and only those whose feature (if any) is live.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `queries.ts` (what users read: articles, questions, banners, currencies), `admin-queries.ts` (the operators'
 * list and one item) and `admin-edit.ts` (an item saved or deleted, audited); `views.ts` answers.
 */
import { LANGS } from '@nexa/contract';
import { adminDelete, adminSave } from './admin-edit';
import { adminGet, adminList } from './admin-queries';
import type { ContentCtx, ContentDeps } from './context';
import { articles, banners, currencies, questions } from './queries';

export type { ContentDeps } from './context';

export function createContent(deps: ContentDeps) {
  const ctx: ContentCtx = {
    store: deps.store,
    clock: deps.clock,
    assets: deps.assets,
    liveFeatures: deps.liveFeatures,
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: ContentCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    articles: op(articles),
    questions: op(questions),
    banners: op(banners),
    currencies: op(currencies),
    langs: LANGS,
    adminList: op(adminList),
    adminGet: op(adminGet),
    adminSave: op(adminSave),
    adminDelete: op(adminDelete),
  };
}

export type ContentModule = ReturnType<typeof createContent>;
