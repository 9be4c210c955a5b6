/**
 * The caller's own sessions, as the devices screen shows them: browser, system and kind of device read from
 * the User-Agent the sign-in came with, the address the server saw, when it began and was last used; ending
 * one other session or all the others. Also what a sign-in records of its device, and its notice when that
 * device was not seen on the account before.
 */

import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { sha256Hex } from '../../kernel/tokens';
import { schema, type Tx } from '../../store';
import { onPage } from '../../store/paging';
import type { AuthCtx } from './context';

const { sessions } = schema;

/** Last use is kept to the minute: a session's row is written at most once a minute by its calls. */
const LAST_SEEN_STEP_MS = 60_000;

/** Browser, system and device kind named by a User-Agent ("" where it names none). */
export function describeAgent(ua: string | null): { browser: string; os: string; device: string } {
  if (!ua) return { browser: '', os: '', device: '' };
  try {
    const r = Bowser.parse(ua);
    const join = (name?: string, version?: string) =>
      name ? `${name}${version ? ` ${version.split('.').slice(0, 2).join('.')}` : ''}` : '';
    return {
      browser: join(r.browser.name, r.browser.version),
      os: join(r.os.name, r.os.version),
      device: r.platform.type ?? '',
    };
  } catch {
    return { browser: '', os: '', device: '' };
  }
}

/** What a sign-in knows of its device: the app's device id when it sent one, else the User-Agent. */
export function deviceKeyOf(deviceId: string | undefined, userAgent: string): string {
  return sha256Hex(deviceId ? `id:${deviceId}` : `ua:${userAgent}`);
}

/**
 * Inside the sign-in's transaction, before its session is written: a sign-in to an account that had
 * sessions before, from a device none of them came from, is told to the account's user (always: it is a
 * security notice). The account's very first session tells nothing.
 */
export async function noticeNewDevice(
  ctx: AuthCtx,
  tx: Tx,
  s: { userId: number; sessionId: number; deviceKey: string; ip: string; userAgent: string },
): Promise<void> {
  const earlier = await tx
    .select({ deviceKey: sessions.deviceKey })
    .from(sessions)
    .where(and(eq(sessions.userId, s.userId), ne(sessions.id, s.sessionId)))
    .orderBy(sql`${sessions.deviceKey} = ${s.deviceKey} desc`)
    .limit(1);
  const first = earlier[0];
  if (!first || first.deviceKey === s.deviceKey) return;
  const d = describeAgent(s.userAgent);
  await writeNotice(ctx.outbox, tx, {
    userId: s.userId,
    kind: 'new_sign_in',
    ref: `session_${s.sessionId}`,
    params: { browser: d.browser || '?', os: d.os || '?', ip: s.ip },
  });
}

/** Records a session's use, at most once a minute (the authentication's store read comes here). */
export async function touchSession(ctx: AuthCtx, sessionId: number, now: Date): Promise<void> {
  const before = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  await ctx.store.db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, before))));
}

const open = (ctx: AuthCtx, userId: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.clock.now()));

/** The caller's open sessions: this one first, then the most recently used. */
export async function mySessions(ctx: AuthCtx, me: AuthUser, page: { page: number; size: number }) {
  const where = open(ctx, me.id);
  const lastSeen = sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`;
  const [rows, [total]] = await Promise.all([
    onPage(
      ctx.store.db
        .select()
        .from(sessions)
        .where(where)
        .orderBy(sql`${sessions.id} = ${me.sessionId} desc`, desc(lastSeen), desc(sessions.id)),
      page,
    ),
    ctx.store.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      ...describeAgent(r.userAgent),
      ip: r.ip ?? '',
      created_at: r.createdAt.toISOString(),
      last_seen_at: (r.lastSeenAt ?? r.createdAt).toISOString(),
      current: r.id === me.sessionId,
    })),
    total: Number(total?.n ?? 0),
  };
}

/**
 * Ends the caller's sessions: one other (this one is ended by signing out), or all others. Ending any is a
 * security change the user is told of. Answers how many ended.
 */
export async function endMine(ctx: AuthCtx, me: AuthUser, sessionId: number | 'others'): Promise<number> {
  if (sessionId === me.sessionId) throw new DomainError('InvalidState');
  const ended = await ctx.store.db.transaction(async (tx) => {
    if (sessionId !== 'others') {
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), open(ctx, me.id)));
      if (!row) throw new DomainError('NotFound');
    }
    const done = await tx
      .update(sessions)
      .set({ revokedAt: ctx.clock.now() })
      .where(
        and(
          open(ctx, me.id),
          sessionId === 'others' ? ne(sessions.id, me.sessionId) : eq(sessions.id, sessionId),
        ),
      )
      .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
    if (done.length > 0)
      await writeNotice(ctx.outbox, tx, {
        userId: me.id,
        kind: 'sessions_ended',
        ref: `sessions_ended_${me.sessionId}_${done.map((d) => d.id).join('_')}`.slice(0, 200),
        params: { count: String(done.length) },
      });
    return done;
  });
  // Here and, through the cache's announcements, in cluster mode.
  for (const e of ended) ctx.sessionCache.invalidate(e.tokenHash);
  return ended.length;
}
