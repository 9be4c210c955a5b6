/**
 * Reads for the calls and the other modules: orders, positions, the account, the instruments, histories, PnL
 * and trades.
 */
import { formatAmount } from '@nexa/contract';
import { and, asc, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { onPage, pageAnswer } from '../../store/paging';
import {
  type FuturesCtx,
  type MarginMode,
  type PositionView,
  type SwapInstrumentView,
  usdt,
} from './context';
import { crossKept } from './cross';
import { currentRate, fundingTimes } from './funding';
import { refreshInstruments, slotOf } from './instruments';
import { leverOf, modeOf } from './leverage';
import { uplOf } from './math';
import { swapFundingPayments, swapFundings, swapOrders, swapPositions, swapTrades } from './tables';
import { orderView, positionView, px } from './views';

export async function orders(
  ctx: FuturesCtx,
  userId: number,
  f: { open?: boolean | undefined; instId?: string | undefined },
  page: { page: number; size: number },
) {
  const { store } = ctx;
  const where = and(
    eq(swapOrders.userId, userId),
    f.instId ? eq(swapOrders.instId, f.instId) : undefined,
    f.open === undefined
      ? undefined
      : f.open
        ? inArray(swapOrders.status, ['new', 'partial_filled'])
        : inArray(swapOrders.status, ['filled', 'canceled']),
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(swapOrders).where(where).orderBy(desc(swapOrders.seq)), page),
    store.db.select({ n: count() }).from(swapOrders).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => orderView(ctx, r)),
    total,
  );
}

export function positions(ctx: FuturesCtx, userId: number, instId?: string): PositionView[] {
  const { slots } = ctx;
  const out: PositionView[] = [];
  for (const slot of slots.values()) {
    if (instId && slot.inst.instId !== instId) continue;
    const p = slot.positions.get(userId);
    if (p && !p.closed && p.size !== 0n) out.push(positionView(slot, p, ctx.free.get(userId) ?? 0n));
  }
  return out;
}

export async function account(ctx: FuturesCtx, userId: number) {
  const { ledger, slots } = ctx;
  const [bal] = (await ledger.balances(userId)).filter((b) => b.asset === 'USDT' && b.kind === 'futures');
  let margin = 0n;
  let upl = 0n;
  const levs: { instId: string; lever: number; mgnMode: MarginMode }[] = [];
  for (const slot of slots.values()) {
    const p = slot.positions.get(userId);
    if (p && !p.closed) {
      margin += p.margin;
      if (slot.mark !== null) upl += uplOf(slot.inst.spec, p, slot.mark);
    }
    const open = p && !p.closed && p.size !== 0n ? p : null;
    levs.push({
      instId: slot.inst.instId,
      lever: open ? open.lever : await leverOf(ctx, userId, slot.inst.instId),
      mgnMode: open ? open.mgnMode : await modeOf(ctx, userId, slot.inst.instId),
    });
  }
  const available = bal?.available ?? 0n;
  const frozen = bal?.frozen ?? 0n;
  const transferable = available - crossKept(ctx, userId);
  return {
    ccy: 'USDT',
    available: usdt(available),
    frozen: usdt(frozen),
    margin: usdt(margin),
    upl: usdt(upl),
    equity: usdt(available + frozen + margin + upl),
    max_transfer: usdt(transferable > 0n ? transferable : 0n),
    levers: levs,
  };
}

export async function instruments(ctx: FuturesCtx): Promise<SwapInstrumentView[]> {
  const { store, clock, settings, slots } = ctx;
  await refreshInstruments(ctx);
  const maker = await settings.get('futures.maker_fee_rate');
  const taker = await settings.get('futures.taker_fee_rate');
  const bandRate = await settings.get('futures.price_band');
  const intervalH = await settings.get('futures.funding_interval_h');
  const { next } = fundingTimes(intervalH, clock.now().getTime());
  const out: SwapInstrumentView[] = [];
  for (const slot of slots.values()) {
    const [last] = await store.db
      .select({ price: swapTrades.price })
      .from(swapTrades)
      .where(eq(swapTrades.instId, slot.inst.instId))
      .orderBy(desc(swapTrades.id))
      .limit(1);
    out.push({
      instId: slot.inst.instId,
      underlying: slot.inst.underlying,
      ct_val: slot.inst.ctText,
      ct_val_ccy: slot.inst.base,
      settle_ccy: 'USDT',
      tick_size: slot.inst.tickText,
      lot_size: '1',
      max_lever: slot.inst.maxLever,
      tiers: slot.inst.tiersText,
      maker_fee_rate: maker.text,
      taker_fee_rate: taker.text,
      price_band: slot.inst.bandText ?? bandRate.text,
      mark_px: px(slot, slot.mark),
      idx_px: px(slot, slot.idx),
      last: px(slot, last?.price ?? null),
      funding_rate: formatAmount(await currentRate(ctx, slot), 8),
      next_funding_time: next,
      funding_interval_h: intervalH,
      enabled: slot.inst.enabled,
    });
  }
  return out;
}

