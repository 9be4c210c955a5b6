/**
 * Placing and canceling spot conditional orders, each in its instrument's queue (so the triggers change in
 * step with the book) and in one transaction with its hold: a sell holds its size, a limit buy what its
 * dearest leg's order would hold, a market buy its quote amount and the taker fee. The hold is released when
 * the order is canceled, and when it fires, in the batch that places its order (which then holds on its own).
 */
import { randomBytes } from 'node:crypto';
import type { ExactDecimal, Lang, RequestOutput } from '@nexa/contract';
import { inArray } from 'drizzle-orm';
import { directionOf, restAlgo, triggerProblem } from '../../engine';
import { checkAlgoShape } from '../../kernel/algo-input';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { feeOf, holdOf, maxOf, parseRate, quoteOf } from '../../kernel/units';
import type { Tx } from '../../store';
import { ALGO_MAX_PENDING, type AlgoRow, algoSlotOf, shapeOf } from './algo-state';
import { type AlgoView, algoView } from './algo-view';
import type { Slot, SpotCtx } from './context';
import { liveConfig, slotOf } from './instruments';
import { spotAlgoOrders } from './tables';

export type AlgoInput = RequestOutput<'/v1/order/placeAlgo'>;
type OrdPx = ExactDecimal | '-1' | undefined;

const newAlgoId = () => `algo_${randomBytes(12).toString('hex')}`;

/** The figures of an algo order on the instrument's steps, checked for its type. */
export function algoFigures(slot: Slot, b: AlgoInput) {
  const { inst } = slot;
  const price = (v: ExactDecimal | undefined, field: string): bigint | null => {
    if (v === undefined) return null;
    const p = minorUnits(v, inst.quote, field, 'invalid_format');
    if (p <= 0n) throw new ValidationError(field, 'too_small');
    if (p % inst.tick !== 0n) throw new ValidationError(field, 'invalid_value');
    return p;
  };
  const ordPx = (v: OrdPx, field: string, needed: boolean): { px: bigint | null; market: boolean } | null => {
    if (!needed) {
      if (v !== undefined) throw new ValidationError(field, 'invalid_value');
      return null;
    }
    if (v === undefined) throw new ValidationError(field, 'required');
    return v === '-1' ? { px: null, market: true } : { px: price(v, field), market: false };
  };
  const t = b.ordType;
  const { callbackRatio } = checkAlgoShape(b);
  const legs = [
    ordPx(b.orderPx, 'orderPx', t === 'trigger'),
    ordPx(b.tpOrdPx, 'tpOrdPx', b.tpTriggerPx !== undefined),
    ordPx(b.slOrdPx, 'slOrdPx', b.slTriggerPx !== undefined),
  ];
  const used = legs.filter((l) => l !== null);
  // A trailing stop places a market order.
  const market = t === 'move_order_stop' || used.every((l) => l.market);
  return {
    triggerPx: price(b.triggerPx, 'triggerPx'),
    orderPx: legs[0]?.px ?? null,
    tpTriggerPx: price(b.tpTriggerPx, 'tpTriggerPx'),
    tpOrdPx: legs[1]?.px ?? null,
    slTriggerPx: price(b.slTriggerPx, 'slTriggerPx'),
    slOrdPx: legs[2]?.px ?? null,
    callbackRatio,
    callbackSpread: price(b.callbackSpread, 'callbackSpread'),
    activePx: price(b.activePx, 'activePx'),
    market,
    mixed: !market && used.some((l) => l.market),
    limitPrices: used.flatMap((l) => (l.px === null ? [] : [l.px])),
  };
}

