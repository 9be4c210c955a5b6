import { PRODUCT_STATUSES } from '@nexa/contract';
import { Button, Switch } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { PagedList } from '../../ui/paged-list';
import { showToast } from '../../ui/toast';
import { IconEdit } from './shop-icons';
import {
  BottomBar,
  type Product,
  ProductImage,
  type ProductStatus,
  ProductStatusChip,
  SHOP_READS,
  SignedIn,
  USDT,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

type Filter = 'all' | ProductStatus;

/** One of my goods: cover, title, price, stock and sold, status; on/off sale and edit within a thumb's reach. */
function GoodsRow({
  p,
  busy,
  onToggle,
}: {
  readonly p: Product;
  readonly busy: boolean;
  readonly onToggle: (on: boolean) => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const switchable = p.status === 'on_sale' || p.status === 'off_sale';
  return (
    <article className="card sgoods" data-testid="goods-row" data-id={p.id} data-status={p.status}>
      <Link to={`${routePath('storeMyItem2')}?id=${p.id}`} className="sgoods__main">
        <ProductImage src={p.images[0]?.url} alt={p.title} className="sgoods__img" width={72} />
        <span className="fill lines">
          <span className="sgoods__title">{p.title}</span>
          <span className="sgoods__price num">
            {registry.format(p.price, USDT, EXACT)}
            <small> {USDT}</small>
          </span>
          <span className="sgoods__meta num">
            {t('shop.stockN', { n: p.stock })} · {t('shop.soldN', { n: p.sold })}
          </span>
        </span>
      </Link>
      <div className="sgoods__foot">
        {switchable ? (
          <span className="sgoods__switch-label" aria-hidden="true">
            {t('shop.goods.onSale')}
          </span>
        ) : (
          <ProductStatusChip status={p.status} />
        )}
        <span className="sgoods__actions">
          {switchable ? (
            <span className="sgoods__switch">
              <Switch
                checked={p.status === 'on_sale'}
                loading={busy}
                onChange={onToggle}
                aria-label={t('shop.goods.onSaleOf', { title: p.title })}
                data-testid="goods-toggle"
              />
            </span>
          ) : (
            <span className="sgoods__hint">
              {p.status === 'pending' ? t('shop.goods.waiting') : t('shop.goods.takenDown')}
            </span>
          )}
          <Link
            to={`${routePath('storeMyItem2')}?id=${p.id}`}
            className="sicon-btn"
            aria-label={t('shop.goods.editOne', { title: p.title })}
            data-testid="goods-edit"
          >
            <IconEdit />
          </Link>
        </span>
      </div>
    </article>
  );
}

function Goods(): ReactNode {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [toggling, setToggling] = useState<number | null>(null);
  const status = useApiMutation('/api/shop/goodsStatus', { refreshes: SHOP_READS });
  const toggle = async (p: Product, on: boolean) => {
    if (status.isPending) return;
    setToggling(p.id);
    try {
      await status.mutateAsync({ id: p.id, on_sale: on });
      showToast(on ? t('shop.goods.putOn') : t('shop.goods.putOff'));
    } catch {
      // toasted by the query client
    } finally {
      setToggling(null);
    }
  };
  return (
    <>
      <div className="page page--tight shop shop--list">
        <div className="scroll-x schips" role="tablist" aria-label={t('shop.status')}>
          {(['all', ...PRODUCT_STATUSES] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={f === filter}
              className={f === filter ? 'tap schips__item schips__item--on' : 'tap schips__item'}
              onClick={() => setFilter(f)}
              data-testid={`goods-filter-${f}`}
            >
              {f === 'all' ? t('shop.all') : t(`shop.productStatus.${f}`)}
            </button>
          ))}
        </div>
        <PagedList
          key={filter}
          path="/api/shop/merchantGoods"
          filters={filter === 'all' ? {} : { status: filter }}
          itemKey={(p) => p.id}
          skeletonRows={4}
          emptyTitle={t('shop.goods.empty')}
          emptyBody={t('shop.goods.emptyBody')}
          className="slist"
          renderItem={(p) => (
            <GoodsRow p={p} busy={toggling === p.id} onToggle={(on) => void toggle(p, on)} />
          )}
        />
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          onClick={() => navigate(routePath('storeMyItem2'))}
          data-testid="add-goods"
        >
          {t('shop.goods.add')}
        </Button>
      </BottomBar>
    </>
  );
}

/** My goods (/storeMyItem1): every status, put on or off sale, edit; add goods from the bottom. */
export default function GoodsScreen(): ReactNode {
  return <SignedIn>{() => <Goods />}</SignedIn>;
}
