import type { ReactNode } from 'react';
import { NO_BODY } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { SignedIn, USDT } from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

/** Sales (/storeMyItem4): my merchant's sales per platform day: orders, pieces, amount. */
export default function SalesScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <SignedIn>
      {() => (
        <div className="page page--tight shop shop--list">
          <div className="scols" aria-hidden="true">
            <span>{t('shop.sales.day')}</span>
            <span>{t('shop.sales.orders')}</span>
            <span>{t('shop.sales.pieces')}</span>
            <span>{t('shop.sales.amount', { asset: USDT })}</span>
          </div>
          <PagedList
            path="/api/shop/saleRecord"
            filters={NO_BODY}
            itemKey={(r) => r.day}
            emptyTitle={t('shop.sales.empty')}
            emptyBody={t('shop.sales.emptyBody')}
            renderItem={(r) => (
              <div className="scols scols--row" data-testid="sale-row">
                <span className="num">{r.day}</span>
                <span className="num">{r.orders}</span>
                <span className="num">{r.pieces}</span>
                <span className="num scols__strong" data-testid="sale-amount">
                  {registry.format(r.amount, USDT, EXACT)}
                </span>
              </div>
            )}
          />
        </div>
      )}
    </SignedIn>
  );
}
