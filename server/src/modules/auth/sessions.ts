/**
 * Users' sessions: a token resolved to its user (served from the session cache once the store confirmed it),
 * sign-out, and sessions ended by others (a forced sign-out, a ban, a key rotation) here and, through the
 * cache's announcements, in cluster mode.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthUser } from '../../kernel/context';
import { sha256Hex } from '../../kernel/tokens';
import { schema, type Tx } from '../../store';
import type { AuthCtx } from './context';
import { touchSession } from './devices';

const { users, sessions } = schema;

/**
 * Resolves a token to its user; null when absent, unknown, revoked, expired or its account is frozen. A
 * session the store confirmed is served from memory afterwards (no query per call) until it expires, is
 * logged out or ended by an operator, or 30 s have passed (then the store is asked again).
 */
export async function authenticate(ctx: AuthCtx, token: string): Promise<AuthUser | null> {
  const { store, clock, sessionCache } = ctx;
  if (!token || token.length > 200) return null;
  const hash = sha256Hex(token);
  const nowMs = clock.now().getTime();
  const cached = sessionCache.get(hash, nowMs);
  if (cached) return cached;
  const rows = await store.db
    .select({
      sessionId: sessions.id,
      id: users.id,
      uid: users.uid,
      address: users.address,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, clock.now()),
        isNull(users.frozenAt),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  await touchSession(ctx, row.sessionId, clock.now());
  const user: AuthUser = { sessionId: row.sessionId, id: row.id, uid: row.uid, address: row.address };
  sessionCache.set(hash, user, row.expiresAt.getTime(), nowMs);
  return user;
}

export async function logout(ctx: AuthCtx, user: AuthUser): Promise<void> {
  const [row] = await ctx.store.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(sessions.id, user.sessionId))
    .returning({ tokenHash: sessions.tokenHash });
  if (row) ctx.sessionCache.invalidate(row.tokenHash);
}

/**
 * Ends sessions at once, here and (through the cache's announcements) in cluster mode: every session of
 * one user (a forced sign-out, a ban), or every session there is (a key rotation, an incident).
 */
export async function revokeSessions(ctx: AuthCtx, userId?: number): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.store.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      userId === undefined
        ? isNull(sessions.revokedAt)
        : and(eq(sessions.userId, userId), isNull(sessions.revokedAt)),
    )
    .returning({ tokenHash: sessions.tokenHash });
  for (const r of rows) ctx.sessionCache.invalidate(r.tokenHash);
  return rows.length;
}

/**
 * Ends a user's sessions (one of them, or all that are open) inside the caller's transaction: the ids and
 * token hashes of those it ended. Hand the hashes to `forgetSessions` once the transaction has committed.
 */
export async function endSessions(
  ctx: AuthCtx,
  tx: Tx,
  userId: number,
  sessionId?: number,
): Promise<Array<{ id: number; tokenHash: string }>> {
  return tx
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(sessionId === undefined ? [] : [eq(sessions.id, sessionId)]),
      ),
    )
    .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
}

/** Forgets ended sessions here and, through the cache's announcements, in cluster mode. */
export function forgetSessions(ctx: AuthCtx, tokenHashes: readonly string[]): void {
  for (const h of tokenHashes) ctx.sessionCache.invalidate(h);
}
