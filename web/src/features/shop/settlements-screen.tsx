import { formatDateTime } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { InlineError } from '../../ui/states';
import { usdtText } from './shop-math';
import { NO_BODY, OrderRow, SignedIn, USDT, useRefresh } from './shop-parts';
import '../../ui/balance-card.css';
import './shop.css';

/** What the settlements add up to: the net received and the platform fees (the server's totals). */
function Totals(): ReactNode {
  const { t } = useTranslation('shop');
  const head = useApiQuery('/api/shop/orderSettleLog', { page: 1, size: 1 });
  const d = head.data;
  if (!d) {
    return head.isError ? (
      <InlineError className="card sbox" onRetry={() => void head.refetch()} />
    ) : (
      <section className="card sbox" aria-busy="true">
        <Skeleton.Title animated />
      </section>
    );
  }
  return (
    <section className="card sbox ssettle" aria-label={t('shop.settle.totals')}>
      <span className="balance__label">{t('shop.settle.totalNet', { asset: USDT })}</span>
      <p className="balance__value num" data-testid="settle-total-net">
        {usdtText(d.total_net)}
      </p>
      <dl className="sfigs sfigs--2">
        <div className="sfig">
          <dt>{t('shop.settle.totalFee')}</dt>
          <dd className="num" data-testid="settle-total-fee">
            {usdtText(d.total_fee)}
          </dd>
        </div>
        <div className="sfig">
          <dt>{t('shop.settle.count')}</dt>
          <dd className="num" data-testid="settle-count">
            {d.total}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Settlements(): ReactNode {
  const { t } = useTranslation('shop');
  const refresh = useRefresh('/api/shop/orderSettleLog');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="shop">
        <Totals />
        <PagedList
          path="/api/shop/orderSettleLog"
          filters={NO_BODY}
          pullToRefresh={false}
          itemKey={(o) => o.id}
          skeletonRows={3}
          emptyTitle={t('shop.settle.empty')}
          emptyBody={t('shop.settle.emptyBody')}
          className="slist slist--flush"
          renderItem={(o) => (
            <OrderRow
              o={o}
              side="merchant"
              extra={
                <span className="ssettle__line num" data-testid="settle-row">
                  {t('shop.settle.line', { fee: usdtText(o.fee), net: usdtText(o.net) })}
                  {o.completed_at ? ` · ${formatDateTime(o.completed_at)}` : ''}
                </span>
              }
            />
          )}
        />
      </div>
    </PullToRefresh>
  );
}

/** Settlements (/storeMyItem5): each released order with its platform fee and the net received; totals on top. */
export default function SettlementsScreen(): ReactNode {
  return <SignedIn>{() => <Settlements />}</SignedIn>;
}
