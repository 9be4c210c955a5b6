import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { recoverMessageAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { AppDeps, AuthUser } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { newEmailCode, newInviteCode, newToken, newUid, sha256Hex } from '../../kernel/tokens';
import { schema, type Tx } from '../../store';
import { SessionCache } from './session-cache';
import { AUTH_SETTINGS } from './settings';

const { users, sessions, loginNonces, emailOutbox } = schema;

export interface LoginInput {
  readonly code?: string | undefined;
  readonly name: string;
  readonly sign_message: string;
  readonly message: string;
}

export interface LoginContext {
  readonly ip: string;
}

const FUTURE_SKEW_MS = 60_000;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createAuth(deps: AppDeps) {
  const { store, clock, config, limiter } = deps;
  const settings = deps.settings.of(AUTH_SETTINGS);

  const sessionCache = new SessionCache({ max: 100_000, recheck_ms: 30_000 });

  /**
   * Resolves a token to its user; null when absent, unknown, revoked, expired or its account is frozen. A
   * session the store confirmed is served from memory afterwards (no query per call) until it expires, is
   * logged out or ended by an operator, or 30 s have passed (then the store is asked again).
   */
  async function authenticate(token: string): Promise<AuthUser | null> {
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
    const user: AuthUser = { sessionId: row.sessionId, id: row.id, uid: row.uid, address: row.address };
    sessionCache.set(hash, user, row.expiresAt.getTime(), nowMs);
    return user;
  }

  async function verifyMessage(input: LoginInput) {
    let fields: ReturnType<typeof parseSiweMessage>;
    try {
      fields = parseSiweMessage(input.message);
    } catch {
      throw new ValidationError('message', 'invalid_format');
    }
    const { address, domain, nonce, issuedAt, expirationTime, chainId, notBefore } = fields;
    if (!address || !domain || !nonce || !issuedAt || !chainId)
      throw new ValidationError('message', 'invalid_format');
    if (address.toLowerCase() !== input.name) throw new DomainError('AddressMismatch');
    let signer: string;
    try {
      signer = await recoverMessageAddress({
        message: input.message,
        signature: input.sign_message as `0x${string}`,
      });
    } catch {
      throw new DomainError('BadSignature');
    }
    if (signer.toLowerCase() !== input.name) throw new DomainError('BadSignature');
    // The configured public host only: a request's Host header is the caller's to forge.
    if (!config.siweDomains.includes(domain) || chainId !== config.chainId)
      throw new DomainError('WrongDomain');
    const now = clock.now().getTime();
    const maxAgeMs = (await settings.get('auth.message_max_age_s')) * 1000;
    const issued = issuedAt.getTime();
    if (Number.isNaN(issued) || now - issued > maxAgeMs || issued - now > FUTURE_SKEW_MS) {
      throw new DomainError('StaleMessage');
    }
    if (expirationTime && expirationTime.getTime() <= now) throw new DomainError('StaleMessage');
    if (notBefore && notBefore.getTime() > now + FUTURE_SKEW_MS) throw new DomainError('StaleMessage');
    return { nonce };
  }

  async function createUser(tx: Tx, address: string, parent: { id: number; depth: number } | null) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .insert(users)
            .values({
              uid: newUid(),
              address,
              inviteCode: newInviteCode(),
              parentId: parent?.id ?? null,
              depth: parent ? parent.depth + 1 : 0,
              createdAt: clock.now(),
            })
            .returning({ id: users.id });
          if (!row) throw new Error('user insert returned nothing');
          return row.id;
        });
      } catch (err) {
        // A random uid or code collided: draw again (the address is unique by the caller's lock).
        if (isUniqueViolation(err) && attempt < 5) continue;
        throw err;
      }
    }
  }

  async function login(input: LoginInput, ctx: LoginContext): Promise<{ token: string; expires_at: string }> {
    const perMinute = await settings.get('auth.login_per_ip_per_minute');
    if (!(await limiter.hit(`login:${ctx.ip}`, perMinute, 60_000, clock.now().getTime())))
      throw new DomainError('RateLimited');
    const { nonce } = await verifyMessage(input);
    const invitationRequired = await settings.get('auth.invitation_required');
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + config.sessionTtlS * 1000);
    await store.db.transaction(async (tx) => {
      const used = await tx
        .insert(loginNonces)
        .values({ nonce, address: input.name, usedAt: now })
        .onConflictDoNothing()
        .returning();
      if (used.length === 0) throw new DomainError('NonceReused');
      // Serialize first sign-ins of one address so exactly one account is created.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.name}))`);
      let [user] = await tx
        .select({ id: users.id, frozenAt: users.frozenAt })
        .from(users)
        .where(eq(users.address, input.name))
        .limit(1);
      // An account an operator froze signs in no more until it is unfrozen.
      if (user?.frozenAt) throw new DomainError('AccountFrozen');
      if (!user) {
        const code = input.code || '';
        let parent: { id: number; depth: number } | null = null;
        if (code) {
          const [p] = await tx
            .select({ id: users.id, depth: users.depth })
            .from(users)
            .where(eq(users.inviteCode, code));
          if (!p) throw new DomainError('UnknownInvitationCode');
          parent = p;
        } else if (invitationRequired) {
          const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
          // The very first account of a platform (its genesis) needs no invitation.
          if (anyone) throw new DomainError('InvitationCodeRequired');
        }
        const id = await createUser(tx, input.name, parent);
        if (parent) {
          await tx.execute(sql`
            insert into user_ancestors (ancestor_id, descendant_id, distance)
            select ancestor_id, ${id}::int, distance + 1 from user_ancestors where descendant_id = ${parent.id}::int
            union all select ${parent.id}::int, ${id}::int, 1`);
          // One more in every ancestor's team, and one more direct referral for the parent.
          await tx.execute(sql`
            insert into team_figures (user_id, headcount, direct)
            select ancestor_id, 1, case when distance = 1 then 1 else 0 end
            from user_ancestors where descendant_id = ${id}::int
            on conflict (user_id) do update set
              headcount = team_figures.headcount + 1,
              direct = team_figures.direct + excluded.direct`);
        }
        user = { id, frozenAt: null };
      }
      await tx
        .insert(sessions)
        .values({ userId: user.id, tokenHash: sha256Hex(token), createdAt: now, expiresAt, ip: ctx.ip });
    });
    return { token, expires_at: expiresAt.toISOString() };
  }

  async function logout(user: AuthUser): Promise<void> {
    const [row] = await store.db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(eq(sessions.id, user.sessionId))
      .returning({ tokenHash: sessions.tokenHash });
    if (row) sessionCache.invalidate(row.tokenHash);
  }

  /**
   * Ends sessions at once, here and (through the cache's announcements) in cluster mode: every session of
   * one user (a forced sign-out, a ban), or every session there is (a key rotation, an incident).
   */
  async function revokeSessions(userId?: number): Promise<number> {
    const now = clock.now();
    const rows = await store.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        userId === undefined
          ? isNull(sessions.revokedAt)
          : and(eq(sessions.userId, userId), isNull(sessions.revokedAt)),
      )
      .returning({ tokenHash: sessions.tokenHash });
    for (const r of rows) sessionCache.invalidate(r.tokenHash);
    return rows.length;
  }

  /**
   * Ends a user's sessions (one of them, or all that are open) inside the caller's transaction: the ids and
   * token hashes of those it ended. Hand the hashes to `forgetSessions` once the transaction has committed.
   */
  async function endSessions(
    tx: Tx,
    userId: number,
    sessionId?: number,
  ): Promise<Array<{ id: number; tokenHash: string }>> {
    return tx
      .update(sessions)
      .set({ revokedAt: clock.now() })
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
  function forgetSessions(tokenHashes: readonly string[]): void {
    for (const h of tokenHashes) sessionCache.invalidate(h);
  }

  async function sendEmail(
    email: string,
    scene: string,
    ip: string,
    userId?: number,
  ): Promise<{ expires_in_s: number }> {
    const nowMs = clock.now().getTime();
    const perIp = await settings.get('auth.email_per_ip_per_10min');
    const intervalS = await settings.get('auth.email_interval_s');
    const ttlS = await settings.get('auth.email_code_ttl_s');
    if (!(await limiter.hit(`email-ip:${ip}`, perIp, 600_000, nowMs))) throw new DomainError('RateLimited');
    if (userId !== undefined && !(await limiter.hit(`email-user:${userId}`, perIp, 600_000, nowMs))) {
      throw new DomainError('RateLimited');
    }
    if (!(await limiter.hit(`email-to:${email.toLowerCase()}`, 1, intervalS * 1000, nowMs)))
      throw new DomainError('RateLimited');
    const code = newEmailCode();
    const [row] = await store.db
      .insert(emailOutbox)
      .values({
        email: email.toLowerCase(),
        scene,
        codeHash: sha256Hex(`${email.toLowerCase()}:${code}`),
        createdAt: new Date(nowMs),
        expiresAt: new Date(nowMs + ttlS * 1000),
      })
      .returning({ id: emailOutbox.id });
    const delivered = await deps.mailer.send({
      to: email,
      subject: 'Your verification code',
      text: `Your verification code is ${code}. It is valid for ${Math.round(ttlS / 60)} minutes.`,
    });
    if (delivered && row) {
      await store.db.update(emailOutbox).set({ deliveredAt: clock.now() }).where(eq(emailOutbox.id, row.id));
    }
    return { expires_in_s: ttlS };
  }

  /** Consumes a code sent to an address; false when wrong, used or expired (five tries at most). */
  async function verifyEmailCode(email: string, code: string): Promise<boolean> {
    const now = clock.now();
    const addr = email.toLowerCase();
    return store.db.transaction(async (tx) => {
      const [latest] = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.email, addr), isNull(emailOutbox.usedAt), gt(emailOutbox.expiresAt, now)))
        .orderBy(sql`${emailOutbox.createdAt} desc`)
        .limit(1);
      if (!latest || latest.attempts >= 5) return false;
      if (latest.codeHash !== sha256Hex(`${addr}:${code}`)) {
        await tx
          .update(emailOutbox)
          .set({ attempts: latest.attempts + 1 })
          .where(eq(emailOutbox.id, latest.id));
        return false;
      }
      await tx.update(emailOutbox).set({ usedAt: now }).where(eq(emailOutbox.id, latest.id));
      return true;
    });
  }

  /** Housekeeping: forget nonces older than the message window twice over. */
  async function sweep(): Promise<void> {
    const cutoff = new Date(
      clock.now().getTime() - 2 * (await settings.get('auth.message_max_age_s')) * 1000 - FUTURE_SKEW_MS,
    );
    await store.db.delete(loginNonces).where(lt(loginNonces.usedAt, cutoff));
  }

  /**
   * Asks a signed-in user to prove again that they hold their wallet (before a card's number is shown): a fresh
   * sign-in message for their own address, checked like a sign-in's, its nonce used up.
   */
  async function reauthenticate(
    userId: number,
    input: { message: string; sign_message: string },
  ): Promise<void> {
    const [me] = await store.db.select({ address: users.address }).from(users).where(eq(users.id, userId));
    if (!me) throw new DomainError('SessionInvalid');
    const { nonce } = await verifyMessage({ name: me.address, ...input });
    const used = await store.db
      .insert(loginNonces)
      .values({ nonce, address: me.address, usedAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    if (used.length === 0) throw new DomainError('NonceReused');
  }

  return {
    authenticate,
    login,
    logout,
    revokeSessions,
    endSessions,
    forgetSessions,
    /** Called with each session this process forgets (cluster mode tells the other instances). */
    onSessionForgotten: (listener: (tokenHash: string) => void) => sessionCache.onInvalidate(listener),
    /** Forgets a session another instance ended, without announcing it again. */
    dropCachedSession: (tokenHash: string) => sessionCache.drop(tokenHash),
    sendEmail,
    verifyEmailCode,
    sweep,
    sessionCache,
    reauthenticate,
  };
}

export type AuthModule = ReturnType<typeof createAuth>;