/** Realized net PnL (closes less fees) of a user per UTC day since a time, oldest first. */
export async function dailyPnl(
  ctx: FuturesCtx,
  userId: number,
  since: Date,
): Promise<{ day: string; pnl: bigint }[]> {
  const { store } = ctx;
  const day = sql<string>`to_char(${swapOrders.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await store.db
    .select({ day, pnl: sql<string>`sum(${swapOrders.pnl} - ${swapOrders.fee})::text` })
    .from(swapOrders)
    .where(
      and(eq(swapOrders.userId, userId), sql`${swapOrders.filledSize} > 0`, gte(swapOrders.updatedAt, since)),
    )
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ day: r.day, pnl: BigInt(r.pnl ?? '0') }));
}

/** How many positions a user has closed (lead-trader criteria). */
export async function closedCount(ctx: FuturesCtx, userId: number): Promise<number> {
  const { store } = ctx;
  const [row] = await store.db
    .select({ n: count() })
    .from(swapPositions)
    .where(and(eq(swapPositions.userId, userId), eq(swapPositions.status, 'closed')));
  return row?.n ?? 0;
}

export async function positionHistory(
  ctx: FuturesCtx,
  userId: number,
  instId: string | undefined,
  page: { page: number; size: number },
) {
  const { store, slots } = ctx;
  const where = and(
    eq(swapPositions.userId, userId),
    eq(swapPositions.status, 'closed'),
    instId ? eq(swapPositions.instId, instId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(swapPositions).where(where).orderBy(desc(swapPositions.id)), page),
    store.db.select({ n: count() }).from(swapPositions).where(where),
  ]);
  const paid = await ctx.compensationOf(rows.map((r) => r.id));
  return pageAnswer(
    rows.map((r) => {
      const comp = paid.get(r.id) ?? 0n;
      const slot = slots.get(r.instId);
      const spec = slot?.inst.spec;
      const avg = (v: bigint, n: bigint) =>
        spec && slot && n > 0n ? (px(slot, (v * spec.baseUnit) / (n * spec.ctMinor)) ?? '0') : '0';
      return {
        id: r.id,
        instId: r.instId,
        pos_side: r.side,
        lever: r.lever,
        max_pos: r.maxSize.toString(),
        open_avg_px: avg(r.openValue, r.openSize),
        close_avg_px: avg(r.closeValue, r.closeSize),
        realized_pnl: usdt(r.realized),
        fee: usdt(r.fee),
        funding_fee: usdt(r.funding),
        compensation: usdt(comp),
        net_pnl: usdt(r.realized - r.fee + r.funding - r.forfeit + comp),
        close_type: r.closeType ?? 'close',
        opened_at: r.openedAt.toISOString(),
        closed_at: (r.closedAt ?? r.updatedAt).toISOString(),
      };
    }),
    total,
  );
}

export async function fundingHistory(
  ctx: FuturesCtx,
  userId: number,
  instId: string | undefined,
  page: { page: number; size: number },
) {
  const { store, slots } = ctx;
  const where = and(
    eq(swapFundingPayments.userId, userId),
    instId ? eq(swapFundingPayments.instId, instId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({
          p: swapFundingPayments,
          rate: swapFundings.rate,
          mark: swapFundings.markPrice,
        })
        .from(swapFundingPayments)
        .innerJoin(
          swapFundings,
          and(
            eq(swapFundings.instId, swapFundingPayments.instId),
            eq(swapFundings.fundingTime, swapFundingPayments.fundingTime),
          ),
        )
        .where(where)
        .orderBy(desc(swapFundingPayments.id)),
      page,
    ),
    store.db.select({ n: count() }).from(swapFundingPayments).where(where),
  ]);
  return pageAnswer(
    rows.map(({ p, rate, mark }) => {
      const slot = slots.get(p.instId);
      return {
        instId: p.instId,
        funding_time: new Date(p.fundingTime).toISOString(),
        rate: formatAmount(rate, 8),
        mark_px: slot ? (px(slot, mark) ?? '0') : usdt(mark),
        pos_side: p.side,
        pos: p.size.toString(),
        amount: usdt(p.amount),
      };
    }),
    total,
  );
}

export async function fundingRates(ctx: FuturesCtx, instId: string, page: { page: number; size: number }) {
  const { store } = ctx;
  const slot = slotOf(ctx, instId);
  const where = eq(swapFundings.instId, instId);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(swapFundings).where(where).orderBy(desc(swapFundings.fundingTime)), page),
    store.db.select({ n: count() }).from(swapFundings).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => ({
      instId,
      funding_time: new Date(r.fundingTime).toISOString(),
      rate: formatAmount(r.rate, 8),
      mark_px: px(slot, r.markPrice) ?? '0',
    })),
    total,
  );
}

/** Swap trades since a moment: how many, their value and both sides' fees (USDT minor), for the dashboard. */
export async function tradedSince(
  ctx: FuturesCtx,
  since: Date,
): Promise<{ count: number; volume: bigint; fees: bigint }> {
  const { store } = ctx;
  const [r] = await store.db
    .select({
      n: count(),
      volume: sql<string | null>`sum(${swapTrades.value})::text`,
      fees: sql<string | null>`sum(${swapTrades.makerFee} + ${swapTrades.takerFee})::text`,
    })
    .from(swapTrades)
    .where(gte(swapTrades.createdAt, since));
  return { count: r?.n ?? 0, volume: BigInt(r?.volume ?? '0'), fees: BigInt(r?.fees ?? '0') };
}

/** A contract's stored trades after a trade id, oldest first (the candles replay them after a restart). */
export async function tradesAfter(ctx: FuturesCtx, instId: string, afterId: number, limit: number) {
  const slot = slotOf(ctx, instId);
  const rows = await ctx.store.db
    .select()
    .from(swapTrades)
    .where(and(eq(swapTrades.instId, instId), gt(swapTrades.id, afterId)))
    .orderBy(asc(swapTrades.id))
    .limit(limit);
  return rows.map((t) => ({
    instId,
    tradeId: String(t.id),
    price: px(slot, t.price) ?? '0',
    size: t.size.toString(),
    side: t.side,
    ts: t.createdAt.getTime(),
  }));
}
