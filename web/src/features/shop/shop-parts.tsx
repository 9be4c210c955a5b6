import {
  type EndpointPath,
  formatDateTime,
  type PRODUCT_SORTS,
  type PRODUCT_STATUSES,
  type ResponseData,
} from '@nexa/contract';

import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { apiAddress } from '../../api/address';
import { invalidateApi, NO_BODY, useApiQuery } from '../../api/hooks';
import type { PagedItem, PageFilters } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { LinkRow } from '../../ui/link-row';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { IconImage, IconMinus, IconPlus } from './shop-icons';
import { type MerchantStatus, maxQuantity, type OrderStatus } from './shop-math';

export type Product = PagedItem<'/api/shop/productList'>;
export type ProductDetail = ResponseData<'/api/shop/productDetail'>;
export type Merchant = ResponseData<'/api/shop/merchantInfo'>;
export type ShopOrder = ResponseData<'/v1/shop/orderDetail'>;
export type ShopAddress = PagedItem<'/api/shop/addressList'>;
export type ShopInfo = ResponseData<'/api/shop/uinfo'>;
export type ShopConfig = ResponseData<'/api/shop/config'>;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const USDT = 'USDT';

/** Every read of the shop a change may touch: what a shop call refreshes once it settles. */
export const SHOP_READS: readonly EndpointPath[] = [
  '/api/shop/uinfo',
  '/api/shop/productList',
  '/api/shop/productDetail',
  '/api/shop/merchantInfo',
  '/api/shop/merchantGoods',
  '/api/shop/buyerOrderList',
  '/api/shop/merchantOrderList',
  '/api/shop/releaseOrderList',
  '/api/shop/orderSettleLog',
  '/api/shop/saleRecord',
  '/v1/shop/orderDetail',
  '/api/shop/rechargeLog',
  '/api/shop/withdrawalList',
  '/api/shop/dividend',
  '/api/shop/dividendLog',
  '/v1/shop/dividendRanking',
  '/api/shop/ranking',
];

/** My shop account: balance, held, VIP, my merchant, my orders by state. */
export function useShopInfo(enabled = true) {
  return useApiQuery('/api/shop/uinfo', NO_BODY, { enabled });
}

/** The shop's terms (fees, rates, days). */
export function useShopConfig() {
  return useApiQuery('/api/shop/config', NO_BODY);
}

export function useCategories() {
  return useApiQuery('/api/shop/categoryList', NO_BODY);
}

/** Asks again for the given reads (a whole screen, on a pull). */
export function useRefresh(...paths: readonly EndpointPath[]): () => Promise<void> {
  const client = useQueryClient();
  return () => invalidateApi(client, ...paths);
}

/** A screen that needs a session: its body, or the shop's sign-in prompt in place. */
export function SignedIn({ children }: { readonly children: () => ReactNode }): ReactNode {
  const { t } = useTranslation('shop');
  const { token } = useSession();
  return token ? children() : <SignInPrompt title={t('shop.signInTitle')} body={t('shop.signInBody')} />;
}

/**
 * A product image: loaded lazily (only when it nears the screen), decoded off the main thread, in a box of
 * fixed aspect ratio (no jump as it arrives) and cropped to fill it; a drawn placeholder when there is none.
 */
export function ProductImage({
  src,
  alt,
  className,
  eager,
  width = 180,
}: {
  readonly src: string | null | undefined;
  readonly alt: string;
  readonly className?: string;
  /** The first, visible image of a page (no lazy loading). */
  readonly eager?: boolean;
  /** The width it shows at, in CSS pixels (for the browser's layout before it loads). */
  readonly width?: number;
}): ReactNode {
  const [failed, setFailed] = useState(false);
  const cls = className ? `simg ${className}` : 'simg';
  if (!src || failed) {
    return (
      <span className={`${cls} simg--none`} role="img" aria-label={alt}>
        <IconImage />
      </span>
    );
  }
  return (
    <span className={cls}>
      <img
        className="cover"
        src={apiAddress(src)}
        alt={alt}
        width={width}
        height={width}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </span>
  );
}

