import { formatDateTime, formatNumber } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { AlgoOrders, type AlgoWords } from '../../ui/algo-orders';
import { Segments } from '../../ui/form';
import { PagedList } from '../../ui/paged-list';
import { showToast } from '../../ui/toast';
import { ratePercent } from './futures-math';

type Order = PagedItem<'/v1/order/meTradeList'>;
type Closed = PagedItem<'/v1/futures/positionHistory'>;
type Funding = PagedItem<'/v1/futures/fundingHistory'>;

const signed = (v: string, d = 2) => (Number(v) > 0 ? `+${formatNumber(v, d)}` : formatNumber(v, d));
const tone = (v: string) => (Number(v) > 0 ? 'up' : Number(v) < 0 ? 'down' : '');
const pairOf = (instId: string) => `${instId.split('-')[0] ?? instId}USDT`;

function OrderRow({
  o,
  onCancel,
}: {
  readonly o: Order;
  readonly onCancel: ((o: Order) => void) | null;
}): ReactNode {
  const { t } = useTranslation('futures');
  const registry = useAssets();
  const buy = o.side === 'buy';
  const label = o.reduce_only
    ? buy
      ? 'futures.closeShort'
      : 'futures.closeLong'
    : buy
      ? 'futures.openLong'
      : 'futures.openShort';
  const open = o.status === 'new' || o.status === 'partial_filled';
  return (
    <article className="record-card" data-testid="fut-order">
      <div className="row frec__top">
        <span className={`frec__side ${buy ? 'up' : 'down'}`}>{t(label)}</span>
        <span className="frec__pair">
          {pairOf(o.instId)} · {o.lever}×
        </span>
        {o.source !== 'user' ? <span className="frec__tag">{t(`futures.source.${o.source}`)}</span> : null}
        <span className="frec__end">
          {onCancel && open ? (
            <button type="button" className="frec__cancel" onClick={() => onCancel(o)}>
              {t('futures.cancel')}
            </button>
          ) : (
            <span className="frec__status">{t(`futures.status.${o.status}`)}</span>
          )}
        </span>
      </div>
      <dl className="frec__grid">
        <div>
          <dt>{t('futures.price')}</dt>
          <dd className="num">{o.px ? formatNumber(o.px, 2) : t('futures.market')}</dd>
        </div>
        <div>
          <dt>{t('futures.filled')}</dt>
          <dd className="num">
            {o.filled_sz}/{o.sz} {t('futures.cont')}
          </dd>
        </div>
        <div>
          <dt>{t('futures.avgPx')}</dt>
          <dd className="num">{o.avg_px ? formatNumber(o.avg_px, 2) : '--'}</dd>
        </div>
        <div>
          <dt>{t('futures.pnl')}</dt>
          <dd className={`num ${tone(o.pnl ?? '0')}`}>
            {o.pnl && Number(o.pnl) !== 0 ? signed(o.pnl) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('futures.fee')}</dt>
          <dd className="num">{registry.format(o.fee, 'USDT', EXACT)}</dd>
        </div>
        <div>
          <dt>{t('futures.time')}</dt>
          <dd className="num">{formatDateTime(o.created_at)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** My swap orders: open (with cancel) and finished. */
export function OrderRecords({ instId }: { readonly instId: string }): ReactNode {
  const { t } = useTranslation('futures');
  const [state, setState] = useState<'open' | 'closed' | 'algo' | 'algoHistory'>('open');
  const cancel = useApiMutation('/v1/order/batchCancelOrder', {
    refreshes: ['/v1/order/meTradeList', '/v1/futures/account'],
  });
  const onCancel = (o: Order) =>
    void cancel
      .mutateAsync({ order_id: o.trade_id, instType: 'SWAP' })
      .then(() => showToast(t('futures.canceled')))
      .catch(() => undefined);
  return (
    <div className="frecs">
      <div className="frecs__bar">
        <Segments
          label={t('futures.ordersTab')}
          value={state}
          onChange={setState}
          options={[
            { value: 'open', label: t('futures.openOrders') },
            { value: 'closed', label: t('futures.orderHistory') },
            { value: 'algo', label: t('swapAlgo.pendingTab') },
            { value: 'algoHistory', label: t('swapAlgo.historyTab') },
          ]}
        />
      </div>
      {state === 'algo' || state === 'algoHistory' ? (
        <AlgoOrders
          key={state}
          instId={instId}
          pending={state === 'algo'}
          t={(key, params) => (t as AlgoWords)(key.replace(/^algo\./, 'swapAlgo.'), params)}
        />
      ) : (
        <PagedList
          path="/v1/order/meTradeList"
          filters={{ state, instType: 'SWAP', instId }}
          pullToRefresh={false}
          skeletonRows={2}
          itemKey={(o) => o.trade_id}
          emptyTitle={t(state === 'open' ? 'futures.noOpen' : 'futures.noOrders')}
          renderItem={(o) => <OrderRow o={o} onCancel={state === 'open' ? onCancel : null} />}
        />
      )}
    </div>
  );
}

/** Closed positions with what each made. */
export function PositionHistory(): ReactNode {
  const { t } = useTranslation('futures');
  const registry = useAssets();
  return (
    <PagedList
      path="/v1/futures/positionHistory"
      filters={{}}
      pullToRefresh={false}
      skeletonRows={2}
      itemKey={(p: Closed) => p.id}
      emptyTitle={t('futures.noHistory')}
      emptyBody={t('futures.noHistoryBody')}
      renderItem={(p: Closed) => (
        <article className="record-card" data-testid="fut-closed">
          <div className="row frec__top">
            <span className={`frec__side ${p.pos_side === 'long' ? 'up' : 'down'}`}>
              {t(p.pos_side === 'long' ? 'futures.long' : 'futures.short')}
            </span>
            <span className="frec__pair">
              {pairOf(p.instId)} · {p.lever}×
            </span>
            <span className="frec__tag">{t(`futures.closeType.${p.close_type}`)}</span>
            <span className={`frec__end frec__pnl num ${tone(p.net_pnl)}`}>{signed(p.net_pnl)} USDT</span>
          </div>
          <dl className="frec__grid">
            <div>
              <dt>{t('futures.openAvg')}</dt>
              <dd className="num">{formatNumber(p.open_avg_px, 2)}</dd>
            </div>
            <div>
              <dt>{t('futures.closeAvg')}</dt>
              <dd className="num">{formatNumber(p.close_avg_px, 2)}</dd>
            </div>
            <div>
              <dt>{t('futures.maxSize')}</dt>
              <dd className="num">
                {p.max_pos} {t('futures.cont')}
              </dd>
            </div>
            <div>
              <dt>{t('futures.realized')}</dt>
              <dd className={`num ${tone(p.realized_pnl)}`}>{signed(p.realized_pnl)}</dd>
            </div>
            <div>
              <dt>{t('futures.fee')}</dt>
              <dd className="num">{registry.format(p.fee, 'USDT', EXACT)}</dd>
            </div>
            <div>
              <dt>{t('futures.funding')}</dt>
              <dd className={`num ${tone(p.funding_fee)}`}>{signed(p.funding_fee, 4)}</dd>
            </div>
            <div>
              <dt>{t('futures.compensation')}</dt>
              <dd className="num">{registry.format(p.compensation, 'USDT')}</dd>
            </div>
            <div>
              <dt>{t('futures.opened')}</dt>
              <dd className="num">{formatDateTime(p.opened_at)}</dd>
            </div>
            <div>
              <dt>{t('futures.closedAt')}</dt>
              <dd className="num">{formatDateTime(p.closed_at)}</dd>
            </div>
          </dl>
        </article>
      )}
    />
  );
}

/** Funding I paid or received, per settlement. */
export function FundingRecords(): ReactNode {
  const { t } = useTranslation('futures');
  return (
    <PagedList
      path="/v1/futures/fundingHistory"
      filters={{}}
      pullToRefresh={false}
      skeletonRows={2}
      itemKey={(f: Funding) => `${f.instId}:${f.funding_time}`}
      emptyTitle={t('futures.noFunding')}
      emptyBody={t('futures.noFundingBody')}
      renderItem={(f: Funding) => (
        <article className="record-card">
          <div className="row frec__top">
            <span className="frec__pair">
              {pairOf(f.instId)} · {t(f.pos_side === 'long' ? 'futures.long' : 'futures.short')} {f.pos}{' '}
              {t('futures.cont')}
            </span>
            <span className={`frec__end frec__pnl num ${tone(f.amount)}`}>{signed(f.amount, 4)} USDT</span>
          </div>
          <dl className="frec__grid">
            <div>
              <dt>{t('futures.fundingRate')}</dt>
              <dd className="num">{ratePercent(f.rate)}</dd>
            </div>
            <div>
              <dt>{t('futures.markPrice')}</dt>
              <dd className="num">{formatNumber(f.mark_px, 2)}</dd>
            </div>
            <div>
              <dt>{t('futures.time')}</dt>
              <dd className="num">{formatDateTime(f.funding_time)}</dd>
            </div>
          </dl>
        </article>
      )}
    />
  );
}
