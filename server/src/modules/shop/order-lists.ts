/** Lists of orders for the buyer and the merchant, the merchant's settlements and sales by day. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS } from '../../programs/days';
import { queryRows } from '../../store';
import { onPage, pageAnswer, pageClause } from '../../store/paging';
import { fmt, type OrderRow, type ShopCtx } from './context';
import { shopOrders } from './tables';
import { orderView, views } from './views';

/** The order list's status filter: 1 open, 2 done. */
export const FILTER: Record<1 | 2, OrderRow['status'][]> = {
  1: ['paid', 'shipped'],
  2: ['completed', 'canceled'],
};

export async function orderList(
  ctx: ShopCtx,
  party: 'buyer' | 'merchant',
  userId: number,
  q: { status?: number | undefined; page: number; size: number },
  states?: OrderRow['status'][],
) {
  const { store } = ctx;
  const who = party === 'buyer' ? eq(shopOrders.buyerId, userId) : eq(shopOrders.merchantUserId, userId);
  const set = states ?? (q.status === 1 || q.status === 2 ? FILTER[q.status] : undefined);
  const where = and(who, set ? inArray(shopOrders.status, set) : undefined);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(shopOrders).where(where).orderBy(desc(shopOrders.id)), q),
    store.db.select({ n: count() }).from(shopOrders).where(where),
  ]);
  return pageAnswer(await views(rows, (o) => orderView(ctx, o)), total);
}

export async function settleLog(ctx: ShopCtx, userId: number, q: { page: number; size: number }) {
  const { store } = ctx;
  const page = await orderList(ctx, 'merchant', userId, q, ['completed']);
  const [sum] = await store.db
    .select({
      net: sql<string>`coalesce(sum(${shopOrders.amount} - ${shopOrders.fee}), 0)::text`,
      fee: sql<string>`coalesce(sum(${shopOrders.fee}), 0)::text`,
    })
    .from(shopOrders)
    .where(and(eq(shopOrders.merchantUserId, userId), eq(shopOrders.status, 'completed')));
  return { ...page, total_net: fmt(BigInt(sum?.net ?? '0')), total_fee: fmt(BigInt(sum?.fee ?? '0')) };
}

export async function saleRecord(ctx: ShopCtx, userId: number, q: { page: number; size: number }) {
  const { store, days } = ctx;
  const offset = await days.offsetMs();
  const dayExpr = sql`floor((extract(epoch from ${shopOrders.createdAt}) * 1000 + ${offset}) / ${DAY_MS})::int`;
  const rows = await queryRows<{ day: number; orders: number; pieces: number; amount: string }>(
    store.db,
    sql`select ${dayExpr} as day, count(*)::int as orders, sum(quantity)::int as pieces, sum(amount)::text as amount
        from shop_orders where merchant_user_id = ${userId} and status <> 'canceled'
        group by 1 order by 1 desc ${pageClause(q)}`,
  );
  const [total] = await queryRows<{ n: number }>(
    store.db,
    sql`select count(distinct ${dayExpr})::int as n from shop_orders where merchant_user_id = ${userId} and status <> 'canceled'`,
  );
  return pageAnswer(
    rows.map((r) => ({
      day: new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10),
      orders: Number(r.orders),
      pieces: Number(r.pieces),
      amount: fmt(BigInt(r.amount)),
    })),
    total,
  );
}
