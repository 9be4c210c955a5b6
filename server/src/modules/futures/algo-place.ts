/**
 * Placing and canceling swap conditional orders in the contract's queue. Nothing is held while they rest: the
 * order a trigger places is checked for margin when it fires (as OKX does), and a refusal is kept on the record.
 */
import { randomBytes } from 'node:crypto';
import { type ExactDecimal, type Lang, type RequestOutput, USDT_SCALE } from '@nexa/contract';
import { inArray } from 'drizzle-orm';
import { directionOf, restAlgo, triggerProblem } from '../../engine';
import { checkAlgoShape } from '../../kernel/algo-input';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import {
  bookFor,
  SWAP_ALGO_MAX_PENDING,
  type SwapAlgoRow,
  type SwapAlgoView,
  swapAlgoSlot,
  swapAlgoView,
  swapShapeOf,
} from './algo-state';
import type { FuturesCtx, Slot } from './context';
import { slotOf } from './instruments';
import { modeOf } from './leverage';
import { swapAlgoOrders } from './tables';

type AlgoInput = RequestOutput<'/v1/order/placeAlgo'>;
type OrdPx = ExactDecimal | '-1' | undefined;

const newAlgoId = () => `algo_${randomBytes(12).toString('hex')}`;

/** The order's figures on the contract's ticks, checked for its type. */
function figures(slot: Slot, b: AlgoInput) {
  const tick = slot.inst.spec.tick;
  const price = (v: ExactDecimal | undefined, field: string): bigint | null => {
    if (v === undefined) return null;
    const p = minorUnits(v, { scale: USDT_SCALE }, field, 'invalid_format');
    if (p <= 0n) throw new ValidationError(field, 'too_small');
    if (p % tick !== 0n) throw new ValidationError(field, 'invalid_value');
    return p;
  };
  const ordPx = (v: OrdPx, field: string, needed: boolean): bigint | null => {
    if (!needed) {
      if (v !== undefined) throw new ValidationError(field, 'invalid_value');
      return null;
    }
    if (v === undefined) throw new ValidationError(field, 'required');
    return v === '-1' ? null : price(v, field);
  };
  const t = b.ordType;
  const { callbackRatio } = checkAlgoShape(b);
  return {
    triggerPx: price(b.triggerPx, 'triggerPx'),
    orderPx: ordPx(b.orderPx, 'orderPx', t === 'trigger'),
    tpTriggerPx: price(b.tpTriggerPx, 'tpTriggerPx'),
    tpOrdPx: ordPx(b.tpOrdPx, 'tpOrdPx', b.tpTriggerPx !== undefined),
    slTriggerPx: price(b.slTriggerPx, 'slTriggerPx'),
    slOrdPx: ordPx(b.slOrdPx, 'slOrdPx', b.slTriggerPx !== undefined),
    callbackRatio,
    callbackSpread: price(b.callbackSpread, 'callbackSpread'),
    activePx: price(b.activePx, 'activePx'),
  };
}

async function rowOf(ctx: FuturesCtx, slot: Slot, userId: number, b: AlgoInput): Promise<SwapAlgoRow> {
  const { inst } = slot;
  const a = swapAlgoSlot(ctx, inst.instId);
  const f = figures(slot, b);
  const sz = minorUnits(b.sz, { scale: 0 }, 'sz', 'invalid_value');
  if (sz < 1n) throw new ValidationError('sz', 'too_small');
  if (sz > BigInt(await ctx.settings.get('futures.max_order_contracts')))
    throw new ValidationError('sz', 'too_big');
  if (!inst.enabled)
    throw new DomainError(
      'OrderRejected',
      { reason: 'instrument_disabled' },
      { reason: 'instrument_disabled' },
    );
  if (ctx.copy?.()?.manages(userId, inst.instId)) throw new DomainError('CopyManaged');
  const ref = b.triggerPxType === 'mark' ? slot.mark : a.last;
  if (ref === null)
    throw new DomainError(b.triggerPxType === 'mark' ? 'MarkPriceUnavailable' : 'AlgoPriceUnavailable');
  const mine = [...a.rows.values()].filter((r) => r.userId === userId).length;
  if (mine >= SWAP_ALGO_MAX_PENDING)
    throw new DomainError('AlgoLimitReached', { max: String(SWAP_ALGO_MAX_PENDING) });
  const now = ctx.clock.now();
  const row: SwapAlgoRow = {
    id: newAlgoId(),
    seq: 0,
    userId,
    instId: inst.instId,
    side: b.side,
    ordType: b.ordType,
    sz,
    tgtCcy: 'contracts',
    ...f,
    extremePx: b.ordType === 'move_order_stop' && f.activePx === null ? ref : null,
    direction: f.triggerPx === null ? null : directionOf(f.triggerPx, ref),
    triggerPxType: b.triggerPxType,
    reduceOnly: b.reduceOnly === true,
    state: 'live',
    actualSide: null,
    actualPx: null,
    ordId: null,
    failCode: null,
    failParams: null,
    frozenAsset: 'USDT',
    frozenAmount: 0n,
    requestId: b.request_id ?? null,
    createdAt: now,
    updatedAt: now,
    triggeredAt: null,
  };
  const field = triggerProblem(swapShapeOf(row), ref);
  if (field !== null) throw new DomainError('AlgoTriggerInvalid', { field }, { field });
  return row;
}

