/** A user as operators see them: the profile with its referral team's kept figures, and the direct referrals. */
import { formatAmount, USDT_SCALE } from '@nexa/contract';
import { count, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { type Db, schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { iso, type Page, type UsersCtx } from './context';

const { users, teamFigures } = schema;

const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);

type UserRow = typeof users.$inferSelect;

/** The user, or NotFound; read in the caller's transaction when given one. */
export async function userOf(ctx: UsersCtx, userId: number, db: Tx | Db = ctx.store.db): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new DomainError('NotFound');
  return u;
}

export async function detail(ctx: UsersCtx, userId: number) {
  const u = await userOf(ctx, userId);
  const [p, [direct], [f], today] = await Promise.all([
    u.parentId
      ? ctx.store.db
          .select({ user_id: users.id, uid: users.uid, address: users.address })
          .from(users)
          .where(eq(users.id, u.parentId))
          .then((r) => r[0] ?? null)
      : Promise.resolve(null),
    ctx.store.db.select({ n: count() }).from(users).where(eq(users.parentId, userId)),
    ctx.store.db.select().from(teamFigures).where(eq(teamFigures.userId, userId)),
    ctx.days.today(),
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

export async function referrals(ctx: UsersCtx, userId: number, page: Page) {
  await userOf(ctx, userId);
  const where = eq(users.parentId, userId);
  const [rows, [total]] = await Promise.all([
    onPage(
      ctx.store.db
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
    ctx.store.db.select({ n: count() }).from(users).where(where),
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