/** Checks an algo order, holds what it needs and stores it; answers its row (inside the instrument's queue). */
async function placeIn(c: SpotCtx, tx: Tx, slot: Slot, userId: number, b: AlgoInput): Promise<AlgoRow> {
  const { inst } = slot;
  const a = algoSlotOf(c, inst.instId);
  const f = algoFigures(slot, b);
  const buy = b.side === 'buy';
  // A buy's size is a quote amount at market and a base size at a limit: its legs cannot mix the two.
  if (buy && f.mixed)
    throw new ValidationError(b.ordType === 'trigger' ? 'orderPx' : 'slOrdPx', 'invalid_value');
  const byQuote = buy && f.market;
  const sz = minorUnits(b.sz, byQuote ? inst.quote : inst.base, 'sz', 'invalid_format');
  if (sz <= 0n) throw new ValidationError('sz', 'too_small');
  if (!byQuote && sz % inst.lot !== 0n) throw new ValidationError('sz', 'invalid_value');
  const cfg = await liveConfig(c, inst.instId);
  if (!cfg?.enabled)
    throw new DomainError(
      'OrderRejected',
      { reason: 'instrument_disabled' },
      { reason: 'instrument_disabled' },
    );
  const last = a.last;
  if (last === null) throw new DomainError('AlgoPriceUnavailable');
  const direction = f.triggerPx === null ? null : directionOf(f.triggerPx, last);
  const row: AlgoRow = {
    id: newAlgoId(),
    seq: 0,
    userId,
    instId: inst.instId,
    side: b.side,
    ordType: b.ordType,
    sz,
    tgtCcy: byQuote ? 'quote_ccy' : 'base_ccy',
    triggerPx: f.triggerPx,
    orderPx: f.orderPx,
    tpTriggerPx: f.tpTriggerPx,
    tpOrdPx: f.tpOrdPx,
    slTriggerPx: f.slTriggerPx,
    slOrdPx: f.slOrdPx,
    callbackRatio: f.callbackRatio,
    callbackSpread: f.callbackSpread,
    activePx: f.activePx,
    extremePx: b.ordType === 'move_order_stop' && f.activePx === null ? last : null,
    direction,
    triggerPxType: 'last',
    reduceOnly: false,
    state: 'live',
    actualSide: null,
    actualPx: null,
    ordId: null,
    failCode: null,
    failParams: null,
    frozenAsset: buy ? inst.quote.symbol : inst.base.symbol,
    frozenAmount: 0n,
    requestId: b.request_id ?? null,
    createdAt: c.clock.now(),
    updatedAt: c.clock.now(),
    triggeredAt: null,
  };
  const field = triggerProblem(shapeOf(row), last);
  if (field !== null) throw new DomainError('AlgoTriggerInvalid', { field }, { field });
  // Its order's value at the price it would meet: a limit leg's price, else the trigger (a trailing stop: now).
  const minNotional = amountSetting('market.instruments', cfg.min_notional, inst.quote.scale);
  const belowMin = () => new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
  if (byQuote) {
    if (sz < minNotional) throw belowMin();
  } else {
    const refs = f.market ? [f.triggerPx, f.tpTriggerPx, f.slTriggerPx, f.activePx ?? last] : f.limitPrices;
    for (const p of refs) if (p !== null && quoteOf(inst, p, sz) < minNotional) throw belowMin();
  }
  const mine = [...a.rows.values()].filter((r) => r.userId === userId).length;
  if (mine >= ALGO_MAX_PENDING) throw new DomainError('AlgoLimitReached', { max: String(ALGO_MAX_PENDING) });
  const maker = parseRate((await c.settings.get('market.maker_fee_rate')).text);
  const taker = (await c.settings.get('market.taker_fee_rate')).units;
  row.frozenAmount = !buy
    ? sz
    : byQuote
      ? sz + feeOf(sz, taker)
      : f.limitPrices.reduce(
          (m, p) =>
            maxOf(
              m,
              holdOf(inst, { side: 'buy', price: p, remaining: sz, makerRate: maker, takerRate: taker }),
            ),
          0n,
        );
  await c.ledger.freeze(tx, {
    account: { userId, asset: row.frozenAsset, kind: 'spot' },
    amount: row.frozenAmount,
    cause: 'spot.algo_hold',
    ref: row.id,
    remark: `${inst.instId} ${b.ordType} ${b.side}`,
    userId,
    requestId: b.request_id ?? null,
  });
  const { seq: _seq, ...values } = row;
  const [stored] = await tx.insert(spotAlgoOrders).values(values).returning();
  return stored as AlgoRow;
}

