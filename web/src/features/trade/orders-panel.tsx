import { formatDateTime, formatNumber, formatUpTo } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useState } from 'react';
import { useApiInfinite, useApiMutation } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { type Translate, useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { formatPrice } from '../../lib/market-data';
import { applyOrderPush } from '../../live/orders';
import { AlgoOrders, type AlgoWords } from '../../ui/algo-orders';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { orderOutcome } from './order-outcome';

type Order = PagedItem<'/v1/order/meTradeList'>;
type Tab = 'open' | 'closed' | 'algo' | 'algoHistory';

const OrderRow = memo(function OrderRow({
  order,
  priceDecimals,
  sizeDecimals,
  canceling,
  onCancel,
}: {
  readonly order: Order;
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
  readonly canceling: boolean;
  readonly onCancel: ((order: Order) => void) | null;
}): ReactNode {
  const { t } = useTranslation('trade');
  const [base = order.instId, quote = ''] = order.instId.split('-');
  const inQuote = order.tgt_ccy === 'quote_ccy';
  const unit = inQuote ? quote : base;
  const filled = inQuote ? order.filled_quote : order.filled_sz;
  const decimals = inQuote ? 2 : sizeDecimals;
  const registry = useAssets();
  // An amount of an asset reads at the asset's one display precision (the registry's), finer decimals kept.
  const amount = (v: string, asset: string) =>
    registry.units(asset) ? registry.format(v, asset, EXACT) : formatNumber(v, decimals);
  const open = order.status === 'new' || order.status === 'partial_filled';
  // An order that ended short of its amount: what was not filled came back, and why.
  const end = orderOutcome(order, { base, quote });
  return (
    <article className="orow">
      <div className="row orow__top">
        <span className={`orow__side ${order.side === 'buy' ? 'orow__side--buy' : 'orow__side--sell'}`}>
          {t(order.side === 'buy' ? 'trade.buy' : 'trade.sell')}
        </span>
        <span className="orow__pair">
          {base}/{quote}
        </span>
        <span className="orow__type">{t(order.type === 'limit' ? 'trade.limit' : 'trade.market')}</span>
        <span className="orow__end">
          {onCancel && open ? (
            <button
              type="button"
              className="small-btn orow__cancel"
              disabled={canceling}
              onClick={() => onCancel(order)}
            >
              {canceling ? t('trade.canceling') : t('trade.cancel')}
            </button>
          ) : (
            <span className={`status-tag status-tag--${end.tone}`} data-testid="order-status">
              {end.rest === null
                ? t(`trade.status.${end.key}`)
                : t('trade.status.partialReturned', {
                    rest: amount(end.rest, end.unit),
                    unit: end.unit,
                  })}
            </span>
          )}
        </span>
      </div>
      <p className="orow__time num">{formatDateTime(order.created_at)}</p>
      <dl className="orow__grid">
        <div>
          <dt>{t('trade.priceCol', { asset: quote })}</dt>
          <dd className="num">{order.px ? formatPrice(order.px, priceDecimals) : t('trade.market')}</dd>
        </div>
        <div>
          <dt>{t('trade.filledCol', { asset: unit })}</dt>
          <dd className="num">
            {amount(filled, unit)} / {amount(order.sz, unit)}
          </dd>
        </div>
        <div>
          <dt>{t('trade.avgPrice')}</dt>
          <dd className="num">{order.avg_px ? formatPrice(order.avg_px, priceDecimals) : '--'}</dd>
        </div>
      </dl>
      {end.rest !== null ? (
        <p className="orow__note">
          {end.reason
            ? t(`trade.partialReason.${end.reason}`)
            : t('trade.unfilledNote', { rest: amount(end.rest, end.unit), unit: end.unit })}
        </p>
      ) : null}
    </article>
  );
});

/** The panel's tabs: open orders (no count until the list is in: "(0)" while loading would say there are none), history, conditional orders and their history. */
function tabItems(t: Translate<'trade'>, loading: boolean, openCount: number): { key: Tab; label: string }[] {
  return [
    {
      key: 'open',
      label: loading ? t('trade.openOrdersCount') : t('trade.openOrders', { count: openCount }),
    },
    { key: 'closed', label: t('trade.history') },
    { key: 'algo', label: t('algo.pendingTab') },
    { key: 'algoHistory', label: t('algo.historyTab') },
  ];
}

/**
 * My orders on this pair: open ones (cancel one, or all at once) and history (filled, canceled).
 * Both lists follow the `update_order` feed (see useOrderUpdates).
 */
export const OrdersPanel = memo(function OrdersPanel({
  instId,
  base,
  quote,
  priceDecimals,
  sizeDecimals,
}: {
  readonly instId: string;
  readonly base: string;
  readonly quote: string;
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
}): ReactNode {
  const { t } = useTranslation('trade');
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('open');
  const openList = useApiInfinite('/v1/order/meTradeList', { state: 'open', instId });
  const openCount = openList.data?.pages[0]?.total ?? 0;
  const cancel = useApiMutation('/v1/order/batchCancelOrder', {
    refreshes: ['/v1/order/meTradeList', '/v1/order/list', '/api/finance/userFinance'],
  });
  const [canceling, setCanceling] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const afterCancel = (list: readonly Order[]) => {
    for (const o of list) applyOrderPush(queryClient, { trade_id: o.trade_id, status: o.status });
  };

  const cancelOne = async (order: Order) => {
    if (cancel.isPending) return;
    setCanceling(order.trade_id);
    try {
      const data = await cancel.mutateAsync({ order_id: order.trade_id });
      afterCancel(data.list);
      showToast(t('trade.canceled'));
    } catch {
      // Toasted by the query client; the lists refresh either way.
    } finally {
      setCanceling(null);
    }
  };

  const cancelAll = async () => {
    if (cancel.isPending) return;
    try {
      const data = await cancel.mutateAsync({ instId });
      afterCancel(data.list);
      setConfirmAll(false);
      showToast(t('trade.canceledAll', { count: data.list.length }));
    } catch {
      // Toasted by the query client; the lists refresh either way.
    }
  };

  return (
    <section className="orders">
      <div className="orders__bar">
        <Tabs
          className="orders__tabs"
          size="m"
          items={tabItems(t, openList.isPending, openCount)}
          value={tab}
          onChange={setTab}
        />
        {tab === 'open' && openCount > 0 ? (
          <button type="button" className="small-btn orders__cancel-all" onClick={() => setConfirmAll(true)}>
            {t('trade.cancelAll')}
          </button>
        ) : null}
      </div>
      {tab === 'algo' || tab === 'algoHistory' ? (
        <AlgoOrders key={tab} instId={instId} pending={tab === 'algo'} t={t as AlgoWords} />
      ) : (
        <PagedList
          key={tab}
          path="/v1/order/meTradeList"
          filters={{ state: tab, instId }}
          pullToRefresh={false}
          skeletonRows={2}
          className="orders__list"
          emptyTitle={t(tab === 'open' ? 'trade.noOpen' : 'trade.noHistory')}
          emptyBody={t(tab === 'open' ? 'trade.noOpenBody' : 'trade.noHistoryBody')}
          itemKey={(o) => o.trade_id}
          renderItem={(o) => (
            <OrderRow
              order={o}
              priceDecimals={priceDecimals}
              sizeDecimals={sizeDecimals}
              canceling={canceling === o.trade_id}
              onCancel={tab === 'open' ? (x) => void cancelOne(x) : null}
            />
          )}
        />
      )}
      <ConfirmSheet
        visible={confirmAll}
        title={t('trade.cancelAllTitle')}
        busy={cancel.isPending}
        onClose={() => setConfirmAll(false)}
        onConfirm={() => void cancelAll()}
        confirmText={t('trade.cancelAll')}
        note={t('trade.cancelAllNote')}
        rows={[
          { label: t('trade.pair'), value: `${base}/${quote}` },
          { label: t('trade.openOrdersCount'), value: formatUpTo(String(openCount)) },
        ]}
      />
    </section>
  );
});
