/**
 * What operators see and do on users: search, a user's profile and team, sessions, freezing, notes. Every
 * action writes the audit log (state before and after, and the operator's reason) in its own transaction.
 */
import { formatAmount, USDT_SCALE } from '@nexa/contract';
import { and, count, desc, eq, gte, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps, OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import type { DashboardPart } from '../../kernel/module';
import { platformDays } from '../../programs/days';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';

const { users, teamFigures, sessions, userNotes } = schema;

/** Ends a user's sessions and forgets them once ended: the sign-in side, wired in by the app. */
export interface UserSessions {
  /** Ends one session of the user, or all that are open, in the caller's transaction. */
  end(tx: Tx, userId: number, sessionId?: number): Promise<Array<{ id: number; tokenHash: string }>>;
  /** After the transaction committed: the ended sessions stop working at once, cache or not. */
  forget(tokenHashes: readonly string[]): void;
}

export interface Page {
  readonly page: number;
  readonly size: number;
}

const INT_MAX = 2_147_483_647;
const iso = (d: Date) => d.toISOString();
const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);
/** A LIKE pattern matching texts that start with `text` (its own wildcards taken literally). */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type UserRow = typeof users.$inferSelect;
type SessionRow = typeof sessions.$inferSelect;

export function createUsersAdmin(deps: AppDeps & { readonly sessions: UserSessions }) {
  const { store, clock } = deps;
  const days = platformDays(deps);
  const parent = alias(users, 'parent');

  /** What the search matches: UID or numeric id, an address or its start, an email or its start. */
  function searchWhere(q: string): SQL | undefined {
    const key = q.trim();
    if (!key) return undefined;
    const lower = key.toLowerCase();
    if (/^0x[0-9a-f]*$/.test(lower)) {
      return lower.length === 42 ? eq(users.address, lower) : like(users.address, startsWith(lower));
    }
    const ors: SQL[] = [sql`lower(${users.email}) like ${startsWith(lower)}`];
    if (/^\d+$/.test(key)) {
      ors.push(eq(users.uid, key));
      const id = Number(key);
      if (Number.isSafeInteger(id) && id >= 1 && id <= INT_MAX) ors.push(eq(users.id, id));
    }
    return or(...ors);
  }

  const listFields = {
    id: users.id,
    uid: users.uid,
    address: users.address,
    email: users.email,
    level: users.level,
    createdAt: users.createdAt,
    frozenAt: users.frozenAt,
    parentUid: parent.uid,
  };

  function listItem(r: {
    id: number;
    uid: string;
    address: string;
    email: string | null;
    level: number;
    createdAt: Date;
    frozenAt: Date | null;
    parentUid: string | null;
  }) {
    return {
      user_id: r.id,
      uid: r.uid,
      address: r.address,
      email: r.email,
      level: r.level,
      created_at: iso(r.createdAt),
      frozen: r.frozenAt !== null,
      parent_uid: r.parentUid,
    };
  }

  async function search(q: string, page: Page) {
    const where = searchWhere(q);
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select(listFields)
          .from(users)
          .leftJoin(parent, eq(parent.id, users.parentId))
          .where(where)
          .orderBy(desc(users.id)),
        page,
      ),
      store.db.select({ n: count() }).from(users).where(where),
    ]);
    return pageAnswer(rows.map(listItem), total);
  }

  async function userOf(userId: number, db: Tx | typeof store.db = store.db): Promise<UserRow> {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) throw new DomainError('NotFound');
    return u;
  }

  async function detail(userId: number) {
    const u = await userOf(userId);
    const [p, [direct], [f], today] = await Promise.all([
      u.parentId
        ? store.db
            .select({ user_id: users.id, uid: users.uid, address: users.address })
            .from(users)
            .where(eq(users.id, u.parentId))
            .then((r) => r[0] ?? null)
        : Promise.resolve(null),
      store.db.select({ n: count() }).from(users).where(eq(users.parentId, userId)),
      store.db.select().from(teamFigures).where(eq(teamFigures.userId, userId)),
      days.today(),
    ]);
    return {
      user_id: u.id,
      uid: u.uid,
      address: u.address,
      email: u.email,
      level: u.level,
      created_at: iso(u.createdAt),
      frozen: u.frozenAt !== null,
      parent_uid: p?.uid ?? null,
      invite_code: u.inviteCode,
      depth: u.depth,
      frozen_info: u.frozenAt ? { at: iso(u.frozenAt), reason: u.frozenReason ?? '' } : null,
      team: {
        parent: p,
        direct_referrals: direct?.n ?? 0,
        figures: {
          headcount: f?.headcount ?? 0,
          direct: f?.direct ?? 0,
          valid_direct: f?.validDirect ?? 0,
          personal_volume: usdt(f?.personalVolume ?? 0n),
          team_volume: usdt(f?.teamVolume ?? 0n),
          personal_performance: usdt(f?.personalPerformance ?? 0n),
          team_performance: usdt(f?.teamPerformance ?? 0n),
          // The kept figure is today's only while its day is today.
          node_today: usdt(f && f.nodeDay === today ? f.nodeToday : 0n),
          node_total: usdt(f?.teamNode ?? 0n),
          best_below: f?.bestBelow ?? 0,
          legs: [f?.legs1 ?? 0, f?.legs2 ?? 0, f?.legs3 ?? 0, f?.legs4 ?? 0],
        },
      },
    };
  }

  async function referrals(userId: number, page: Page) {
    await userOf(userId);
    const where = eq(users.parentId, userId);
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({
            id: users.id,
            uid: users.uid,
            address: users.address,
            level: users.level,
            createdAt: users.createdAt,
            teamVolume: teamFigures.teamVolume,
          })
          .from(users)
          .leftJoin(teamFigures, eq(teamFigures.userId, users.id))
          .where(where)
          .orderBy(desc(users.id)),
        page,
      ),
      store.db.select({ n: count() }).from(users).where(where),
    ]);
    return pageAnswer(
      rows.map((r) => ({
        user_id: r.id,
        uid: r.uid,
        address: r.address,
        level: r.level,
        created_at: iso(r.createdAt),
        team_volume: usdt(r.teamVolume ?? 0n),
      })),
      total,
    );
  }

  function sessionItem(s: SessionRow, now: Date) {
    return {
      id: s.id,
      created_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
      revoked_at: s.revokedAt ? iso(s.revokedAt) : null,
      ip: s.ip,
      active: s.revokedAt === null && s.expiresAt > now,
    };
  }

  async function sessionList(userId: number, page: Page) {
    await userOf(userId);
    const where = eq(sessions.userId, userId);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(sessions).where(where).orderBy(desc(sessions.id)), page),
      store.db.select({ n: count() }).from(sessions).where(where),
    ]);
    const now = clock.now();
    return pageAnswer(
      rows.map((s) => sessionItem(s, now)),
      total,
    );
  }

  /** A session as the audit log keeps it: never its token's hash. */
  const sessionAudit = (s: SessionRow) => ({
    session_id: s.id,
    created_at: s.createdAt,
    expires_at: s.expiresAt,
    revoked_at: s.revokedAt,
    ip: s.ip,
  });

  async function revokeSession(op: OperatorUser, userId: number, sessionId: number, reason: string) {
    const { row, ended } = await store.db.transaction(async (tx) => {
      await userOf(userId, tx);
      const [s] = await tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .for('update');
      // Another user's session is not this user's to end: as if it did not exist.
      if (!s) throw new DomainError('NotFound');
      if (s.revokedAt) throw new DomainError('InvalidState');
      const done = await deps.sessions.end(tx, userId, sessionId);
      const [after] = await tx.select().from(sessions).where(eq(sessions.id, sessionId));
      if (!after) throw new Error('session vanished');
      await auditOperator(tx, clock.now(), {
        operatorId: op.id,
        action: 'user.session_revoke',
        subject: `user:${userId}`,
        before: sessionAudit(s),
        after: { ...sessionAudit(after), reason },
      });
      return { row: after, ended: done };
    });
    deps.sessions.forget(ended.map((e) => e.tokenHash));
    return sessionItem(row, clock.now());
  }

  const frozenState = (u: UserRow) => ({ frozen_at: u.frozenAt, frozen_reason: u.frozenReason });

  async function freeze(op: OperatorUser, userId: number, reason: string) {
    const ended = await store.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!u) throw new DomainError('NotFound');
      if (u.frozenAt) throw new DomainError('InvalidState');
      const [after] = await tx
        .update(users)
        .set({ frozenAt: clock.now(), frozenReason: reason })
        .where(eq(users.id, userId))
        .returning();
      if (!after) throw new Error('user vanished');
      // Every open session ends with the freeze, in its transaction.
      const done = await deps.sessions.end(tx, userId);
      await auditOperator(tx, clock.now(), {
        operatorId: op.id,
        action: 'user.freeze',
        subject: `user:${userId}`,
        before: frozenState(u),
        after: { ...frozenState(after), reason, sessions_ended: done.map((d) => d.id) },
      });
      return done;
    });
    deps.sessions.forget(ended.map((e) => e.tokenHash));
    return detail(userId);
  }

  async function unfreeze(op: OperatorUser, userId: number, reason: string) {
    await store.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!u) throw new DomainError('NotFound');
      if (!u.frozenAt) throw new DomainError('InvalidState');
      const [after] = await tx
        .update(users)
        .set({ frozenAt: null, frozenReason: null })
        .where(eq(users.id, userId))
        .returning();
      if (!after) throw new Error('user vanished');
      await auditOperator(tx, clock.now(), {
        operatorId: op.id,
        action: 'user.unfreeze',
        subject: `user:${userId}`,
        before: frozenState(u),
        after: { ...frozenState(after), reason },
      });
    });
    return detail(userId);
  }

  function noteItem(n: typeof userNotes.$inferSelect) {
    return {
      id: n.id,
      text: n.text,
      operator_id: n.operatorId,
      operator_name: n.operatorName,
      created_at: iso(n.createdAt),
    };
  }

  async function notes(userId: number, page: Page) {
    await userOf(userId);
    const where = eq(userNotes.userId, userId);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(userNotes).where(where).orderBy(desc(userNotes.id)), page),
      store.db.select({ n: count() }).from(userNotes).where(where),
    ]);
    return pageAnswer(rows.map(noteItem), total);
  }

  async function addNote(op: OperatorUser, userId: number, text: string) {
    const row = await store.db.transaction(async (tx) => {
      await userOf(userId, tx);
      const [n] = await tx
        .insert(userNotes)
        .values({ userId, operatorId: op.id, operatorName: op.name, text, createdAt: clock.now() })
        .returning();
      if (!n) throw new Error('note insert returned nothing');
      await auditOperator(tx, clock.now(), {
        operatorId: op.id,
        action: 'user.note',
        subject: `user:${userId}`,
        before: null,
        after: { note_id: n.id, text },
      });
      return n;
    });
    return noteItem(row);
  }

  /** Sign-ups since a moment: one count on the creation time's index. */
  async function dashboard(since: Date): Promise<DashboardPart> {
    const [row] = await store.db.select({ n: count() }).from(users).where(gte(users.createdAt, since));
    return { figures: [{ key: 'signups', asset: null, count: row?.n ?? 0, amount: null }] };
  }

  return {
    search,
    detail,
    referrals,
    sessions: sessionList,
    revokeSession,
    freeze,
    unfreeze,
    notes,
    addNote,
    dashboard,
  };
}
