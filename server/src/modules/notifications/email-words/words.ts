/** What each language's notice emails and pushes say. */
import type { NoticeKind } from '@nexa/contract';

export interface EmailWords {
  readonly phishing: string;
  readonly footer: readonly [string, string];
  readonly kinds: Readonly<Record<NoticeKind, { readonly title: string; readonly body: string }>>;
  readonly cardEvents: Readonly<Record<string, string>>;
  readonly securityChanges: Readonly<Record<string, string>>;
}
