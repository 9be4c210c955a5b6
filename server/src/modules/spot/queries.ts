/** Reads for the handlers and the app: orders, the books' depth and mid prices, instruments, stored trades. */
import { parseAmount } from '@nexa/contract';
import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { BusEvents } from '../../kernel/bus';
import { DomainError } from '../../kernel/errors';
import { fmt } from '../../kernel/units';
import { onPage, pageAnswer } from '../../store/paging';
import type { DepthView, InstrumentView, OrderFilter, OrderView, SpotBase, SpotCtx } from './context';
import { slotOf } from './instruments';
import { rebuild } from './rebuild';
import { CLOSED, OPEN } from './rows';
import { marketOrders, marketTrades } from './tables';
import { depthOf, orderView } from './views';

export async function orders(
  c: SpotBase,
  userId: number,
  f: OrderFilter,
  page: { page: number; size: number },
) {
  const { store } = c;
  const conds: SQL[] = [eq(marketOrders.userId, userId)];
  if (f.open === true) conds.push(inArray(marketOrders.status, OPEN));
  if (f.open === false) conds.push(inArray(marketOrders.status, CLOSED));
  if (f.instId) conds.push(eq(marketOrders.instId, f.instId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(marketOrders).where(where).orderBy(desc(marketOrders.seq)), page),
    store.db.select({ n: count() }).from(marketOrders).where(where),
  ]);
  return pageAnswer(
    rows.map((row) => orderView(c, row)),
    total,
  );
}

export async function order(c: SpotBase, userId: number, id: string): Promise<OrderView> {
  const [row] = await c.store.db.select().from(marketOrders).where(eq(marketOrders.id, id));
  if (!row || row.userId !== userId) throw new DomainError('NotFound');
  return orderView(c, row);
}

/** The best n levels, read in the instrument's queue so they match the published sequence. */
export async function depth(c: SpotCtx, instId: string, n = 20): Promise<DepthView> {
  const slot = slotOf(c, instId);
  return c.writer.run(instId, async () => {
    if (slot.dirty) await rebuild(c, slot);
    return depthOf(c, slot, n);
  });
}

/**
 * Mid of the best bid and ask (or the one side there is) of an instrument, null without a book. Where the books
 * run elsewhere (cluster mode), their best prices as the live feed last carried them.
 */
export function midPrice(c: SpotBase, instId: string): { price: bigint; scale: number } | null {
  const slot = c.slots.get(instId);
  if (!slot) return null;
  let bid: bigint | undefined;
  let ask: bigint | undefined;
  if (slot.open) {
    bid = slot.book.bestBid();
    ask = slot.book.bestAsk();
  } else {
    const top = c.bookTop?.(instId);
    const scale = slot.inst.quote.scale;
    bid = (top?.bid ? parseAmount(top.bid, scale) : null) ?? undefined;
    ask = (top?.ask ? parseAmount(top.ask, scale) : null) ?? undefined;
  }
  const price = bid !== undefined && ask !== undefined ? (bid + ask) / 2n : (bid ?? ask);
  return price === undefined ? null : { price, scale: slot.inst.quote.scale };
}

export async function instruments(c: SpotBase): Promise<InstrumentView[]> {
  const { settings } = c;
  const cfg = await settings.get('market.instruments');
  const maker = (await settings.get('market.maker_fee_rate')).text;
  const taker = (await settings.get('market.taker_fee_rate')).text;
  const band = (await settings.get('market.price_band')).text;
  const limitBand = (await settings.get('market.limit_band')).text;
  return [...c.slots.values()].map(({ inst }) => {
    const x = cfg.find((y) => y.inst_id === inst.instId);
    return {
      instId: inst.instId,
      base: inst.base.symbol,
      quote: inst.quote.symbol,
      tick_size: inst.tickText,
      lot_size: inst.lotText,
      min_notional: x?.min_notional ?? '0',
      maker_fee_rate: maker,
      taker_fee_rate: taker,
      price_band: band,
      limit_band: x?.limit_band ?? limitBand,
      enabled: x?.enabled ?? false,
    };
  });
}

/** Stored trades of an instrument after `afterId`, oldest first, as the `trade` event shows them. */
export async function tradesAfter(
  c: SpotBase,
  instId: string,
  afterId: number,
  limit: number,
): Promise<BusEvents['trade'][]> {
  const { inst } = slotOf(c, instId);
  const rows = await c.store.db
    .select()
    .from(marketTrades)
    .where(and(eq(marketTrades.instId, instId), gt(marketTrades.id, afterId)))
    .orderBy(asc(marketTrades.id))
    .limit(limit);
  return rows.map((t) => ({
    instId,
    tradeId: String(t.id),
    price: fmt(inst.quote, t.price),
    size: fmt(inst.base, t.size),
    side: t.side,
    ts: t.createdAt.getTime(),
  }));
}

/** The taker fee rate of the books (the exchange charges at least this). */
export async function takerFeeRate(c: SpotBase) {
  return c.settings.get('market.taker_fee_rate');
}

/** The instrument of each of the user's orders among `ids` (another user's and unknown ids are left out). */
export async function instrumentsOfOrders(
  c: SpotBase,
  userId: number,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await c.store.db
    .select({ id: marketOrders.id, instId: marketOrders.instId })
    .from(marketOrders)
    .where(and(inArray(marketOrders.id, [...ids]), eq(marketOrders.userId, userId)));
  return new Map(rows.map((r) => [r.id, r.instId]));
}
