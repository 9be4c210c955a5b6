import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiFailure, NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { EmptyState, ErrorState, ScreenSkeleton } from '../../ui/states';
import { MerchantHead } from './merchant-head';
import { IconMerchant, IconTruck } from './shop-icons';
import { BottomBar, Figure, ShopLink, SignedIn, USDT, useRefresh, useShopInfo } from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

function Info(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const navigate = useNavigate();
  const q = useApiQuery('/api/shop/merchantInfo', NO_BODY, { handles: ['MerchantNotFound'] });
  const info = useShopInfo();
  const settled = useApiQuery('/api/shop/orderSettleLog', { page: 1, size: 1 });
  const refresh = useRefresh('/api/shop/merchantInfo', '/api/shop/uinfo', '/api/shop/orderSettleLog');
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('MerchantNotFound')) {
      return (
        <>
          <EmptyState title={t('shop.info.none')} body={t('shop.info.noneBody')} />
          <BottomBar>
            <Button
              block
              color="primary"
              size="large"
              className="sbar__btn"
              onClick={() => navigate(routePath('store1'))}
            >
              {t('screens.store1')}
            </Button>
          </BottomBar>
        </>
      );
    }
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const m = q.data;
  const i = info.data;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop" data-testid="store-info">
        <MerchantHead m={m} mine />
        <section className="card sbox" aria-labelledby="info-figures">
          <h2 className="sbox__title" id="info-figures">
            {t('shop.info.figures')}
          </h2>
          <dl className="sfigs sfigs--2">
            <Figure label={t('shop.info.toShip')} value={i ? i.to_ship : '--'} testId="info-to-ship" />
            <Figure
              label={t('shop.wallet.balance', { asset: USDT })}
              value={i ? registry.format(i.balance, USDT) : '--'}
              testId="info-balance"
            />
            <Figure
              label={t('shop.settle.totalNet', { asset: USDT })}
              value={settled.data ? registry.format(settled.data.total_net, USDT, EXACT) : '--'}
              testId="info-settled"
            />
            <Figure
              label={t('shop.settle.totalFee')}
              value={settled.data ? registry.format(settled.data.total_fee, USDT, EXACT) : '--'}
            />
          </dl>
        </section>
        <nav className="card link-rows" aria-label={t('shop.merchant.tools')}>
          <ShopLink to="storeHome" search={`?id=${m.id}`} icon={<IconMerchant />} />
          <ShopLink to="order1" icon={<IconTruck />} />
        </nav>
      </div>
    </PullToRefresh>
  );
}

/** Merchant info (/storeInfo): my merchant profile (name, intro, status) and its figures. */
export default function MerchantInfoScreen(): ReactNode {
  return <SignedIn>{() => <Info />}</SignedIn>;
}
