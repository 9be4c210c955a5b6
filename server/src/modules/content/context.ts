/**
 * What every content operation is handed: the module's dependencies (the store, the clock, the assets'
 * registry, the live features). Built once by `createContent`; also the shapes the operations share (an item's
 * rows, what the lists read, the operators' answers).
 */
import type { RequestOutput, ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import { schema } from '../../store';

export const { contentItems } = schema;

export type AdminItem = ResponseData<'/admin/content/list'>['list'][number];
export type SaveBody = RequestOutput<'/admin/content/save'>;
export type ItemRow = typeof contentItems.$inferSelect;

export type Kind = 'news' | 'banner' | 'bulletin' | 'question';

/** One item per (kind, group key), as the operators' list reads it. */
export interface ItemSummaryRow extends Record<string, unknown> {
  kind: Kind;
  group_key: string;
  langs: string[] | string;
  title: string | null;
  sort: number;
  publish_at: string | Date;
  expire_at: string | Date | null;
  feature: string | null;
}

/** One item in the caller's language (or English), as the users' lists read it. */
export interface ContentRow extends Record<string, unknown> {
  id: number;
  title: string;
  summary: string;
  body: string;
  image: string | null;
  link: string | null;
  publish_at: string | Date;
}

export interface ContentDeps extends AppDeps {
  /** The features live in this installation (the domains of the running modules). */
  readonly liveFeatures: () => ReadonlySet<string>;
}

export interface ContentCtx {
  readonly store: ContentDeps['store'];
  readonly clock: ContentDeps['clock'];
  readonly assets: ContentDeps['assets'];
  readonly liveFeatures: ContentDeps['liveFeatures'];
}
