import { formatDateTime } from '@nexa/contract';
import type { ReactNode } from 'react';
import { NO_BODY } from '../../api/hooks';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { timeLeft } from './shop-math';
import { OrderRow, SignedIn, USDT } from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

function Release(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const now = useNow(true, 60_000);
  return (
    <div className="page page--tight shop shop--list">
      <p className="slead">{t('shop.release.lead')}</p>
      <PagedList
        path="/api/shop/releaseOrderList"
        filters={NO_BODY}
        itemKey={(o) => o.id}
        skeletonRows={4}
        emptyTitle={t('shop.release.empty')}
        emptyBody={t('shop.release.emptyBody')}
        className="slist"
        renderItem={(o) => {
          const left = timeLeft(o.auto_confirm_at, now);
          return (
            <OrderRow
              o={o}
              side="merchant"
              extra={
                <span className="srelease num" data-testid="release-row">
                  <span>
                    {o.auto_confirm_at
                      ? t('shop.order.releaseAt', { time: formatDateTime(o.auto_confirm_at) })
                      : t('shop.release.waiting')}
                  </span>
                  <span className="srelease__sub">
                    {left ? t('shop.detail.autoLeft', { days: left.days, hours: left.hours }) : null}
                    {left ? ' · ' : ''}
                    {t('shop.release.net', { net: registry.format(o.net, USDT, EXACT) })}
                  </span>
                </span>
              }
            />
          );
        }}
      />
    </div>
  );
}

/** Release orders (/orderList): my shipped orders waiting for release (signed for, or by themselves). */
export default function ReleaseOrdersScreen(): ReactNode {
  return <SignedIn>{() => <Release />}</SignedIn>;
}
