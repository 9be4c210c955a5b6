import { formatDateTime } from '@nexa/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { copyText } from '../../ui/copy';
import { IconCopy, IconRight } from '../../ui/icons';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { IconTruck } from './shop-icons';
import { orderActions, orderRole, orderTimeline, parseId, timeLeft } from './shop-math';
import {
  AddressText,
  BottomBar,
  OrderStatusChip,
  ProductImage,
  SHOP_READS,
  type ShopOrder,
  SignedIn,
  USDT,
  useRefresh,
  useShopInfo,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

/** The order's way so far: placed, shipped, completed (or canceled), each with its time. */
function Timeline({ o }: { readonly o: ShopOrder }): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <ol className="stimeline" aria-label={t('shop.detail.timeline')}>
      {orderTimeline(o).map((s) => (
        <li
          key={s.key}
          className={`stimeline__step${s.done ? ' stimeline__step--done' : ''}${s.current ? ' stimeline__step--current' : ''}${s.key === 'canceled' ? ' stimeline__step--canceled' : ''}`}
          data-testid="timeline-step"
          data-step={s.key}
          data-done={s.done}
        >
          <span className="stimeline__dot" aria-hidden="true" />
          <span className="stimeline__name">{t(`shop.step.${s.key}`)}</span>
          <span className="stimeline__time num">{s.at ? formatDateTime(s.at) : '--'}</span>
        </li>
      ))}
    </ol>
  );
}

/** What the order's status means for me, in one sentence. */
function StatusNote({ o, role }: { readonly o: ShopOrder; readonly role: 'buyer' | 'merchant' }): ReactNode {
  const { t } = useTranslation('shop');
  const time = o.auto_confirm_at ? formatDateTime(o.auto_confirm_at) : '--';
  const text =
    o.status === 'paid'
      ? role === 'buyer'
        ? t('shop.detail.note.paidBuyer')
        : t('shop.detail.note.paidMerchant')
      : o.status === 'shipped'
        ? role === 'buyer'
          ? t('shop.detail.note.shippedBuyer', { time })
          : t('shop.detail.note.shippedMerchant', { time })
        : o.status === 'completed'
          ? role === 'buyer'
            ? t('shop.detail.note.completedBuyer')
            : t('shop.detail.note.completedMerchant')
          : t('shop.detail.note.canceled');
  return (
    <p className="sorderd__note" data-testid="status-note">
      {text}
    </p>
  );
}

