/**
 * Sign-in with a wallet signature (SIWE), email codes, and users' sessions (cached in memory once the store
 * confirmed them).
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `login.ts` (the sign-in, a first sign-in's account, the nonces' housekeeping), `verify-message.ts` (the
 * message's checks), `reauthenticate.ts`, `sessions.ts` (a token's user, sign-out, sessions ended), `devices.ts` (the user's own sessions, a
 * new device's notice) and
 * `email-codes.ts` with `email-binding.ts`; `session-cache.ts` is the cache.
 */
import {
  checkConfirmation,
  consumeConfirmation,
  issueNonce,
  releaseConfirmation,
  sweepConfirmNonces,
} from './confirmations';
import type { AuthCtx, AuthDeps } from './context';
import { endMine, mySessions } from './devices';
import { bindEmail, changeEmail } from './email-binding';
import { sendEmail, verifyEmailCode } from './email-codes';
import { login, sweepNonces } from './login';
import { reauthenticate } from './reauthenticate';
import { checkTotp, markChanged, securityStatus, totpDisable, totpEnable, totpSetup } from './second-factor';
import { SessionCache } from './session-cache';
import { authenticate, endSessions, forgetSessions, logout, revokeSessions } from './sessions';
import { AUTH_SETTINGS } from './settings';

export type { LoginContext, LoginInput } from './context';

export function createAuth(deps: AuthDeps) {
  const ctx: AuthCtx = {
    store: deps.store,
    clock: deps.clock,
    config: deps.config,
    limiter: deps.limiter,
    mailer: deps.mailer,
    outbox: deps.outbox,
    settings: deps.settings.of(AUTH_SETTINGS),
    mailHeader: deps.mailHeader ?? (async () => ''),
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
    /** The account's email: bound with a code sent to it, changed with the old address's code too. */
    email: { bind: op(bindEmail), change: op(changeEmail) },
    sweep: async () => {
      await sweepNonces(ctx);
      await sweepConfirmNonces(ctx);
    },
    sessionCache: ctx.sessionCache,
    /** Called with each session this process forgets (cluster mode tells the other instances). */
    onSessionForgotten: (listener: (tokenHash: string) => void) => ctx.sessionCache.onInvalidate(listener),
    /** Forgets a session another instance ended, without announcing it again. */
    dropCachedSession: (tokenHash: string) => ctx.sessionCache.drop(tokenHash),
    reauthenticate: op(reauthenticate),
    mySessions: op(mySessions),
    endMine: op(endMine),
    /** Confirmations of money moves and the user's second factor (the wallet's and the shop's port). */
    security: {
      issueNonce: op(issueNonce),
      status: op(securityStatus),
      totpSetup: op(totpSetup),
      totpEnable: op(totpEnable),
      totpDisable: op(totpDisable),
      check: op(checkConfirmation),
      consume: op(consumeConfirmation),
      release: op(releaseConfirmation),
      /** A right, fresh authenticator code where one is enabled (nothing to check without one). */
      verifyTotp: async (userId: number, code: string | undefined) => {
        await checkTotp(ctx, userId, code);
      },
      markChanged: op(markChanged),
    },
  };
}

export type AuthModule = ReturnType<typeof createAuth>;
