/**
 * What every sign-in operation is handed: the module's dependencies, its settings and the cache of sessions the
 * store confirmed. Built once by `createAuth`; also the shapes the operations share.
 */
import type { Lang } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import type { SessionCache } from './session-cache';
import type { AUTH_SETTINGS } from './settings';

export interface LoginInput {
  readonly code?: string | undefined;
  readonly name: string;
  readonly sign_message: string;
  readonly message: string;
  /** The app's random id of this browser, when it sent one. */
  readonly device_id?: string | undefined;
}

export interface LoginContext {
  readonly ip: string;
  /** The User-Agent the sign-in came with ("" without one). */
  readonly userAgent?: string;
}

/** What sign-in is built with: the shared machinery and the one port it asks of another module. */
export interface AuthDeps extends AppDeps {
  /**
   * The line an email to this user starts with in a language (their anti-phishing code), or '' without one;
   * the notifications module keeps the code.
   */
  readonly mailHeader?: (userId: number, lang: Lang) => Promise<string>;
}

export interface AuthCtx {
  readonly store: AppDeps['store'];
  readonly clock: AppDeps['clock'];
  readonly config: AppDeps['config'];
  readonly limiter: AppDeps['limiter'];
  readonly mailer: AppDeps['mailer'];
  /** Where a sign-in from a new device asks for its notice, in the sign-in's transaction. */
  readonly outbox: AppDeps['outbox'];
  readonly settings: Settings<typeof AUTH_SETTINGS>;
  readonly mailHeader: (userId: number, lang: Lang) => Promise<string>;
  /** Sessions the store confirmed, served from memory until they expire, end, or 30 s pass. */
  readonly sessionCache: SessionCache;
}
