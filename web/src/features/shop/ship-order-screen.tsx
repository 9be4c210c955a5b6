import { Button } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Field, PickerButton, TextInput } from '../../ui/form';
import { ConfirmSheet, PickerSheet } from '../../ui/sheet';
import { EmptyState, ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { parseId } from './shop-math';
import {
  AddressText,
  BottomBar,
  OrderStatusChip,
  ProductImage,
  type ShopOrder,
  SignedIn,
  USDT,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';
import { type ShipFormState, useShipForm } from './use-ship-form';

/** The order's goods: status, number, image, title, unit price and quantity. */
function ShipItem({ o }: { readonly o: ShopOrder }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
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
  );
}

/** The logistics company (picked in a sheet) and the tracking number. */
function ShipFields({
  form,
  onPickCompany,
}: {
  readonly form: ShipFormState;
  readonly onPickCompany: () => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const ids = useId();
  return (
    <section className="card sbox">
      <Field label={t('shop.ship.company')} htmlFor={`${ids}-company`} error={form.companyShown}>
        <PickerButton
          id={`${ids}-company`}
          label={t('shop.ship.company')}
          value={form.companyName}
          placeholder={t('shop.ship.prompt.company')}
          onClick={onPickCompany}
        />
      </Field>
      <Field
        label={t('shop.ship.tracking')}
        htmlFor={`${ids}-tracking`}
        error={form.trackingShown}
        hint={t('shop.ship.trackingHint')}
      >
        <TextInput
          id={`${ids}-tracking`}
          value={form.tracking}
          onChange={(v) => form.setTracking(v.replace(/\s/g, '').toUpperCase())}
          onBlur={() => form.setTouched(true)}
          placeholder={t('shop.ship.prompt.tracking')}
          maxLength={30}
          mono
        />
      </Field>
    </section>
  );
}

function ShipForm({ o }: { readonly o: ShopOrder }): ReactNode {
  const { t } = useTranslation('shop');
  const form = useShipForm(o);
  const [picking, setPicking] = useState(false);

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
        <ShipItem o={o} />
        <section className="card sbox" aria-labelledby="ship-to">
          <h2 className="sbox__title" id="ship-to">
            {t('shop.ship.to')}
          </h2>
          <AddressText a={o.address} />
        </section>
        <ShipFields form={form} onPickCompany={() => setPicking(true)} />
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={form.busy}
          onClick={form.review}
          data-testid="ship-submit"
        >
          {t('shop.ship.ship')}
        </Button>
      </BottomBar>
      <PickerSheet
        visible={picking}
        title={t('shop.ship.prompt.company')}
        value={form.company}
        onClose={() => setPicking(false)}
        onPick={form.setCompany}
        options={form.list.map((c) => ({ value: c.code, label: c.name, note: c.code }))}
      />
      <ConfirmSheet
        visible={form.sheet}
        title={t('shop.ship.confirmTitle')}
        busy={form.busy}
        onClose={() => form.setSheet(false)}
        onConfirm={() => void form.ship()}
        confirmText={t('shop.ship.ship')}
        note={t('shop.ship.confirmNote')}
        rows={[
          { label: t('shop.ship.company'), value: form.companyName ?? '--' },
          { label: t('shop.ship.tracking'), value: <span className="sheet__mono">{form.tracking}</span> },
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
      return <MissingState title={t('shop.order.notFound')} back="/order1" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  return <ShipForm o={q.data} />;
}

/** Ship order (/shipOrder?id=): the goods and where they go, the logistics company and tracking number. */
export default function ShipOrderScreen(): ReactNode {
  useTranslation('shop');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  if (id === null) return <MissingState noId back="/order1" />;
  return <SignedIn>{() => <Loaded key={id} id={id} />}</SignedIn>;
}
