/**
 * The catalogue and a purchase. A purchase pays the price from the spot account, adds the machines' power (and
 * promotional bonus) to the aggregates at once, grants the line's quota and counts in the referral team's
 * volume when paid in USDT; the order earns from the next platform day for the machine's term.
 */
import { formatAmount } from '@nexa/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import { type MachineView, MINING_SYSTEM, type MiningCtx, showPower } from './context';
import { line } from './lines';
import { quotaFor } from './math';
import { forgetNetwork, movePower, networkPower, rates } from './power';
import { miningMachines, miningOrders } from './tables';
import { machineView, orderView } from './views';

/** A line's machines on sale, with each one's estimated daily output. */
export async function machines(ctx: MiningCtx, q: { page: number; size: number }, lineKey = 'main') {
  const { store } = ctx;
  const l = await line(ctx, lineKey);
  const where = and(eq(miningMachines.line, lineKey), eq(miningMachines.status, 'active'));
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(miningMachines)
        .where(where)
        .orderBy(asc(miningMachines.sort), asc(miningMachines.id)),
      q,
    ),
    store.db.select({ n: count() }).from(miningMachines).where(where),
  ]);
  const network = await networkPower(ctx, lineKey);
  const list = [];
  for (const m of rows) list.push(await machineView(ctx, m, l, network));
  return {
    ...pageAnswer(list, total),
    output_asset: l.outputAsset,
    daily_emission: formatAmount(l.emission, l.outputScale),
    network: showPower(network),
  };
}

export async function buy(
  ctx: MiningCtx,
  userId: number,
  body: { machine_id: number; quantity: number; request_id?: string | undefined },
  /** Only a machine of this line (the NEU line's own call); the general call buys any line's. */
  lineKey?: string,
): Promise<MachineView> {
  const { store, clock, ledger, assets, days } = ctx;
  const [m0] = await store.db.select().from(miningMachines).where(eq(miningMachines.id, body.machine_id));
  if (m0?.status !== 'active' || (lineKey !== undefined && m0.line !== lineKey))
    throw new DomainError('MachineNotFound');
  const l = await line(ctx, m0.line);
  await rates(ctx);
  const firstDay = (await days.today()) + 1;
  const view = await ledger.withIdempotency(userId, body.request_id, 'mining.buy', body, async (tx) => {
    const [m] = await tx
      .select()
      .from(miningMachines)
      .where(eq(miningMachines.id, body.machine_id))
      .for('update');
    if (m?.status !== 'active') throw new DomainError('MachineNotFound');
    if (m.stock !== null && m.sold + body.quantity > m.stock)
      throw new DomainError('MachineSoldOut', { left: String(Math.max(0, m.stock - m.sold)) });
    const q = BigInt(body.quantity);
    const [o] = await tx
      .insert(miningOrders)
      .values({
        line: m.line,
        userId,
        machineId: m.id,
        name: m.name,
        quantity: body.quantity,
        payAsset: m.payAsset,
        amount: m.price * q,
        power: m.power * q,
        bonusPower: m.bonusPower * q,
        termDays: m.termDays,
        firstDay,
        endDay: firstDay + m.termDays,
        status: 'running',
        createdAt: clock.now(),
      })
      .returning();
    if (!o) throw new Error('machine order not written');
    await tx
      .update(miningMachines)
      .set({ sold: sql`${miningMachines.sold} + ${body.quantity}` })
      .where(eq(miningMachines.id, m.id));
    await ledger.transfer(tx, {
      from: { userId, asset: m.payAsset, kind: 'spot' },
      to: { system: MINING_SYSTEM.sales, asset: m.payAsset },
      amount: o.amount,
      cause: 'mining.buy',
      ref: `mining:${o.id}`,
      remark: `${m.name} × ${body.quantity}`,
      userId,
      requestId: body.request_id ?? null,
    });
    await movePower(ctx, tx, o, 1n);
    // The line's quota comes with the purchase: `perPay` of it per unit paid, issued from the capital.
    if (l.quota && l.quota.perPay > 0n) {
      const payScale = assets.get(o.payAsset).scale;
      const granted = quotaFor(o.amount, payScale, l.quota.scale, l.quota.perPay);
      if (granted > 0n)
        await ledger.transfer(tx, {
          from: { system: MINING_SYSTEM.capital, asset: l.quota.asset },
          to: { userId, asset: l.quota.asset, kind: 'spot' },
          amount: granted,
          cause: 'mining.quota',
          ref: `mining:${o.id}`,
          remark: `${m.name} × ${body.quantity}`,
          userId,
        });
    }
    // A machine bought with USDT counts in the referral team's volume and performance while it runs.
    if (o.payAsset === 'USDT')
      await ctx.team?.record(tx, {
        userId,
        volume: o.amount,
        performance: o.amount,
        node: 0n,
        ref: `mining:${o.id}`,
      });
    return orderView(ctx, o);
  });
  forgetNetwork(ctx);
  return view;
}
