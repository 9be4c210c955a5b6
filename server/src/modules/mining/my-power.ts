/** A user's power on a line: every kind of it with the output it earns, by kind, and the records of its changes. */

import { formatAmount } from '@nexa/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { type MiningCtx, showPower } from './context';
import { line } from './lines';
import { effectivePower, estimateOf } from './math';
import { networkPower, rates } from './power';
import { miningOrders, miningPower, miningPowerLog } from './tables';

export async function power(ctx: MiningCtx, userId: number, lineKey = 'main') {
  const { store, settings, days } = ctx;
  const l = await line(ctx, lineKey);
  const r = await rates(ctx);
  const [[p], [u], [running], network, today] = await Promise.all([
    store.db
      .select()
      .from(miningPower)
      .where(and(eq(miningPower.line, lineKey), eq(miningPower.userId, userId))),
    store.db.select({ level: schema.users.level }).from(schema.users).where(eq(schema.users.id, userId)),
    store.db
      .select({ n: count() })
      .from(miningOrders)
      .where(
        and(
          eq(miningOrders.userId, userId),
          eq(miningOrders.line, lineKey),
          eq(miningOrders.status, 'running'),
        ),
      ),
    networkPower(ctx, lineKey),
    days.today(),
  ]);
  const level = Math.min(Math.max(u?.level ?? 0, 0), r.levels.length - 1);
  const base = p?.base ?? 0n;
  const bonus = p?.bonus ?? 0n;
  const personal = base + bonus;
  const team = p?.team ?? 0n;
  const e = effectivePower(
    { personal, directSum: p?.directSum ?? 0n, team },
    r.direct,
    r.levels[level] ?? 0n,
  );
  const { rewardPayouts } = schema;
  const mine = and(eq(rewardPayouts.userId, userId), eq(rewardPayouts.program, l.output.key));
  const [[sums], [yesterday]] = await Promise.all([
    store.db
      .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
      .from(rewardPayouts)
      .where(mine),
    store.db
      .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
      .from(rewardPayouts)
      .where(and(mine, eq(rewardPayouts.period, today - 1))),
  ]);
  const fmt = (v: bigint) => formatAmount(v, l.outputScale);
  return {
    output_asset: l.outputAsset,
    level,
    level_rate: r.levelTexts[level] ?? '0',
    direct_rate: (await settings.get('mining.direct_rate')).text,
    base: showPower(base),
    bonus: showPower(bonus),
    personal: showPower(personal),
    direct: showPower(e.direct),
    level_power: showPower(e.level),
    team: showPower(team),
    cumulative: showPower(p?.cumulative ?? 0n),
    network: showPower(network),
    effective: showPower(e.effective),
    daily_emission: fmt(l.emission),
    estimated_daily: fmt(estimateOf(l.emission, e.effective, network)),
    yesterday_output: fmt(BigInt(yesterday?.s ?? '0')),
    total_output: fmt(BigInt(sums?.s ?? '0')),
    running_orders: running?.n ?? 0,
  };
}

export async function powerCategories(ctx: MiningCtx, userId: number) {
  const p = await power(ctx, userId);
  return {
    list: [
      { kind: 'base' as const, power: p.base },
      { kind: 'bonus' as const, power: p.bonus },
      { kind: 'personal' as const, power: p.personal },
      { kind: 'direct' as const, power: p.direct },
      { kind: 'level' as const, power: p.level_power },
      { kind: 'team' as const, power: p.team },
      { kind: 'cumulative' as const, power: p.cumulative },
      { kind: 'network' as const, power: p.network },
    ],
  };
}

export async function powerLog(
  ctx: MiningCtx,
  userId: number,
  q: { kind?: 'base' | 'bonus' | 'direct' | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(eq(miningPowerLog.userId, userId), q.kind ? eq(miningPowerLog.kind, q.kind) : undefined);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(miningPowerLog).where(where).orderBy(desc(miningPowerLog.id)), q),
    store.db.select({ n: count() }).from(miningPowerLog).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      change: showPower(r.change),
      reason: r.reason,
      order_id: r.orderId,
      created_at: r.createdAt.toISOString(),
    })),
    total,
  );
}
