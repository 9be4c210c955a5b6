/**
 * What every users operation is handed: the module's dependencies, its settings, the platform days and the
 * sign-in side's sessions (wired in by the app). Built once by `createUsers`; also the shapes the operations
 * share.
 */
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import type { platformDays } from '../../programs/days';
import type { Tx } from '../../store';
import type { USERS_SETTINGS } from './settings';

/** Ends a user's sessions and forgets them once ended: the sign-in side, wired in by the app. */
export interface UserSessions {
  /** Ends one session of the user, or all that are open, in the caller's transaction. */
  end(tx: Tx, userId: number, sessionId?: number): Promise<Array<{ id: number; tokenHash: string }>>;
  /** After the transaction committed: the ended sessions stop working at once, cache or not. */
  forget(tokenHashes: readonly string[]): void;
}

export interface UsersDeps extends AppDeps {
  readonly sessions: UserSessions;
}

export interface Page {
  readonly page: number;
  readonly size: number;
}

export interface UsersCtx {
  readonly store: AppDeps['store'];
  readonly clock: AppDeps['clock'];
  readonly settings: Settings<typeof USERS_SETTINGS>;
  readonly days: ReturnType<typeof platformDays>;
  readonly sessions: UserSessions;
}

export const iso = (d: Date) => d.toISOString();
