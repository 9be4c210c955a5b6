/** The consumer dividend: its program, what a buyer sees of it (today, received, ranking), its daily payout and report. */
import { maskAddress } from '@nexa/contract';
import { and, count, desc, eq, min, sql } from 'drizzle-orm';
import type { ProgramReport } from '../../programs/rewards';
import type { SharedEmission } from '../../programs/shared-emission';
import { queryRows, type Store, schema } from '../../store';
import { onPage, pageAnswer, pageClause, pageWindow } from '../../store/paging';
import { fmt, PROGRAM, SHOP_SYSTEM, type ShopCtx, USDT } from './context';
import { shopOrders } from './tables';
import { vipUntil } from './vip';

/** The consumer dividend: each day's pool part shared by that day's consumption weight. */
export function dividendProgram(store: Store): SharedEmission {
  return {
    key: PROGRAM,
    asset: USDT,
    pool: SHOP_SYSTEM.dividend,
    cause: 'shop.dividend',
    emission: async (day) => {
      const [r] = await store.db
        .select({ s: sql<string>`coalesce(sum(${shopOrders.dividend}), 0)::text` })
        .from(shopOrders)
        .where(and(eq(shopOrders.status, 'completed'), eq(shopOrders.settleDay, day)));
      return BigInt(r?.s ?? '0');
    },
    weights: (day) => sql`
      select buyer_id as user_id, sum(weight) as weight from shop_orders
      where status = 'completed' and settle_day = ${day} group by buyer_id`,
    firstDay: async () =>
      (
        await store.db
          .select({ d: min(shopOrders.settleDay) })
          .from(shopOrders)
          .where(eq(shopOrders.status, 'completed'))
      )[0]?.d ?? null,
  };
}

export async function dividendSummary(ctx: ShopCtx, userId: number) {
  const { store, days } = ctx;
  const today = await days.today();
  const [row] = await queryRows<{ pool: string; mine: string; all: string }>(
    store.db,
    sql`select coalesce(sum(dividend), 0)::text as pool,
          coalesce(sum(weight) filter (where buyer_id = ${userId}), 0)::text as mine,
          coalesce(sum(weight), 0)::text as all
        from shop_orders where status = 'completed' and settle_day = ${today}`,
  );
  const { rewardPayouts } = schema;
  const [got] = await store.db
    .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
    .from(rewardPayouts)
    .where(
      and(
        eq(rewardPayouts.program, PROGRAM),
        eq(rewardPayouts.userId, userId),
        eq(rewardPayouts.status, 'paid'),
      ),
    );
  return {
    pool_today: fmt(BigInt(row?.pool ?? '0')),
    my_weight_today: fmt(BigInt(row?.mine ?? '0')),
    total_weight_today: fmt(BigInt(row?.all ?? '0')),
    received: fmt(BigInt(got?.s ?? '0')),
    vip: (await vipUntil(ctx, userId)) !== null,
  };
}

export async function dividendLog(ctx: ShopCtx, userId: number, q: { page: number; size: number }) {
  const { store, days } = ctx;
  const { rewardPayouts } = schema;
  const where = and(eq(rewardPayouts.program, PROGRAM), eq(rewardPayouts.userId, userId));
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(rewardPayouts).where(where).orderBy(desc(rewardPayouts.id)), q),
    store.db.select({ n: count() }).from(rewardPayouts).where(where),
  ]);
  const list = [];
  for (const r of rows)
    list.push({
      id: r.id,
      day: (await days.dayStart(r.period)).toISOString(),
      amount: fmt(r.amount),
      status: r.status,
    });
  return pageAnswer(list, total);
}

export async function dividendRanking(ctx: ShopCtx, userId: number, q: { page: number; size: number }) {
  const { store } = ctx;
  const rows = await queryRows<{ user_id: number; uid: string; address: string; s: string }>(
    store.db,
    sql`select p.user_id, u.uid, u.address, sum(p.amount)::text as s from reward_payouts p
        join users u on u.id = p.user_id
        where p.program = ${PROGRAM} and p.status = 'paid'
        group by p.user_id, u.uid, u.address order by sum(p.amount) desc, p.user_id
        ${pageClause(q)}`,
  );
  const [total] = await queryRows<{ n: number }>(
    store.db,
    sql`select count(distinct user_id)::int as n from reward_payouts where program = ${PROGRAM} and status = 'paid'`,
  );
  const [mine] = await queryRows<{ s: string }>(
    store.db,
    sql`select coalesce(sum(amount), 0)::text as s from reward_payouts where program = ${PROGRAM} and status = 'paid' and user_id = ${userId}`,
  );
  const my = BigInt(mine?.s ?? '0');
  let rank: number | null = null;
  if (my > 0n) {
    const [ahead] = await queryRows<{ n: number }>(
      store.db,
      sql`select count(*)::int as n from (select user_id, sum(amount) as s from reward_payouts
          where program = ${PROGRAM} and status = 'paid' group by user_id) x
          where x.s > ${my}::numeric or (x.s = ${my}::numeric and x.user_id < ${userId})`,
    );
    rank = Number(ahead?.n ?? 0) + 1;
  }
  return {
    ...pageAnswer(
      rows.map((r, i) => ({
        rank: pageWindow(q).offset + i + 1,
        uid: r.uid,
        address: maskAddress(r.address),
        received: fmt(BigInt(r.s)),
      })),
      total,
    ),
    mine: { rank, received: fmt(my) },
  };
}

/** Pays every ended day's dividend not yet paid (each day once), then what waited for a dry pool. */
export async function settleDividends(ctx: ShopCtx): Promise<void> {
  const { days, shared, dividend } = ctx;
  await shared.settleDue(dividend, await days.today());
}

export async function programReports(ctx: ShopCtx): Promise<ProgramReport[]> {
  const { store, ledger, shared } = ctx;
  const r = await shared.report(PROGRAM);
  const poolBalance = await store.db.transaction(async (tx) => {
    const acc = await ledger.systemAccount(tx, SHOP_SYSTEM.dividend, USDT);
    return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
  });
  return [
    {
      program: PROGRAM,
      pool: SHOP_SYSTEM.dividend,
      asset: USDT,
      poolBalance,
      paid: r.paid,
      owed: r.queued,
      lastDay: r.lastDay,
    },
  ];
}
