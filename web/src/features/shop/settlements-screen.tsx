import { formatDateTime } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { InlineError } from '../../ui/states';
import { OrderRow, SignedIn, USDT, useRefresh } from './shop-parts';
import '../../ui/balance-card.css';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

/** What the settlements add up to: the net received and the platform fees (the server's totals). */
function Totals(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
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
        {registry.format(d.total_net, USDT, EXACT)}
      </p>
      <dl className="sfigs sfigs--2">
        <div className="sfig">
          <dt>{t('shop.settle.totalFee')}</dt>
          <dd className="num" data-testid="settle-total-fee">
            {registry.format(d.total_fee, USDT, EXACT)}
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
  const registry = useAssets();
  const refresh = useRefresh('/api/shop/orderSettleLog');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop">
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
                  {t('shop.settle.line', {
                    fee: registry.format(o.fee, USDT, EXACT),
                    net: registry.format(o.net, USDT, EXACT),
                  })}
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
