/**
 * What every sign-in operation is handed: the module's dependencies, its settings and the cache of sessions the
 * store confirmed. Built once by `createAuth`; also the shapes the operations share.
 */
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import type { SessionCache } from './session-cache';
import type { AUTH_SETTINGS } from './settings';

export interface LoginInput {
  readonly code?: string | undefined;
  readonly name: string;
  readonly sign_message: string;
  readonly message: string;
}

export interface LoginContext {
  readonly ip: string;
}

export interface AuthCtx {
  readonly store: AppDeps['store'];
  readonly clock: AppDeps['clock'];
  readonly config: AppDeps['config'];
  readonly limiter: AppDeps['limiter'];
  readonly mailer: AppDeps['mailer'];
  readonly settings: Settings<typeof AUTH_SETTINGS>;
  /** Sessions the store confirmed, served from memory until they expire, end, or 30 s pass. */
  readonly sessionCache: SessionCache;
}
