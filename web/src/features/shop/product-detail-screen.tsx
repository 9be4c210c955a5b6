import { Button } from 'antd-mobile';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { IconRight } from '../../ui/icons';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { EmptyState, ErrorState, ScreenSkeleton } from '../../ui/states';
import { IconMerchant } from './shop-icons';
import { clampQuantity, lineTotal, maxQuantity, parseId } from './shop-math';
import {
  BottomBar,
  type ProductDetail,
  ProductImage,
  ProductStatusChip,
  QtyStepper,
  USDT,
  useRefresh,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';
import { DemoChip } from './merchant-head';

/** The product's images: swiped one by one (native scroll snapping), a counter, thumbnails that jump. */
function Gallery({ p }: { readonly p: ProductDetail }): ReactNode {
  const { t } = useTranslation('shop');
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const images = p.images;
  if (images.length === 0) {
    return (
      <div className="sgallery">
        <ProductImage src={null} alt={p.title} className="sgallery__img" />
      </div>
    );
  }
  const go = (i: number) => {
    const el = track.current;
    if (el) el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="sgallery" aria-roledescription="carousel" aria-label={t('shop.detail.images')}>
      <div
        className="sgallery__track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
        }}
      >
        {images.map((img, i) => (
          <div className="sgallery__slide" key={img.upload_id}>
            <ProductImage
              src={img.url}
              alt={t('shop.detail.imageN', { n: i + 1, total: images.length, title: p.title })}
              className="sgallery__img"
              eager={i === 0}
              width={390}
            />
          </div>
        ))}
      </div>
      {images.length > 1 ? (
        <>
          <span className="sgallery__count num" aria-hidden="true">
            {index + 1}/{images.length}
          </span>
          <div className="scroll-x sthumbs">
            {images.map((img, i) => (
              <button
                key={img.upload_id}
                type="button"
                className={i === index ? 'sthumbs__item sthumbs__item--on' : 'sthumbs__item'}
                aria-label={t('shop.detail.showImage', { n: i + 1 })}
                aria-current={i === index}
                onClick={() => go(i)}
              >
                <ProductImage src={img.url} alt="" className="sthumbs__img" width={48} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

function Detail({ p }: { readonly p: ProductDetail }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);
  const refresh = useRefresh('/api/shop/productDetail');
  const can = maxQuantity(p.stock);
  const onSale = p.status === 'on_sale';
  const quantity = clampQuantity(qty, p.stock);
  const total = lineTotal(p.price, quantity);
  return (
    <>
      <PullToRefresh onRefresh={refresh}>
        <div className="sdetail" data-testid="product-detail" data-id={p.id}>
          <Gallery p={p} />
          <section className="card sbox sdetail__main">
            <p className="sdetail__price num" data-testid="detail-price">
              {registry.format(p.price, USDT, EXACT)}
              <small> {USDT}</small>
            </p>
            <h2 className="sdetail__title">{p.title}</h2>
            <dl className="sdetail__facts">
              <div>
                <dt>{t('shop.stock')}</dt>
                <dd className="num" data-testid="detail-stock">
                  {p.stock}
                </dd>
              </div>
              <div>
                <dt>{t('shop.sold')}</dt>
                <dd className="num" data-testid="detail-sold">
                  {p.sold}
                </dd>
              </div>
              {onSale ? null : (
                <div>
                  <dt>{t('shop.status')}</dt>
                  <dd>
                    <ProductStatusChip status={p.status} />
                  </dd>
                </div>
              )}
            </dl>
          </section>
          <Link
            to={`${routePath('storeHome')}?id=${p.merchant_id}`}
            className="card sbox smerchant-link"
            data-testid="to-storefront"
          >
            <span className="icon-disc smerchant-link__icon" aria-hidden="true">
              <IconMerchant />
            </span>
            <span className="fill col">
              <span className="smerchant-link__name">
                {p.merchant.name} {p.merchant.demo ? <DemoChip /> : null}
              </span>
              {p.merchant.demo ? <span className="smerchant-link__meta">{t('shop.demo.ships')}</span> : null}
              <span className="smerchant-link__meta num">
                {t('shop.merchantFigures', { products: p.merchant.products, sales: p.merchant.sales })}
              </span>
            </span>
            <span className="smerchant-link__go">
              {t('shop.visitStore')}
              <IconRight />
            </span>
          </Link>
          <section className="card sbox" aria-labelledby="detail-desc">
            <h3 className="sbox__title" id="detail-desc">
              {t('shop.detail.description')}
            </h3>
            <p className="sdetail__desc">{p.description || t('shop.detail.noDescription')}</p>
          </section>
          {onSale && can > 0 ? (
            <section className="card sbox row">
              <span className="sbox__label">{t('shop.quantity')}</span>
              <span className="sdetail__qty-note num">{t('shop.maxPieces', { n: can })}</span>
              <QtyStepper value={quantity} stock={p.stock} onChange={setQty} />
            </section>
          ) : null}
        </div>
      </PullToRefresh>
      <BottomBar>
        <div className="fill col sbar__sum">
          <span className="sbar__label">{t('shop.total')}</span>
          <span className="sbar__value num" data-testid="detail-total">
            {total ? registry.format(total, USDT, EXACT) : '--'}
            <small> {USDT}</small>
          </span>
        </div>
        <Button
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={!onSale || can === 0}
          onClick={() => navigate(`${routePath('confirmOrder')}?id=${p.id}&qty=${quantity}`)}
          data-testid="buy-now"
        >
          {!onSale ? t('shop.notOnSale') : can === 0 ? t('shop.soldOut') : t('shop.buyNow')}
        </Button>
      </BottomBar>
    </>
  );
}

function Loaded({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('shop');
  const q = useApiQuery('/api/shop/productDetail', { id }, { handles: ['ProductNotFound'] });
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('ProductNotFound'))
      return <EmptyState title={t('shop.productNotFound')} body={t('shop.productNotFoundBody')} />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  return <Detail p={q.data} />;
}

/** Product (/productDetail?id=): images, price, stock and sales, its merchant, quantity, buy now. */
export default function ProductDetailScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (id === null)
    return <EmptyState title={t('shop.productNotFound')} body={t('shop.productNotFoundBody')} />;
  return <Loaded key={id} id={id} />;
}
