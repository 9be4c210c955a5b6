/**
 * A user's conditional orders of one instrument (spot or a swap): those waiting for their price, with a cancel,
 * or those that fired (with the order each placed, or why it was refused) or were canceled. The words are the
 * feature's own (`algo.*` of its dictionary), handed in as `t`.
 */
import './algo-orders.css';
import { formatDateTime, formatUpTo } from '@nexa/contract';
import { memo, type ReactNode, useState } from 'react';
import { useApiMutation } from '../api/hooks';
import type { PagedItem } from '../api/paging';
import { PagedList } from './paged-list';
import { showToast } from './toast';

type Algo = PagedItem<'/v1/order/algoPending'>;
/** The feature's translate function over its `algo.*` words. */
export type AlgoWords = (key: string, params?: Record<string, string>) => string;

/** What kind the form called it: a trigger order is a stop-limit or stop-market by its order price. */
export function kindOf(a: Algo): 'stop_limit' | 'stop_market' | 'oco' | 'trailing' | 'conditional' {
  if (a.ordType === 'trigger') return a.orderPx === '-1' ? 'stop_market' : 'stop_limit';
  if (a.ordType === 'move_order_stop') return 'trailing';
  return a.ordType;
}

const AlgoRow = memo(function AlgoRow({
  a,
  t,
  canceling,
  onCancel,
}: {
  readonly a: Algo;
  readonly t: AlgoWords;
  readonly canceling: boolean;
  readonly onCancel: ((a: Algo) => void) | null;
}): ReactNode {
  const [base = a.instId, quote = ''] = a.instId.split('-');
  const market = t('algo.market');
  const px = (v: string | null) => (v === null ? '--' : v === '-1' ? market : formatUpTo(v, 8));
  const unit = a.tgtCcy === 'quote_ccy' ? quote : a.tgtCcy === 'contracts' ? t('algo.contracts') : base;
  const trigger =
    a.ordType === 'move_order_stop'
      ? a.callbackRatio !== null
        ? t('algo.trailRatio', {
            ratio: formatUpTo(Number(a.callbackRatio) * 100, 2),
            stop: px(a.moveTriggerPx),
          })
        : t('algo.trailSpread', { spread: px(a.callbackSpread), stop: px(a.moveTriggerPx) })
      : a.ordType === 'trigger'
        ? t('algo.triggerAt', { trigger: px(a.triggerPx), price: px(a.orderPx) })
        : [
            a.tpTriggerPx ? t('algo.tpAt', { trigger: px(a.tpTriggerPx), price: px(a.tpOrdPx) }) : null,
            a.slTriggerPx ? t('algo.slAt', { trigger: px(a.slTriggerPx), price: px(a.slOrdPx) }) : null,
          ]
            .filter(Boolean)
            .join(' · ');
  return (
    <article className="arow" data-state={a.state}>
      <div className="row arow__top">
        <span className={`arow__side ${a.side === 'buy' ? 'arow__side--buy' : 'arow__side--sell'}`}>
          {t(a.side === 'buy' ? 'algo.buy' : 'algo.sell')}
        </span>
        <span className="arow__pair">{a.instType === 'SWAP' ? a.instId : `${base}/${quote}`}</span>
        <span className="arow__type">{t(`algo.kind.${kindOf(a)}`)}</span>
        <span className="arow__end">
          {onCancel && a.state === 'live' ? (
            <button
              type="button"
              className="small-btn arow__cancel"
              disabled={canceling}
              onClick={() => onCancel(a)}
            >
              {t(canceling ? 'algo.canceling' : 'algo.cancel')}
            </button>
          ) : (
            <span className={`arow__state arow__state--${a.state}`}>{t(`algo.state.${a.state}`)}</span>
          )}
        </span>
      </div>
      <p className="arow__trigger num">{trigger}</p>
      <p className="arow__meta">
        <span className="num">
          {formatUpTo(a.sz, 8)} {unit}
        </span>
        <span>{formatDateTime(a.created_at)}</span>
      </p>
      {a.state === 'effective' ? (
        <p className="arow__outcome">
          {t(a.actualSide ? `algo.firedLeg.${a.actualSide}` : 'algo.fired', { price: px(a.actualPx) })}{' '}
          <span className="num">{a.ordId}</span>
        </p>
      ) : null}
      {a.state === 'order_failed' ? (
        <p className="arow__outcome arow__outcome--failed" role="note">
          {t('algo.failed', { price: px(a.actualPx), reason: a.failMsg ?? a.failCode ?? '' })}
        </p>
      ) : null}
    </article>
  );
});

/** Conditional orders of one instrument: those waiting for their price (cancel one), or those that fired or were canceled. */
export function AlgoOrders({
  instId,
  pending,
  t,
}: {
  readonly instId: string;
  readonly pending: boolean;
  readonly t: AlgoWords;
}): ReactNode {
  const cancel = useApiMutation('/v1/order/cancelAlgos', {
    refreshes: ['/v1/order/algoPending', '/v1/order/algoHistory', '/api/finance/userFinance'],
  });
  const [canceling, setCanceling] = useState<string | null>(null);
  const cancelOne = async (a: Algo) => {
    if (cancel.isPending) return;
    setCanceling(a.algoId);
    try {
      await cancel.mutateAsync({ instId: a.instId, algoIds: [a.algoId] });
      showToast(t('algo.canceled'));
    } catch {
      // Toasted by the query client; the lists refresh either way.
    } finally {
      setCanceling(null);
    }
  };
  const common = {
    pullToRefresh: false,
    skeletonRows: 2,
    className: 'arows',
    itemKey: (a: Algo) => a.algoId,
  };
  return pending ? (
    <PagedList
      {...common}
      path="/v1/order/algoPending"
      filters={{ instId }}
      refreshEvery_ms={() => 3000}
      emptyTitle={t('algo.noPending')}
      emptyBody={t('algo.noPendingBody')}
      renderItem={(a) => (
        <AlgoRow a={a} t={t} canceling={canceling === a.algoId} onCancel={(x) => void cancelOne(x)} />
      )}
    />
  ) : (
    <PagedList
      {...common}
      path="/v1/order/algoHistory"
      filters={{ instId }}
      refreshEvery_ms={() => 5000}
      emptyTitle={t('algo.noHistory')}
      emptyBody={t('algo.noHistoryBody')}
      renderItem={(a) => <AlgoRow a={a} t={t} canceling={false} onCancel={null} />}
    />
  );
}