/** Where the parcel is: the company, the tracking number (copied with a tap), when it shipped and confirms itself. */
function Logistics({ o }: { readonly o: ShopOrder }): ReactNode {
  const { t } = useTranslation('shop');
  const companies = useApiQuery('/api/shop/companyList', NO_BODY, { enabled: o.company !== null });
  /** The company as people read it (an order names it by its code). */
  const companyName = (code: string | null) =>
    code === null ? '--' : (companies.data?.list.find((c) => c.code === code)?.name ?? code);
  return (
    <section className="card sbox" aria-labelledby="order-logistics">
      <h2 className="sbox__title" id="order-logistics">
        <IconTruck className="sbox__title-icon" /> {t('shop.detail.logistics')}
      </h2>
      <dl className="info-rows">
        <div className="info-rows__row">
          <dt>{t('shop.ship.company')}</dt>
          <dd data-testid="order-company">{companyName(o.company)}</dd>
        </div>
        <div className="info-rows__row">
          <dt>{t('shop.ship.tracking')}</dt>
          <dd className="sorderd__tracking num">
            <span data-testid="order-tracking">{o.tracking ?? '--'}</span>
            {o.tracking ? (
              <button
                type="button"
                className="hash__copy"
                onClick={() => void copyText(o.tracking ?? '')}
                aria-label={t('shop.detail.copyTracking')}
              >
                <IconCopy />
              </button>
            ) : null}
          </dd>
        </div>
        {o.shipped_at ? (
          <div className="info-rows__row">
            <dt>{t('shop.step.shipped')}</dt>
            <dd className="num">{formatDateTime(o.shipped_at)}</dd>
          </div>
        ) : null}
        {o.auto_confirm_at && o.status === 'shipped' ? (
          <div className="info-rows__row">
            <dt>{t('shop.detail.autoConfirm')}</dt>
            <dd className="num" data-testid="auto-confirm-at">
              {formatDateTime(o.auto_confirm_at)}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The shop and the item bought, its price and quantity, and what was paid (a merchant sees the fee and net). */
function OrderItem({ o, role }: { readonly o: ShopOrder; readonly role: 'buyer' | 'merchant' }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <section className="card sbox" aria-labelledby="order-item">
      <h2 className="visually-hidden" id="order-item">
        {t('shop.confirm.item')}
      </h2>
      <Link
        to={`${routePath('storeHome')}?id=${o.merchant_id}`}
        className="sorderd__merchant"
        data-testid="order-merchant"
      >
        <span>{o.merchant_name}</span>
        <IconRight />
      </Link>
      <Link to={`${routePath('productDetail')}?id=${o.product_id}`} className="sconfirm__item">
        <ProductImage src={o.image} alt={o.title} className="sconfirm__img" width={72} eager />
        <span className="fill lines">
          <span className="sconfirm__title">{o.title}</span>
          <span className="sconfirm__price num">
            {registry.format(o.unit_price, USDT, EXACT)} {USDT} × {o.quantity}
          </span>
        </span>
      </Link>
      <InfoRows
        className="sconfirm__rows"
        rows={[
          {
            label: t('shop.confirm.unitPrice'),
            value: `${registry.format(o.unit_price, USDT, EXACT)} ${USDT}`,
          },
          { label: t('shop.quantity'), value: String(o.quantity) },
          ...(role === 'merchant'
            ? [
                {
                  label: t('shop.settle.fee'),
                  value: `${registry.format(o.fee, USDT, EXACT)} ${USDT}`,
                },
                {
                  label: t('shop.settle.net'),
                  value: `${registry.format(o.net, USDT, EXACT)} ${USDT}`,
                },
              ]
            : []),
          {
            label:
              o.status === 'canceled'
                ? t('shop.detail.refunded')
                : role === 'buyer'
                  ? t('shop.detail.paid')
                  : t('shop.detail.amount'),
            value: (
              <span data-testid="detail-amount">{`${registry.format(o.amount, USDT, EXACT)} ${USDT}`}</span>
            ),
            strong: true,
          },
        ]}
      />
    </section>
  );
}

/** The order's actions at the bottom: cancel, sign for, ship (as the order and the role allow). */
function OrderBar({
  o,
  can,
  onOpen,
}: {
  readonly o: ShopOrder;
  readonly can: ReturnType<typeof orderActions>;
  readonly onOpen: (sheet: 'sign' | 'cancel') => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  return (
    <BottomBar>
      {can.cancel ? (
        <Button
          size="large"
          fill="outline"
          className="sbar__btn sbar__btn--ghost"
          onClick={() => onOpen('cancel')}
          data-testid="cancel-order"
        >
          {t('shop.detail.cancel')}
        </Button>
      ) : null}
      {can.signFor ? (
        <Button
          color="primary"
          size="large"
          className="sbar__btn"
          onClick={() => onOpen('sign')}
          data-testid="sign-for"
        >
          {t('shop.detail.signFor')}
        </Button>
      ) : null}
      {can.ship ? (
        <Button
          color="primary"
          size="large"
          className="sbar__btn"
          onClick={() => navigate(`${routePath('shipOrder')}?id=${o.id}`)}
          data-testid="ship"
        >
          {t('shop.ship.ship')}
        </Button>
      ) : null}
    </BottomBar>
  );
}

function Detail({
  o,
  myMerchantId,
}: {
  readonly o: ShopOrder;
  readonly myMerchantId: number | null;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const role = orderRole(o, myMerchantId);
  const can = orderActions(o.status, role);
  const [sheet, setSheet] = useState<'sign' | 'cancel' | null>(null);
  const refresh = useRefresh('/v1/shop/orderDetail', '/api/shop/uinfo');
  const signFor = useApiMutation('/api/shop/signFor', {
    refreshes: [...SHOP_READS, '/api/finance/userFinance'],
  });
  const cancel = useApiMutation('/v1/shop/cancelOrder', {
    refreshes: [...SHOP_READS, '/api/finance/userFinance'],
  });
  const busy = signFor.isPending || cancel.isPending;
  const now = useNow(o.status === 'shipped', 60_000);
  const left = o.status === 'shipped' ? timeLeft(o.auto_confirm_at, now) : null;

  const act = async () => {
    if (busy || !sheet) return;
    try {
      if (sheet === 'sign') {
        await signFor.mutateAsync({ order_id: o.id });
        showToast(t('shop.detail.signed'));
      } else {
        await cancel.mutateAsync({ order_id: o.id });
        showToast(t('shop.detail.canceled'));
      }
      setSheet(null);
    } catch {
      // Toasted by the query client; the sheet stays for a retry.
    }
  };

  const hasBar = can.cancel || can.signFor || can.ship;
  return (
    <>
      <PullToRefresh onRefresh={refresh}>
        <div
          className="page page--tight shop sorderd"
          data-testid="order-detail"
          data-status={o.status}
          data-role={role}
        >
          <section className={`card sbox sorderd__hero sorderd__hero--${o.status}`}>
            <div className="row row--between sorderd__hero-top">
              <OrderStatusChip status={o.status} side={role} />
              <span className="sorderd__no num">{t('shop.order.no', { id: o.id })}</span>
            </div>
            <StatusNote o={o} role={role} />
            {left ? (
              <p className="sorderd__left num" data-testid="auto-left">
                {t('shop.detail.autoLeft', { days: left.days, hours: left.hours })}
              </p>
            ) : null}
            <Timeline o={o} />
          </section>

          {o.company || o.tracking ? <Logistics o={o} /> : null}

          <section className="card sbox" aria-labelledby="order-address">
            <h2 className="sbox__title" id="order-address">
              {t('shop.confirm.deliverTo')}
            </h2>
            <AddressText a={o.address} />
          </section>

          <OrderItem o={o} role={role} />

          <section className="card sbox">
            <InfoRows
              rows={[
                { label: t('shop.detail.orderNo'), value: String(o.id) },
                { label: t('shop.step.placed'), value: formatDateTime(o.created_at) },
                ...(o.completed_at
                  ? [{ label: t('shop.step.completed'), value: formatDateTime(o.completed_at) }]
                  : []),
                ...(o.canceled_at
                  ? [{ label: t('shop.step.canceled'), value: formatDateTime(o.canceled_at) }]
                  : []),
              ]}
            />
          </section>
        </div>
      </PullToRefresh>
      {hasBar ? <OrderBar o={o} can={can} onOpen={setSheet} /> : null}
      <ConfirmSheet
        visible={sheet !== null}
        title={sheet === 'cancel' ? t('shop.detail.cancelTitle') : t('shop.detail.signTitle')}
        busy={busy}
        onClose={() => setSheet(null)}
        onConfirm={() => void act()}
        confirmText={sheet === 'cancel' ? t('shop.detail.cancelConfirm') : t('shop.detail.signConfirm')}
        note={sheet === 'cancel' ? t('shop.detail.cancelNote') : t('shop.detail.signNote')}
        rows={[
          { label: t('shop.confirm.item'), value: `${o.title} × ${o.quantity}` },
          {
            label: sheet === 'cancel' ? t('shop.detail.refund') : t('shop.detail.release'),
            value: `${registry.format(o.amount, USDT, EXACT)} ${USDT}`,
            strong: true,
          },
        ]}
      />
    </>
  );
}

function Loaded({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('shop');
  const info = useShopInfo();
  const q = useApiQuery('/v1/shop/orderDetail', { order_id: id }, { handles: ['ShopOrderNotFound'] });
  if (!q.data || (!info.data && !info.isError)) {
    if (q.error instanceof ApiFailure && q.error.is('ShopOrderNotFound'))
      return <MissingState title={t('shop.order.notFound')} back="/order" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  return <Detail o={q.data} myMerchantId={info.data?.merchant?.id ?? null} />;
}

/**
 * Order detail (/orderDetail?id=): its status and timeline, logistics and tracking, when it completes by
 * itself, address, goods and amount; the buyer signs for it or cancels it before it ships, the merchant ships.
 */
export default function OrderDetailScreen(): ReactNode {
  useTranslation('shop');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (id === null) return <MissingState noId back="/order" />;
  return <SignedIn>{() => <Loaded key={id} id={id} />}</SignedIn>;
}
