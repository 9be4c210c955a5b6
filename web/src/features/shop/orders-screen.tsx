import { formatDateTime } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { Tabs } from '../../ui/tabs';
import type { OrderFilter } from './shop-math';
import { OrderRow, SignedIn, useShopInfo } from './shop-parts';
import './shop.css';

function Orders(): ReactNode {
  const { t } = useTranslation('shop');
  const [tab, setTab] = useState<`${OrderFilter}`>('1');
  const info = useShopInfo();
  const counts = info.data;
  return (
    <div className="page page--tight shop shop--list">
      <Tabs
        className="stabs"
        size="m"
        value={tab}
        onChange={setTab}
        label={t('screens.order')}
        items={[
          {
            key: '1',
            label: counts ? t('shop.filter.openN', { n: counts.orders_open }) : t('shop.filter.open'),
          },
          {
            key: '2',
            label: counts ? t('shop.filter.doneN', { n: counts.orders_done }) : t('shop.filter.done'),
          },
        ]}
      />
      <PagedList
        key={tab}
        path="/api/shop/buyerOrderList"
        filters={{ status: Number(tab) }}
        itemKey={(o) => o.id}
        skeletonRows={4}
        emptyTitle={tab === '1' ? t('shop.order.noOpen') : t('shop.order.noDone')}
        emptyBody={t('shop.order.noneBody')}
        className="slist"
        renderItem={(o) => (
          <OrderRow
            o={o}
            side="buyer"
            extra={
              o.status === 'shipped' && o.auto_confirm_at
                ? t('shop.order.autoAt', { time: formatDateTime(o.auto_confirm_at) })
                : undefined
            }
          />
        )}
      />
    </div>
  );
}

/** My orders (/order): as a buyer, in progress (paid, shipped) or finished (completed, canceled). */
export default function OrdersScreen(): ReactNode {
  return <SignedIn>{() => <Orders />}</SignedIn>;
}
