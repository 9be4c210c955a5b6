import { Button } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { Field, PickerButton, TextInput } from '../../ui/form';
import { ConfirmSheet, PickerSheet } from '../../ui/sheet';
import { EmptyState, ErrorState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { isTracking, parseId } from './shop-math';
import {
  AddressText,
  BottomBar,
  NO_BODY,
  OrderStatusChip,
  ProductImage,
  SHOP_READS,
  type ShopOrder,
  SignedIn,
  USDT,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

function ShipForm({ o }: { readonly o: ShopOrder }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const ids = useId();
  const navigate = useNavigate();
  const companies = useApiQuery('/api/shop/companyList', NO_BODY);
  const [company, setCompany] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState(false);
  const [picking, setPicking] = useState(false);
  const [sheet, setSheet] = useState(false);
  const deliver = useApiMutation('/api/shop/orderDelivery', { refreshes: SHOP_READS });
  const list = companies.data?.list ?? [];
  const companyName = list.find((c) => c.code === company)?.name ?? null;

  const companyError = company === null ? t('shop.ship.prompt.company') : null;
  const trackingError =
    tracking.trim() === ''
      ? t('shop.ship.prompt.tracking')
      : isTracking(tracking)
        ? null
        : t('shop.ship.trackingInvalid');

  const review = () => {
    setTried(true);
    if (companyError || trackingError) return;
    setSheet(true);
  };
  const ship = async () => {
    if (!company || deliver.isPending) return;
    try {
      await deliver.mutateAsync({ order_id: o.id, company, tracking: tracking.trim() });
    } catch {
      setSheet(false);
      return; // toasted by the query client
    }
    setSheet(false);
    showToast(t('shop.ship.done'));
    navigate(`${routePath('orderDetail')}?id=${o.id}`, { replace: true });
  };

  if (o.status !== 'paid') {
    return (
      <EmptyState
        title={t('shop.ship.notPaid')}
        body={t('shop.ship.notPaidBody', { status: t(`shop.orderStatus.${o.status}`) })}
      />
    );
  }

  return (
    <>
      <div className="page page--tight shop">
        <section className="card sbox" aria-label={t('shop.confirm.item')}>
          <div className="row row--between sorderd__hero-top">
            <OrderStatusChip status={o.status} side="merchant" />
            <span className="sorderd__no num">{t('shop.order.no', { id: o.id })}</span>
          </div>
          <div className="sconfirm__item">
            <ProductImage src={o.image} alt={o.title} className="sconfirm__img" width={72} eager />
            <span className="fill lines">
              <span className="sconfirm__title">{o.title}</span>
              <span className="sconfirm__price num">
                {registry.format(o.unit_price, USDT, EXACT)} {USDT} × {o.quantity}
              </span>
            </span>
          </div>
        </section>
        <section className="card sbox" aria-labelledby="ship-to">
          <h2 className="sbox__title" id="ship-to">
            {t('shop.ship.to')}
          </h2>
          <AddressText a={o.address} />
        </section>
        <section className="card sbox">
          <Field
            label={t('shop.ship.company')}
            htmlFor={`${ids}-company`}
            error={tried ? companyError : null}
          >
            <PickerButton
              id={`${ids}-company`}
              label={t('shop.ship.company')}
              value={companyName}
              placeholder={t('shop.ship.prompt.company')}
              onClick={() => setPicking(true)}
            />
          </Field>
          <Field
            label={t('shop.ship.tracking')}
            htmlFor={`${ids}-tracking`}
            error={tried || touched ? trackingError : null}
            hint={t('shop.ship.trackingHint')}
          >
            <TextInput
              id={`${ids}-tracking`}
              value={tracking}
              onChange={(v) => setTracking(v.replace(/\s/g, '').toUpperCase())}
              onBlur={() => setTouched(true)}
              placeholder={t('shop.ship.prompt.tracking')}
              maxLength={30}
              mono
            />
          </Field>
        </section>
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={deliver.isPending}
          onClick={review}
          data-testid="ship-submit"
        >
          {t('shop.ship.ship')}
        </Button>
      </BottomBar>
      <PickerSheet
        visible={picking}
        title={t('shop.ship.prompt.company')}
        value={company}
        onClose={() => setPicking(false)}
        onPick={setCompany}
        options={list.map((c) => ({ value: c.code, label: c.name, note: c.code }))}
      />
      <ConfirmSheet
        visible={sheet}
        title={t('shop.ship.confirmTitle')}
        busy={deliver.isPending}
        onClose={() => setSheet(false)}
        onConfirm={() => void ship()}
        confirmText={t('shop.ship.ship')}
        note={t('shop.ship.confirmNote')}
        rows={[
          { label: t('shop.ship.company'), value: companyName ?? '--' },
          { label: t('shop.ship.tracking'), value: <span className="sheet__mono">{tracking}</span> },
          { label: t('shop.ship.to'), value: `${o.address.name} · ${o.address.region}` },
        ]}
      />
    </>
  );
}

function Loaded({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('shop');
  const q = useApiQuery('/v1/shop/orderDetail', { order_id: id }, { handles: ['ShopOrderNotFound'] });
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('ShopOrderNotFound'))
      return <EmptyState title={t('shop.order.notFound')} />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  return <ShipForm o={q.data} />;
}

/** Ship order (/shipOrder?id=): the goods and where they go, the logistics company and tracking number. */
export default function ShipOrderScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (id === null) return <EmptyState title={t('shop.order.notFound')} />;
  return <SignedIn>{() => <Loaded key={id} id={id} />}</SignedIn>;
}
