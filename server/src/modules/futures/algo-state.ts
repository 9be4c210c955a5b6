/**
 * Swap conditional orders in the contract writer's memory: resting triggers on the last price and on the mark
 * (engine/triggers.ts), their rows and the last trade price. Built from the store with the book (at start and
 * after a failure), changed only inside the contract's queue. Their views and lists.
 */
import { formatAmount, type Lang, type ResponseData, USDT_SCALE } from '@nexa/contract';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { type AlgoShape, restAlgo, TriggerBook, trailingStopPx } from '../../engine';
import { failMessage } from '../../kernel/error-text';
import { parseRate } from '../../kernel/units';
import { onPage, pageAnswer } from '../../store/paging';
import type { FuturesCtx, SwapAlgoRow, SwapAlgoSlot } from './context';
import { swapAlgoOrders, swapTrades } from './tables';

export type { SwapAlgoRow, SwapAlgoSlot };
export type SwapAlgoView = ResponseData<'/v1/order/placeAlgo'>;

export const SWAP_ALGO_MAX_PENDING = 100;

export const swapShapeOf = (r: SwapAlgoRow): AlgoShape => ({
  ordType: r.ordType,
  side: r.side,
  triggerPx: r.triggerPx,
  direction: r.direction,
  tpTriggerPx: r.tpTriggerPx,
  slTriggerPx: r.slTriggerPx,
  callbackRatio: r.callbackRatio === null ? null : parseRate(r.callbackRatio),
  callbackSpread: r.callbackSpread,
  activePx: r.activePx,
  extremePx: r.extremePx,
});

export function swapAlgoSlot(ctx: FuturesCtx, instId: string): SwapAlgoSlot {
  let s = ctx.algos.get(instId);
  if (!s) {
    s = {
      byLast: new TriggerBook(),
      byMark: new TriggerBook(),
      rows: new Map(),
      last: null,
      markQueued: false,
    };
    ctx.algos.set(instId, s);
  }
  return s;
}

export const bookFor = (s: SwapAlgoSlot, r: SwapAlgoRow) =>
  r.triggerPxType === 'mark' ? s.byMark : s.byLast;

export async function loadSwapAlgos(ctx: FuturesCtx, instId: string): Promise<void> {
  const db = ctx.store.db;
  const rows = await db
    .select()
    .from(swapAlgoOrders)
    .where(and(eq(swapAlgoOrders.instId, instId), eq(swapAlgoOrders.state, 'live')))
    .orderBy(asc(swapAlgoOrders.seq));
  const [lastTrade] = await db
    .select({ price: swapTrades.price })
    .from(swapTrades)
    .where(eq(swapTrades.instId, instId))
    .orderBy(desc(swapTrades.id))
    .limit(1);
  const prev = ctx.algos.get(instId);
  const s: SwapAlgoSlot = {
    byLast: new TriggerBook(),
    byMark: new TriggerBook(),
    rows: new Map(),
    last: lastTrade?.price ?? null,
    markQueued: prev?.markQueued ?? false,
  };
  for (const r of rows) {
    restAlgo(bookFor(s, r), r.id, swapShapeOf(r), r.seq, null);
    s.rows.set(r.id, r);
  }
  ctx.algos.set(instId, s);
}

export function swapAlgoView(r: SwapAlgoRow, lang: Lang): SwapAlgoView {
  const p = (v: bigint | null) => (v === null ? null : formatAmount(v, USDT_SCALE));
  const ordPx = (v: bigint | null, used: boolean) => (!used ? null : v === null ? '-1' : p(v));
  const stop =
    r.ordType === 'move_order_stop' && r.state === 'live'
      ? trailingStopPx({
          side: r.side,
          ratio: r.callbackRatio === null ? null : parseRate(r.callbackRatio),
          spread: r.callbackSpread,
          activePx: r.activePx,
          extreme: r.extremePx,
        })
      : null;
  return {
    algoId: r.id,
    instId: r.instId,
    instType: 'SWAP',
    side: r.side,
    ordType: r.ordType,
    sz: r.sz.toString(),
    tgtCcy: 'contracts',
    triggerPx: p(r.triggerPx),
    orderPx: ordPx(r.orderPx, r.ordType === 'trigger'),
    tpTriggerPx: p(r.tpTriggerPx),
    tpOrdPx: ordPx(r.tpOrdPx, r.tpTriggerPx !== null),
    slTriggerPx: p(r.slTriggerPx),
    slOrdPx: ordPx(r.slOrdPx, r.slTriggerPx !== null),
    callbackRatio: r.callbackRatio,
    callbackSpread: p(r.callbackSpread),
    activePx: p(r.activePx),
    moveTriggerPx: p(stop),
    triggerPxType: r.triggerPxType,
    reduceOnly: r.reduceOnly,
    state: r.state,
    actualSide: r.actualSide,
    actualPx: p(r.actualPx),
    ordId: r.ordId,
    failCode: r.failCode,
    failMsg: failMessage(r.failCode, r.failParams, lang),
    frozen: '0',
    frozenCcy: 'USDT',
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    triggered_at: r.triggeredAt?.toISOString() ?? null,
  };
}

export async function listSwapAlgos(
  ctx: FuturesCtx,
  userId: number,
  f: {
    pending: boolean;
    instId?: string | undefined;
    ordType?: SwapAlgoRow['ordType'] | undefined;
    state?: 'effective' | 'canceled' | 'order_failed' | undefined;
  },
  page: { page: number; size: number },
  lang: Lang,
) {
  const t = swapAlgoOrders;
  const conds: SQL[] = [eq(t.userId, userId)];
  conds.push(f.pending ? eq(t.state, 'live') : f.state ? eq(t.state, f.state) : ne(t.state, 'live'));
  if (f.instId) conds.push(eq(t.instId, f.instId));
  if (f.ordType) conds.push(eq(t.ordType, f.ordType));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    onPage(ctx.store.db.select().from(t).where(where).orderBy(desc(t.seq)), page),
    ctx.store.db.select({ n: count() }).from(t).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => swapAlgoView(r, lang)),
    total,
  );
}
