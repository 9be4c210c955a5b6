/**
 * Sign-in with a wallet signature (SIWE), email codes, and users' sessions (cached in memory once the store
 * confirmed them).
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `login.ts` (the sign-in, a first sign-in's account, the nonces' housekeeping), `verify-message.ts` (the
 * message's checks), `reauthenticate.ts`, `sessions.ts` (a token's user, sign-out, sessions ended) and
 * `email-codes.ts`; `session-cache.ts` is the cache.
 */
import type { AppDeps } from '../../kernel/context';
import type { AuthCtx } from './context';
import { sendEmail, verifyEmailCode } from './email-codes';
import { login, sweepNonces } from './login';
import { reauthenticate } from './reauthenticate';
import { SessionCache } from './session-cache';
import { authenticate, endSessions, forgetSessions, logout, revokeSessions } from './sessions';
import { AUTH_SETTINGS } from './settings';

export type { LoginContext, LoginInput } from './context';

export function createAuth(deps: AppDeps) {
  const ctx: AuthCtx = {
    store: deps.store,
    clock: deps.clock,
    config: deps.config,
    limiter: deps.limiter,
    mailer: deps.mailer,
    settings: deps.settings.of(AUTH_SETTINGS),
    sessionCache: new SessionCache({ max: 100_000, recheck_ms: 30_000 }),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: AuthCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    authenticate: op(authenticate),
    login: op(login),
    logout: op(logout),
    revokeSessions: op(revokeSessions),
    endSessions: op(endSessions),
    forgetSessions: op(forgetSessions),
    sendEmail: op(sendEmail),
    verifyEmailCode: op(verifyEmailCode),
    sweep: op(sweepNonces),
    sessionCache: ctx.sessionCache,
    /** Called with each session this process forgets (cluster mode tells the other instances). */
    onSessionForgotten: (listener: (tokenHash: string) => void) => ctx.sessionCache.onInvalidate(listener),
    /** Forgets a session another instance ended, without announcing it again. */
    dropCachedSession: (tokenHash: string) => ctx.sessionCache.drop(tokenHash),
    reauthenticate: op(reauthenticate),
  };
}

export type AuthModule = ReturnType<typeof createAuth>;