/** One product in a grid: cover, title on two lines, price, sold. */
export function ProductTile({ p }: { readonly p: Product }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <Link
      to={`${routePath('productDetail')}?id=${p.id}`}
      className="stile"
      data-testid="product-tile"
      data-id={p.id}
    >
      <ProductImage src={p.images[0]?.url} alt={p.title} className="stile__img" />
      <span className="stile__body">
        <span className="stile__title">{p.title}</span>
        <span className="stile__foot">
          <span className="stile__price num">
            {registry.format(p.price, USDT, EXACT)}
            <small> {USDT}</small>
          </span>
          <span className="stile__sold num">{t('shop.soldN', { n: p.sold })}</span>
        </span>
      </span>
    </Link>
  );
}

/** Products on sale as a two-column grid, paged as it scrolls. */
export function ProductGrid({
  filters,
  emptyTitle,
  emptyBody,
  pullToRefresh,
}: {
  readonly filters: PageFilters<'/api/shop/productList'>;
  readonly emptyTitle: string;
  readonly emptyBody?: string;
  readonly pullToRefresh?: boolean;
}): ReactNode {
  return (
    <PagedList
      path="/api/shop/productList"
      filters={filters}
      itemKey={(p) => p.id}
      skeletonRows={4}
      emptyTitle={emptyTitle}
      {...(emptyBody ? { emptyBody } : {})}
      pullToRefresh={pullToRefresh ?? false}
      className="sgrid"
      renderItem={(p) => <ProductTile p={p} />}
    />
  );
}

const SORTS: readonly ProductSort[] = ['newest', 'sales', 'price_asc', 'price_desc'];

/** Newest · Sales · Price ↑ · Price ↓. */
export function SortBar({
  value,
  onChange,
}: {
  readonly value: ProductSort;
  readonly onChange: (sort: ProductSort) => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <fieldset className="ssort">
      <legend className="visually-hidden">{t('shop.sortBy')}</legend>
      {SORTS.map((s) => (
        <button
          key={s}
          type="button"
          className={s === value ? 'tap ssort__item ssort__item--on' : 'tap ssort__item'}
          aria-pressed={s === value}
          onClick={() => onChange(s)}
          data-testid={`sort-${s}`}
        >
          {t(`shop.sort.${s}`)}
        </button>
      ))}
    </fieldset>
  );
}

const ORDER_TONE: Readonly<Record<OrderStatus, string>> = {
  paid: 'warning',
  shipped: 'brand',
  completed: 'success',
  canceled: 'muted',
};

export function OrderStatusChip({
  status,
  side = 'buyer',
}: {
  readonly status: OrderStatus;
  /** A paid order is "to ship" for its merchant. */
  readonly side?: 'buyer' | 'merchant';
}): ReactNode {
  const { t } = useTranslation('shop');
  const label =
    side === 'merchant' && status === 'paid' ? t('shop.orderStatus.toShip') : t(`shop.orderStatus.${status}`);
  return (
    <span className={`schip schip--${ORDER_TONE[status]}`} data-testid="order-status" data-status={status}>
      {label}
    </span>
  );
}

const PRODUCT_TONE: Readonly<Record<ProductStatus, string>> = {
  pending: 'warning',
  on_sale: 'success',
  off_sale: 'muted',
  taken_down: 'danger',
};

export function ProductStatusChip({ status }: { readonly status: ProductStatus }): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <span className={`schip schip--${PRODUCT_TONE[status]}`} data-testid="goods-status" data-status={status}>
      {t(`shop.productStatus.${status}`)}
    </span>
  );
}

const MERCHANT_TONE: Readonly<Record<MerchantStatus, string>> = {
  pending: 'warning',
  approved: 'brand',
  active: 'success',
  rejected: 'danger',
  suspended: 'danger',
};

export function MerchantStatusChip({ status }: { readonly status: MerchantStatus }): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <span
      className={`schip schip--${MERCHANT_TONE[status]}`}
      data-testid="merchant-status"
      data-status={status}
    >
      {t(`shop.merchantStatus.${status}`)}
    </span>
  );
}

