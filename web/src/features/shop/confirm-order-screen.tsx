import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, invalidateApi, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { RequestIds } from '../../lib/request-id';
import { routePath } from '../../paths';
import { IconAlert, IconRight } from '../../ui/icons';
import { PickerSheet } from '../../ui/sheet';
import { EmptyState, ErrorState, InlineError, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { IconPin } from './shop-icons';
import { clampQuantity, lineTotal, maxQuantity, parseId, parseQuantity, shortfall } from './shop-math';
import {
  AddressText,
  BottomBar,
  type ProductDetail,
  ProductImage,
  QtyStepper,
  type ShopAddress,
  SignedIn,
  USDT,
  useShopConfig,
  useShopInfo,
} from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';
import { type PayFrom, PaySheet, PayWith, topUpPath, usePaySource } from './pay-source';
import { usePurchaseCall, usePurchaseConfirm } from './purchase-confirm';

/** What went wrong with a payment, said in place above the pay button. */
type Problem =
  | { readonly kind: 'price'; readonly text: string }
  | { readonly kind: 'stock'; readonly text: string }
  | { readonly kind: 'balance' }
  | { readonly kind: 'other'; readonly text: string };

const ADDRESSES = { page: 1, size: 100 } as const;

/** The delivery address: the chosen one (the default at first) with a way to change it, or a way to add one. */
function AddressCard({
  list,
  chosen,
  onPick,
  failed,
  onRetry,
}: {
  readonly list: readonly ShopAddress[] | undefined;
  readonly chosen: ShopAddress | null;
  readonly onPick: (id: number) => void;
  readonly failed: boolean;
  readonly onRetry: () => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const [picking, setPicking] = useState(false);
  if (failed && !list) return <InlineError className="card sbox" onRetry={onRetry} />;
  if (!list) return <section className="card sbox sconfirm__addr" aria-busy="true" />;
  if (!chosen) {
    return (
      <Link
        to={routePath('address3')}
        className="card sbox sconfirm__addr sconfirm__addr--add"
        data-testid="add-address"
      >
        <span className="icon-disc sconfirm__addr-icon" aria-hidden="true">
          <IconPin />
        </span>
        <span className="fill col">
          <span className="sconfirm__addr-title">{t('shop.confirm.addAddress')}</span>
          <span className="sconfirm__addr-note">{t('shop.confirm.addAddressNote')}</span>
        </span>
        <IconRight className="sconfirm__chev" />
      </Link>
    );
  }
  return (
    <>
      <section className="card sbox sconfirm__addr" aria-label={t('shop.confirm.deliverTo')}>
        <button
          type="button"
          className="sconfirm__addr-pick"
          onClick={() => setPicking(true)}
          data-testid="address-choice"
          data-id={chosen.id}
        >
          <span className="icon-disc sconfirm__addr-icon" aria-hidden="true">
            <IconPin />
          </span>
          <span className="fill col">
            <AddressText a={chosen} />
          </span>
          <IconRight className="sconfirm__chev" />
        </button>
        <Link to={routePath('address3')} className="sconfirm__addr-new">
          {t('shop.confirm.newAddress')}
        </Link>
      </section>
      <PickerSheet
        visible={picking}
        title={t('shop.confirm.chooseAddress')}
        value={String(chosen.id)}
        onClose={() => setPicking(false)}
        onPick={(v) => onPick(Number(v))}
        options={list.map((a) => ({
          value: String(a.id),
          label: `${a.name} · ${a.phone}`,
          note: a.is_default ? t('shop.address.default') : undefined,
        }))}
      />
    </>
  );
}

/** The item: its image, shop, title and price, the quantity (while on sale), unit price, stock and total. */
function ItemCard({
  p,
  quantity,
  total,
  onSale,
  onQty,
}: {
  readonly p: ProductDetail;
  readonly quantity: number;
  readonly total: string;
  readonly onSale: boolean;
  readonly onQty: (n: number) => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <section className="card sbox" aria-label={t('shop.confirm.item')}>
      <div className="sconfirm__item">
        <ProductImage src={p.images[0]?.url} alt={p.title} className="sconfirm__img" width={72} eager />
        <div className="fill lines">
          <span className="sconfirm__merchant">{p.merchant.name}</span>
          <span className="sconfirm__title">{p.title}</span>
          <span className="sconfirm__price num" data-testid="confirm-price">
            {registry.format(p.price, USDT, EXACT)}
            <small> {USDT}</small>
          </span>
        </div>
      </div>
      <div className="sconfirm__row">
        <span className="sbox__label">{t('shop.quantity')}</span>
        {onSale ? (
          <QtyStepper value={quantity} stock={p.stock} onChange={onQty} />
        ) : (
          <span className="sconfirm__soldout">
            {maxQuantity(p.stock) === 0 ? t('shop.soldOut') : t('shop.notOnSale')}
          </span>
        )}
      </div>
      <dl className="info-rows sconfirm__rows">
        <div className="info-rows__row">
          <dt>{t('shop.confirm.unitPrice')}</dt>
          <dd className="num">
            {registry.format(p.price, USDT, EXACT)} {USDT}
          </dd>
        </div>
        <div className="info-rows__row">
          <dt>{t('shop.stock')}</dt>
          <dd className="num">{p.stock}</dd>
        </div>
        <div className="info-rows__row info-rows__row--strong">
          <dt>{t('shop.total')}</dt>
          <dd className="num" data-testid="confirm-total">
            {registry.format(total, USDT, EXACT)} {USDT}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** What went wrong with the payment: a balance short by `short` (with the way to recharge), or the server's words. */
function ProblemAlert({
  problem,
  short,
  from,
}: {
  readonly problem: Problem;
  readonly short: string;
  readonly from: PayFrom;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <div className="card sbox salert" role="alert" data-testid="purchase-problem" data-kind={problem.kind}>
      <IconAlert className="salert__icon" />
      <div className="salert__text">
        {problem.kind === 'balance' ? (
          <>
            <p>
              {t('shop.confirm.insufficient', {
                amount: registry.format(short, USDT, EXACT),
              })}
            </p>
            <Link to={topUpPath(from)} className="salert__link">
              {t(from === 'shop' ? 'shop.confirm.topUp' : 'shop.confirm.deposit')}
            </Link>
          </>
        ) : (
          <>
            <p>{problem.text}</p>
            <p className="salert__sub">
              {problem.kind === 'price' ? t('shop.confirm.priceChanged') : null}
              {problem.kind === 'stock' ? t('shop.confirm.stockChanged') : null}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** The total and the pay button at the bottom (or the way to recharge when the balance is short). */
function PayBar({
  total,
  from,
  enough,
  disabled,
  busy,
  onPay,
}: {
  readonly total: string;
  readonly from: PayFrom;
  readonly enough: boolean | null;
  readonly disabled: boolean;
  readonly busy: boolean;
  readonly onPay: () => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const navigate = useNavigate();
  return (
    <BottomBar>
      <div className="fill col sbar__sum">
        <span className="sbar__label">{t('shop.total')}</span>
        <span className="sbar__value num" data-testid="bar-total">
          {registry.format(total, USDT, EXACT)}
          <small> {USDT}</small>
        </span>
      </div>
      {enough === false ? (
        <Button
          color="primary"
          size="large"
          className="sbar__btn"
          onClick={() => navigate(topUpPath(from))}
          data-testid="recharge-to-pay"
        >
          {t(from === 'shop' ? 'shop.confirm.rechargeToPay' : 'shop.confirm.deposit')}
        </Button>
      ) : (
        <Button
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={disabled}
          loading={busy}
          onClick={onPay}
          data-testid="pay"
        >
          {t('shop.confirm.pay')}
        </Button>
      )}
    </BottomBar>
  );
}

/** What went wrong comes into view above the pay button, wherever the user had scrolled. */
function useInView(problem: Problem | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);
  return ref;
}

function Confirm({ p, initialQty }: { readonly p: ProductDetail; readonly initialQty: number }): ReactNode {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const info = useShopInfo();
  const config = useShopConfig();
  const addresses = useApiQuery('/api/shop/addressList', ADDRESSES);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [qty, setQty] = useState(initialQty);
  const [sheet, setSheet] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const ids = useRef<RequestIds | null>(null);
  ids.current ??= new RequestIds();
  const problemRef = useInView(problem);
  const purchase = usePurchaseCall();

  const list = addresses.data?.list;
  const chosen =
    list?.find((a) => a.id === addressId) ?? list?.find((a) => a.is_default) ?? list?.[0] ?? null;
  const can = maxQuantity(p.stock);
  const quantity = clampQuantity(qty, p.stock);
  const total = lineTotal(p.price, quantity) ?? '0';
  const { shopBalance, spotBalance, from, setPicked, balance, enough } = usePaySource(info.data, total);
  const onSale = p.status === 'on_sale' && can > 0;
  const signature = usePurchaseConfirm(p.id, total, config.data?.confirm_from);
  const busy = purchase.isPending || signature.signing;

  const content = chosen
    ? { product_id: p.id, quantity, address_id: chosen.id, price: p.price, pay_from: from }
    : null;

  const pay = async () => {
    if (!content || busy) return;
    const request_id = ids.current?.forSubmission(content);
    setProblem(null);
    // A large purchase: the wallet signs it first (the sheet stays open when it does not).
    const signed = await signature.sign();
    if (!signed) return;
    try {
      const order = await purchase.mutateAsync({
        ...content,
        ...signed,
        ...(request_id ? { request_id } : {}),
      });
      ids.current?.succeeded();
      setSheet(false);
      showToast(t('shop.confirm.paid'));
      navigate(`${routePath('orderDetail')}?id=${order.id}`, { replace: true });
    } catch (e) {
      setSheet(false);
      if (!(e instanceof ApiFailure) || !e.body) return; // toasted by the query client
      // The product is read again: the new price or stock shows before the user pays again.
      void invalidateApi(client, '/api/shop/productDetail', '/api/shop/uinfo');
      if (e.is('PriceChanged')) setProblem({ kind: 'price', text: e.body.msg });
      else if (e.is('OutOfStock')) setProblem({ kind: 'stock', text: e.body.msg });
      else if (e.is('InsufficientBalance')) setProblem({ kind: 'balance' });
    }
  };

  return (
    <>
      <div className="page page--tight shop sconfirm">
        <AddressCard
          list={list}
          chosen={chosen}
          onPick={setAddressId}
          failed={addresses.isError}
          onRetry={() => void addresses.refetch()}
        />
        <ItemCard
          p={p}
          quantity={quantity}
          total={total}
          onSale={onSale}
          onQty={(n) => {
            setQty(n);
            if (problem?.kind === 'stock') setProblem(null);
          }}
        />
        <PayWith
          from={from}
          onFrom={(v) => {
            setPicked(v);
            if (problem?.kind === 'balance') setProblem(null);
          }}
          shop={shopBalance}
          spot={spotBalance}
          short={enough === false ? shortfall(balance ?? '0', total) : null}
          escrowDays={config.data?.auto_confirm_days ?? 10}
        />
        {problem ? (
          <div ref={problemRef}>
            <ProblemAlert problem={problem} short={shortfall(balance ?? '0', total)} from={from} />
          </div>
        ) : null}
      </div>
      <PayBar
        total={total}
        from={from}
        enough={enough}
        disabled={!content || !onSale || busy || enough === null}
        busy={busy}
        onPay={() => setSheet(true)}
      />
      <PaySheet
        visible={sheet}
        busy={busy}
        signature={signature.needed ? signature.totp : null}
        onClose={() => setSheet(false)}
        onConfirm={() => void pay()}
        p={p}
        quantity={quantity}
        total={total}
        from={from}
        deliverTo={chosen ? `${chosen.name} · ${chosen.region}` : '--'}
        escrowDays={config.data?.auto_confirm_days ?? 10}
      />
    </>
  );
}

function Loaded({ id, qty }: { readonly id: number; readonly qty: number }): ReactNode {
  const { t } = useTranslation('shop');
  const q = useApiQuery('/api/shop/productDetail', { id }, { handles: ['ProductNotFound'] });
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('ProductNotFound'))
      return <EmptyState title={t('shop.productNotFound')} body={t('shop.productNotFoundBody')} />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  return <Confirm p={q.data} initialQty={qty} />;
}

/**
 * Confirm order (/confirmOrder?id=&qty=): the delivery address, the product and how many, the price as seen
 * (the payment is refused if it changed since), the total against the shop balance, then pay into escrow.
 */
export default function ConfirmOrderScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const qty = parseQuantity(params.get('qty'));
  if (id === null)
    return <EmptyState title={t('shop.productNotFound')} body={t('shop.productNotFoundBody')} />;
  return <SignedIn>{() => <Loaded key={id} id={id} qty={qty} />}</SignedIn>;
}
