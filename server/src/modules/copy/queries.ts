/** The lists users page through: their copies, their copies' trades, profit-share settlements, their followers. */
import { formatAmount, RATE_ONE } from '@nexa/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { CopyCtx, FollowView } from './context';
import { followView } from './follow';
import { masked, pct, usdt } from './math';
import { copyFollows, copySettlements, copyTrades } from './tables';

export async function myFollows(
  ctx: CopyCtx,
  userId: number,
  q: { status?: 'active' | 'ended' | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(
    eq(copyFollows.followerId, userId),
    q.status === 'active'
      ? eq(copyFollows.status, 'active')
      : q.status === 'ended'
        ? ne(copyFollows.status, 'active')
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(copyFollows)
        .where(where)
        .orderBy(sql`${copyFollows.status} = 'active' desc`, desc(copyFollows.id)),
      q,
    ),
    store.db.select({ n: count() }).from(copyFollows).where(where),
  ]);
  const list: FollowView[] = [];
  for (const r of rows) list.push(await followView(ctx, r));
  return pageAnswer(list, total);
}

export async function trades(
  ctx: CopyCtx,
  userId: number,
  q: { follow_id?: number | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(
    eq(copyTrades.followerId, userId),
    q.follow_id === undefined ? undefined : eq(copyTrades.followId, q.follow_id),
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(copyTrades).where(where).orderBy(desc(copyTrades.id)), q),
    store.db.select({ n: count() }).from(copyTrades).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => ({
      id: r.id,
      follow_id: r.followId,
      instId: r.instId,
      side: r.side,
      sz: r.size.toString(),
      filled: r.filled.toString(),
      lead_px: usdt(r.leadPrice),
      px: r.price === null ? null : usdt(r.price),
      slippage: r.slippage === null ? null : pct(r.slippage, RATE_ONE),
      mark_px: r.markPrice === null ? null : usdt(r.markPrice),
      mark_slippage: r.markSlippage === null ? null : pct(r.markSlippage, RATE_ONE),
      limit_px: r.limitPrice === null ? null : usdt(r.limitPrice),
      pnl: r.pnl < 0n ? `-${usdt(-r.pnl)}` : usdt(r.pnl),
      fee: usdt(r.fee),
      venue: r.venue,
      status: r.status,
      reason: r.reason,
      margin_asked: r.marginAsked === null ? null : usdt(r.marginAsked),
      margin_opened: r.marginOpened === null ? null : usdt(r.marginOpened),
      margin_reason: r.marginReason,
      created_at: r.createdAt.toISOString(),
    })),
    total,
  );
}

export async function settlements(
  ctx: CopyCtx,
  userId: number,
  q: { role: 'follower' | 'lead'; page: number; size: number },
) {
  const { store } = ctx;
  const where =
    q.role === 'lead' ? eq(copySettlements.leadId, userId) : eq(copySettlements.followerId, userId);
  const other = q.role === 'lead' ? copySettlements.followerId : copySettlements.leadId;
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ s: copySettlements, uid: schema.users.uid })
        .from(copySettlements)
        .innerJoin(schema.users, eq(schema.users.id, other))
        .where(where)
        .orderBy(desc(copySettlements.id)),
      q,
    ),
    store.db.select({ n: count() }).from(copySettlements).where(where),
  ]);
  return pageAnswer(
    rows.map(({ s, uid }) => ({
      id: s.id,
      follow_id: s.followId,
      counterparty: q.role === 'lead' ? masked(uid) : uid,
      period_start: s.periodStart.toISOString(),
      period_end: s.periodEnd.toISOString(),
      profit: s.profit < 0n ? `-${usdt(-s.profit)}` : usdt(s.profit),
      hwm: s.hwm < 0n ? `-${usdt(-s.hwm)}` : usdt(s.hwm),
      rate: formatAmount(s.rate, 8),
      amount: usdt(s.amount),
      created_at: s.createdAt.toISOString(),
    })),
    total,
  );
}

export async function myFollowers(ctx: CopyCtx, userId: number, page: { page: number; size: number }) {
  const { store } = ctx;
  const where = and(eq(copyFollows.leadId, userId), eq(copyFollows.status, 'active'));
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ f: copyFollows, uid: schema.users.uid })
        .from(copyFollows)
        .innerJoin(schema.users, eq(schema.users.id, copyFollows.followerId))
        .where(where)
        .orderBy(desc(copyFollows.id)),
      page,
    ),
    store.db.select({ n: count() }).from(copyFollows).where(where),
  ]);
  return pageAnswer(
    rows.map(({ f, uid }) => ({
      follow_id: f.id,
      follower: masked(uid),
      budget: usdt(f.budget),
      realized: f.realized < 0n ? `-${usdt(-f.realized)}` : usdt(f.realized),
      shared: usdt(f.shared),
      since: f.createdAt.toISOString(),
    })),
    total,
  );
}