/**
 * One order in a list: the shop and its status, the product (image, title, pieces × price), the amount; it
 * opens the order. `extra` adds a line under it (a release time, the net received) and `action` a button.
 */
export function OrderRow({
  o,
  side,
  extra,
  action,
}: {
  readonly o: ShopOrder;
  readonly side: 'buyer' | 'merchant';
  readonly extra?: ReactNode;
  readonly action?: ReactNode;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <article className="sorder" data-testid="order-row" data-id={o.id} data-status={o.status}>
      <Link to={`${routePath('orderDetail')}?id=${o.id}`} className="sorder__link">
        <span className="list-row__top">
          <span className="sorder__who">
            {side === 'buyer' ? o.merchant_name : t('shop.order.to', { name: o.address.name })}
          </span>
          <OrderStatusChip status={o.status} side={side} />
        </span>
        <span className="sorder__body">
          <ProductImage src={o.image} alt={o.title} className="sorder__img" width={64} />
          <span className="fill lines">
            <span className="sorder__title">{o.title}</span>
            <span className="sorder__meta num">
              {registry.format(o.unit_price, USDT, EXACT)} × {o.quantity}
            </span>
            <span className="sorder__time num">
              {t('shop.order.no', { id: o.id })} · {formatDateTime(o.created_at)}
            </span>
          </span>
          <span className="sorder__amount num" data-testid="order-amount">
            {registry.format(o.amount, USDT, EXACT)}
            <small> {USDT}</small>
          </span>
        </span>
      </Link>
      {extra || action ? (
        <div className="sorder__foot">
          <span className="sorder__extra">{extra}</span>
          {action}
        </div>
      ) : null}
    </article>
  );
}

/** A row that leads to another shop screen, named by that screen's title. */
export function ShopLink({ to, ...row }: Omit<ComponentProps<typeof LinkRow>, 'title'>): ReactNode {
  const { t } = useTranslation('shop');
  return <LinkRow to={to} title={t(`screens.${to}`)} {...row} />;
}

/** − n + with big touch targets; n stays between 1 and what can be bought. */
export function QtyStepper({
  value,
  stock,
  onChange,
  disabled,
}: {
  readonly value: number;
  readonly stock: number;
  readonly onChange: (n: number) => void;
  readonly disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation('shop');
  const max = maxQuantity(stock);
  return (
    <div className="sstep" data-testid="qty">
      <button
        type="button"
        className="sstep__btn"
        aria-label={t('shop.qtyLess')}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
        data-testid="qty-less"
      >
        <IconMinus />
      </button>
      <output className="sstep__value num" aria-live="polite" data-testid="qty-value">
        {value}
      </output>
      <button
        type="button"
        className="sstep__btn"
        aria-label={t('shop.qtyMore')}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
        data-testid="qty-more"
      >
        <IconPlus />
      </button>
    </div>
  );
}

/**
 * The bar fixed at the bottom of a screen that holds its primary action, in reach of a thumb. The screen's
 * body keeps room for it below its content (shop.css), wherever in the screen the bar is declared.
 */
export function BottomBar({ children }: { readonly children: ReactNode }): ReactNode {
  return <div className="sbar">{children}</div>;
}

/** Who receives, their phone, and where. */
export function AddressText({
  a,
}: {
  readonly a: {
    readonly name: string;
    readonly phone: string;
    readonly region: string;
    readonly detail: string;
  };
}): ReactNode {
  return (
    <span className="saddr">
      <span className="saddr__who">
        <span className="saddr__name">{a.name}</span>
        <span className="saddr__phone num">{a.phone}</span>
      </span>
      <span className="saddr__where">
        {a.region} {a.detail}
      </span>
    </span>
  );
}

/** A figure with its name above it, in a grid of figures. */
export function Figure({
  label,
  value,
  testId,
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly testId?: string;
}): ReactNode {
  return (
    <div className="sfig">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
