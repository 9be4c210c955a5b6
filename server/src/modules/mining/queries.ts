/** A user's machine orders, output per settled day and investments, and a line's emission epochs. */
import { formatAmount } from '@nexa/contract';
import { and, count, desc, eq, min, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { onPage, pageAnswer, slicePage } from '../../store/paging';
import { type MachineView, type MiningCtx, type OrderRow, showPower } from './context';
import { line } from './lines';
import { DAY_MS, epochOn } from './math';
import { miningMachines, miningOrders } from './tables';
import { orderView } from './views';

export async function orders(
  ctx: MiningCtx,
  userId: number,
  q: { status?: OrderRow['status'] | undefined; page: number; size: number },
  /** One line's orders (the NEU line's own call); the general call lists every line's. */
  lineKey?: string,
) {
  const { store } = ctx;
  const where = and(
    eq(miningOrders.userId, userId),
    lineKey === undefined ? undefined : eq(miningOrders.line, lineKey),
    q.status ? eq(miningOrders.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(miningOrders).where(where).orderBy(desc(miningOrders.id)), q),
    store.db.select({ n: count() }).from(miningOrders).where(where),
  ]);
  const list: MachineView[] = [];
  for (const r of rows) list.push(await orderView(ctx, r));
  return pageAnswer(list, total);
}

/** My output per settled day (the mining records and the profit log). */
export async function outputDays(
  ctx: MiningCtx,
  userId: number,
  q: { page: number; size: number },
  lineKey = 'main',
) {
  const { shared, days } = ctx;
  const l = await line(ctx, lineKey);
  const mine = await shared.myDays(l.output.key, userId, q);
  const list = [];
  for (const r of mine.rows) {
    list.push({
      id: r.id,
      day: (await days.dayStart(r.period)).toISOString(),
      power: showPower(r.weight),
      network: showPower(r.total),
      asset: l.outputAsset,
      amount: formatAmount(r.amount, l.outputScale),
      status: r.status,
    });
  }
  return {
    list,
    total: mine.total,
    asset: l.outputAsset,
    total_paid: formatAmount(mine.paid, l.outputScale),
  };
}

export async function investments(
  ctx: MiningCtx,
  userId: number,
  q: { valid?: boolean | undefined; page: number; size: number },
) {
  const { store, assets, days } = ctx;
  const where = and(
    eq(miningOrders.userId, userId),
    q.valid === undefined ? undefined : eq(miningOrders.status, q.valid ? 'running' : 'expired'),
  );
  const [rows, [total], [valid], [cheapest]] = await Promise.all([
    onPage(store.db.select().from(miningOrders).where(where).orderBy(desc(miningOrders.id)), q),
    store.db.select({ n: count() }).from(miningOrders).where(where),
    store.db
      .select({ s: sql<string>`coalesce(sum(${miningOrders.amount}), 0)::text` })
      .from(miningOrders)
      .where(and(eq(miningOrders.userId, userId), eq(miningOrders.status, 'running'))),
    store.db
      .select({ p: min(miningMachines.price), asset: min(miningMachines.payAsset) })
      .from(miningMachines)
      .where(and(eq(miningMachines.line, 'main'), eq(miningMachines.status, 'active'))),
  ]);
  const payAsset = cheapest?.asset ?? rows[0]?.payAsset ?? 'USDT';
  const scale = assets.get(payAsset).scale;
  const list = [];
  for (const o of rows) {
    list.push({
      id: o.id,
      kind: 'machine' as const,
      name: `${o.name} × ${o.quantity}`,
      amount: formatAmount(o.amount, assets.get(o.payAsset).scale),
      asset: o.payAsset,
      valid: o.status === 'running',
      start_at: (await days.dayStart(o.firstDay)).toISOString(),
      end_at: (await days.dayStart(o.endDay)).toISOString(),
    });
  }
  return {
    ...pageAnswer(list, total),
    min_price: formatAmount(cheapest?.p ?? 0n, scale),
    asset: payAsset,
    valid_total: formatAmount(BigInt(valid?.s ?? '0'), scale),
  };
}

/** A line's emission epochs, newest state first by index: their days, output, what they paid, my part. */
export async function periods(
  ctx: MiningCtx,
  userId: number,
  q: { page: number; size: number },
  lineKey: string,
) {
  const { store, days } = ctx;
  const l = await line(ctx, lineKey);
  const today = await days.today();
  const { rewardPayouts } = schema;
  const epochs = l.epochs ?? [];
  const shown = slicePage(epochs, q);
  const date = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
  const list = [];
  for (const e of shown) {
    const inEpoch = and(
      eq(rewardPayouts.program, l.output.key),
      eq(rewardPayouts.status, 'paid'),
      sql`${rewardPayouts.period} >= ${e.firstDay}`,
      e.lastDay === null ? undefined : sql`${rewardPayouts.period} <= ${e.lastDay}`,
    );
    const [sums] = await store.db
      .select({
        all: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text`,
        mine: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.userId} = ${userId}), 0)::text`,
      })
      .from(rewardPayouts)
      .where(inEpoch);
    list.push({
      index: e.index,
      first_day: date(e.firstDay),
      last_day: e.lastDay === null ? null : date(e.lastDay),
      daily_emission: formatAmount(e.emission, l.outputScale),
      status:
        e.lastDay !== null && e.lastDay < today
          ? ('done' as const)
          : e.firstDay > today
            ? ('upcoming' as const)
            : ('current' as const),
      output: formatAmount(BigInt(sums?.all ?? '0'), l.outputScale),
      mine: formatAmount(BigInt(sums?.mine ?? '0'), l.outputScale),
    });
  }
  return {
    list,
    total: epochs.length,
    asset: l.outputAsset,
    current: epochOn(epochs, today)?.index ?? 0,
  };
}
