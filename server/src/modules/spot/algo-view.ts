/** A spot conditional order as the calls answer it (OKX v5 algo shape), its refusal told in the caller's language. */
import type { Lang, ResponseData } from '@nexa/contract';
import { trailingStopPx } from '../../engine';
import { failMessage } from '../../kernel/error-text';
import { fmt, parseRate } from '../../kernel/units';
import type { AlgoRow } from './algo-state';
import type { SpotBase } from './context';
import { instrumentOf } from './instruments';

export type AlgoView = ResponseData<'/v1/order/placeAlgo'>;

export function algoView(c: SpotBase, r: AlgoRow, lang: Lang): AlgoView {
  const inst = instrumentOf(c, r.instId);
  const px = (v: bigint | null) => (v === null ? null : fmt(inst.quote, v));
  const ordPx = (v: bigint | null, used: boolean) => (!used ? null : v === null ? '-1' : fmt(inst.quote, v));
  const ratio = r.callbackRatio === null ? null : parseRate(r.callbackRatio);
  const stop =
    r.ordType === 'move_order_stop' && r.state === 'live'
      ? trailingStopPx({
          side: r.side,
          ratio,
          spread: r.callbackSpread,
          activePx: r.activePx,
          extreme: r.extremePx,
        })
      : null;
  return {
    algoId: r.id,
    instId: r.instId,
    instType: 'SPOT',
    side: r.side,
    ordType: r.ordType,
    sz: r.tgtCcy === 'quote_ccy' ? fmt(inst.quote, r.sz) : fmt(inst.base, r.sz),
    tgtCcy: r.tgtCcy,
    triggerPx: px(r.triggerPx),
    orderPx: ordPx(r.orderPx, r.ordType === 'trigger'),
    tpTriggerPx: px(r.tpTriggerPx),
    tpOrdPx: ordPx(r.tpOrdPx, r.tpTriggerPx !== null),
    slTriggerPx: px(r.slTriggerPx),
    slOrdPx: ordPx(r.slOrdPx, r.slTriggerPx !== null),
    callbackRatio: r.callbackRatio,
    callbackSpread: px(r.callbackSpread),
    activePx: px(r.activePx),
    moveTriggerPx: px(stop),
    triggerPxType: r.triggerPxType,
    reduceOnly: false,
    state: r.state,
    actualSide: r.actualSide,
    actualPx: px(r.actualPx),
    ordId: r.ordId,
    failCode: r.failCode,
    failMsg: failMessage(r.failCode, r.failParams, lang),
    frozen: fmt(c.scaleOf(r.frozenAsset), r.frozenAmount),
    frozenCcy: r.frozenAsset,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    triggered_at: r.triggeredAt?.toISOString() ?? null,
  };
}