/** Places a spot conditional order; a retried request id gets its first answer and holds nothing again. */
export async function placeAlgo(c: SpotCtx, userId: number, b: AlgoInput, lang: Lang): Promise<AlgoView> {
  if (b.tdMode !== undefined && b.tdMode !== 'cash') throw new ValidationError('tdMode', 'invalid_value');
  if (b.reduceOnly) throw new ValidationError('reduceOnly', 'invalid_value');
  if (b.triggerPxType !== 'last') throw new ValidationError('triggerPxType', 'invalid_value');
  const slot = slotOf(c, b.instId);
  const instId = slot.inst.instId;
  return c.writer.run(instId, async () => {
    let made: AlgoRow | null = null;
    const answer = await c.store.db.transaction(async (tx) => {
      if (b.request_id !== undefined) {
        const prior = await c.ledger.claimRequest(tx, userId, b.request_id, 'spot.algo', b);
        if (prior.seen) return prior.response as AlgoView;
      }
      made = await placeIn(c, tx, slot, userId, b);
      const view = algoView(c, made, lang);
      if (b.request_id !== undefined) await c.ledger.answerRequest(tx, userId, b.request_id, view);
      return view;
    });
    const row = made as AlgoRow | null;
    if (row) {
      const a = algoSlotOf(c, instId);
      restAlgo(a.book, row.id, shapeOf(row), row.seq, a.last);
      a.rows.set(row.id, row);
    }
    return answer;
  });
}

/** Cancels own resting algo orders of an instrument: holds released, rows closed, triggers gone. */
export async function cancelAlgos(
  c: SpotCtx,
  userId: number,
  q: { algoIds: readonly string[]; instId: string },
  lang: Lang,
): Promise<AlgoView[]> {
  const ids = [...new Set(q.algoIds)];
  const found = await c.store.db.select().from(spotAlgoOrders).where(inArray(spotAlgoOrders.id, ids));
  if (found.length !== ids.length || found.some((r) => r.userId !== userId || r.instId !== q.instId))
    throw new DomainError('NotFound');
  const slot = slotOf(c, q.instId);
  return c.writer.run(slot.inst.instId, async () => {
    const a = algoSlotOf(c, slot.inst.instId);
    const now = c.clock.now();
    const live = ids.flatMap((id) => {
      const r = a.rows.get(id);
      return r ? [r] : [];
    });
    const done = await c.store.db.transaction(async (tx) => {
      const out: AlgoRow[] = [];
      for (const r of live) {
        if (r.frozenAmount > 0n)
          await c.ledger.release(tx, {
            account: { userId, asset: r.frozenAsset, kind: 'spot' },
            amount: r.frozenAmount,
            cause: 'spot.algo_release',
            ref: r.id,
            remark: `${r.instId} ${r.ordType} canceled`,
            userId,
          });
        out.push({ ...r, state: 'canceled', frozenAmount: 0n, updatedAt: now });
      }
      if (out.length > 0)
        await tx
          .update(spotAlgoOrders)
          .set({ state: 'canceled', frozenAmount: 0n, updatedAt: now })
          .where(
            inArray(
              spotAlgoOrders.id,
              out.map((r) => r.id),
            ),
          );
      return out;
    });
    for (const r of done) {
      a.book.remove(r.id);
      a.rows.delete(r.id);
    }
    const byId = new Map([...found.map((r) => [r.id, r] as const), ...done.map((r) => [r.id, r] as const)]);
    return ids.map((id) => algoView(c, byId.get(id) as AlgoRow, lang));
  });
}
