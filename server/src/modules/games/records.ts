/** A player's records: ticket orders, principal locks and unlocks, ticket moves. */
import { formatAmount } from '@nexa/contract';
import { count, desc, eq } from 'drizzle-orm';
import { pageAnswer, pageWindow } from '../../store/paging';
import { type GamesCtx, usd } from './context';
import { raceLocks, ticketMoves, ticketOrders } from './tables';

async function paged<T>(
  q: { page: number; size: number },
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
) {
  const { limit, offset } = pageWindow(q);
  const [list, n] = await Promise.all([rows(limit, offset), total()]);
  return pageAnswer(list, n);
}

const countWhere = async (
  ctx: GamesCtx,
  table: typeof ticketOrders | typeof ticketMoves | typeof raceLocks,
  userId: number,
) => {
  const [r] = await ctx.store.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return r?.n ?? 0;
};

export const ticketOrderList = (ctx: GamesCtx, userId: number, q: { page: number; size: number }) =>
  paged(
    q,
    async (limit, offset) => {
      const rows = await ctx.store.db
        .select()
        .from(ticketOrders)
        .where(eq(ticketOrders.userId, userId))
        .orderBy(desc(ticketOrders.id))
        .limit(limit)
        .offset(offset);
      return rows.map((o) => ({
        id: o.id,
        kind: o.kind,
        count: o.count,
        pay_asset: o.payAsset,
        pay_amount: o.payAsset ? formatAmount(o.payAmount, ctx.deps.assets.get(o.payAsset).scale) : '0',
        created_at: o.createdAt.toISOString(),
      }));
    },
    () => countWhere(ctx, ticketOrders, userId),
  );

export const lockLog = (ctx: GamesCtx, userId: number, q: { page: number; size: number }) =>
  paged(
    q,
    async (limit, offset) => {
      const rows = await ctx.store.db
        .select()
        .from(raceLocks)
        .where(eq(raceLocks.userId, userId))
        .orderBy(desc(raceLocks.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        entry_id: r.entryId,
        group_id: r.groupId,
        action: r.action,
        amount: usd(r.amount),
        created_at: r.createdAt.toISOString(),
      }));
    },
    () => countWhere(ctx, raceLocks, userId),
  );

export const ticketLog = (ctx: GamesCtx, userId: number, q: { page: number; size: number }) =>
  paged(
    q,
    async (limit, offset) => {
      const rows = await ctx.store.db
        .select()
        .from(ticketMoves)
        .where(eq(ticketMoves.userId, userId))
        .orderBy(desc(ticketMoves.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        change: r.change,
        reason: r.reason,
        ref: r.ref,
        balance: r.balance,
        created_at: r.createdAt.toISOString(),
      }));
    },
    () => countWhere(ctx, ticketMoves, userId),
  );
