import { formatDateTime } from '@nexa/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { PagedList } from '../../ui/paged-list';
import { Tabs } from '../../ui/tabs';
import type { OrderFilter } from './shop-math';
import { OrderRow, SignedIn, useShopInfo } from './shop-parts';
import './shop.css';

function MerchantOrders(): ReactNode {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [tab, setTab] = useState<`${OrderFilter}`>('1');
  const info = useShopInfo();
  const toShip = info.data?.to_ship;
  return (
    <div className="page page--tight shop shop--list">
      <Tabs
        className="stabs"
        size="m"
        value={tab}
        onChange={setTab}
        label={t('screens.order1')}
        items={[
          {
            key: '1',
            label: toShip ? t('shop.filter.shipN', { n: toShip }) : t('shop.filter.ship'),
          },
          { key: '2', label: t('shop.filter.done') },
        ]}
      />
      <PagedList
        key={tab}
        path="/api/shop/merchantOrderList"
        filters={{ status: Number(tab) }}
        itemKey={(o) => o.id}
        skeletonRows={4}
        emptyTitle={tab === '1' ? t('shop.order.noToShip') : t('shop.order.noDone')}
        emptyBody={tab === '1' ? t('shop.order.noToShipBody') : t('shop.order.noneBody')}
        className="slist"
        renderItem={(o) => (
          <OrderRow
            o={o}
            side="merchant"
            extra={
              o.status === 'shipped' && o.auto_confirm_at
                ? t('shop.order.releaseAt', { time: formatDateTime(o.auto_confirm_at) })
                : o.status === 'paid'
                  ? t('shop.order.shipTo', { region: o.address.region })
                  : undefined
            }
            action={
              o.status === 'paid' ? (
                <Button
                  color="primary"
                  size="middle"
                  className="sorder__btn"
                  onClick={() => navigate(`${routePath('shipOrder')}?id=${o.id}`)}
                  data-testid="ship-row"
                >
                  {t('shop.ship.ship')}
                </Button>
              ) : undefined
            }
          />
        )}
      />
    </div>
  );
}

/** Merchant orders (/order1): to ship or in transit, and finished; a paid order ships from its row. */
export default function MerchantOrdersScreen(): ReactNode {
  return <SignedIn>{() => <MerchantOrders />}</SignedIn>;
}