export async function placeSwapAlgo(
  ctx: FuturesCtx,
  userId: number,
  b: AlgoInput,
  lang: Lang,
): Promise<SwapAlgoView> {
  if (b.tdMode === 'cash') throw new ValidationError('tdMode', 'invalid_value');
  const slot = slotOf(ctx, b.instId);
  const instId = slot.inst.instId;
  if (b.tdMode !== undefined && b.tdMode !== (await modeOf(ctx, userId, instId)))
    throw new DomainError('MarginModeMismatch');
  return ctx.writer.run(instId, async () => {
    let made: SwapAlgoRow | null = null;
    const answer = await ctx.store.db.transaction(async (tx) => {
      if (b.request_id !== undefined) {
        const prior = await ctx.ledger.claimRequest(tx, userId, b.request_id, 'futures.algo', b);
        if (prior.seen) return prior.response as SwapAlgoView;
      }
      const { seq: _seq, ...values } = await rowOf(ctx, slot, userId, b);
      const [stored] = await tx.insert(swapAlgoOrders).values(values).returning();
      made = stored as SwapAlgoRow;
      const view = swapAlgoView(made, lang);
      if (b.request_id !== undefined) await ctx.ledger.answerRequest(tx, userId, b.request_id, view);
      return view;
    });
    const row = made as SwapAlgoRow | null;
    if (row) {
      const a = swapAlgoSlot(ctx, instId);
      restAlgo(bookFor(a, row), row.id, swapShapeOf(row), row.seq, null);
      a.rows.set(row.id, row);
    }
    return answer;
  });
}

export async function cancelSwapAlgos(
  ctx: FuturesCtx,
  userId: number,
  q: { algoIds: readonly string[]; instId: string },
  lang: Lang,
): Promise<SwapAlgoView[]> {
  const ids = [...new Set(q.algoIds)];
  const found = await ctx.store.db.select().from(swapAlgoOrders).where(inArray(swapAlgoOrders.id, ids));
  if (found.length !== ids.length || found.some((r) => r.userId !== userId || r.instId !== q.instId))
    throw new DomainError('NotFound');
  const slot = slotOf(ctx, q.instId);
  return ctx.writer.run(slot.inst.instId, async () => {
    const a = swapAlgoSlot(ctx, slot.inst.instId);
    const now = ctx.clock.now();
    const live = ids.flatMap((id) => {
      const r = a.rows.get(id);
      return r ? [{ ...r, state: 'canceled' as const, updatedAt: now }] : [];
    });
    if (live.length > 0)
      await ctx.store.db
        .update(swapAlgoOrders)
        .set({ state: 'canceled', updatedAt: now })
        .where(
          inArray(
            swapAlgoOrders.id,
            live.map((r) => r.id),
          ),
        );
    for (const r of live) {
      bookFor(a, r).remove(r.id);
      a.rows.delete(r.id);
    }
    const byId = new Map([...found.map((r) => [r.id, r] as const), ...live.map((r) => [r.id, r] as const)]);
    return ids.map((id) => swapAlgoView(byId.get(id) as SwapAlgoRow, lang));
  });
}
