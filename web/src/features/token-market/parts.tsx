import { formatDateTime } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { FilterChip } from '../../ui/filter-chip';
import { IconRight } from '../../ui/icons';
import { AssetIcon, Money, RecordRow } from '../../ui/money';
import { PickerSheet } from '../../ui/sheet';
import { type Listing, type ListingStatus, listingPath, type Sale, shortUid } from './hooks';
import { costMinor, QUOTE, toMinor, usdtMinor, usdtText } from './p2p-math';
import './token-market.css';
import { useAssets } from '../../hooks/assets';

/** USDT value of what is left of a listing at its price (rounded up, as a purchase of all of it costs). */
export function remainingValue(listing: Listing, scale: number): string {
  const p = usdtMinor(listing.price) ?? 0n;
  const a = toMinor(listing.remaining, scale) ?? 0n;
  return usdtText(costMinor(p, a, scale));
}

const STATUS_TONE: Readonly<Record<ListingStatus, string>> = {
  open: 'open',
  sold: 'sold',
  withdrawn: 'withdrawn',
};

export function ListingStatusTag({ status }: { readonly status: ListingStatus }): ReactNode {
  const { t } = useTranslation('tokenMarket');
  return (
    <span className={`status-tag tm-tag--${STATUS_TONE[status]}`}>{t(`tokenMarket.status.${status}`)}</span>
  );
}

/** One open listing in the market: the whole row is the way to buy. */
export function MarketRow({
  listing,
  onOpen,
}: {
  readonly listing: Listing;
  readonly onOpen: (listing: Listing) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const l = listing;
  return (
    <button type="button" className="tm-row tm-row--market" onClick={() => onOpen(l)}>
      <span className="row tm-row__top">
        <AssetIcon asset={l.symbol} size={22} />
        <span className="tm-row__symbol">{l.symbol}</span>
        <span className="tm-row__who">
          {l.mine ? (
            <span className="status-tag tm-tag--mine">{t('tokenMarket.yours')}</span>
          ) : (
            t('tokenMarket.sellerSales', { address: l.seller_address, count: l.seller_sales })
          )}
        </span>
      </span>
      <span className="tm-row__body">
        <span className="fill lines">
          <span className="tm-row__price num">
            {registry.format(l.price, QUOTE, EXACT)}
            <span className="tm-row__unit"> {QUOTE}</span>
          </span>
          <span className="tm-row__line">
            <span className="tm-row__k">{t('tokenMarket.remaining')}</span>
            <span className="num">
              {registry.format(l.remaining, l.symbol)} {l.symbol}
            </span>
          </span>
          <span className="tm-row__line">
            <span className="tm-row__k">{t('tokenMarket.totalValue')}</span>
            <span className="num">
              {registry.format(remainingValue(l, registry.scale(l.symbol)), QUOTE, EXACT)} {QUOTE}
            </span>
          </span>
        </span>
        <span className={l.mine ? 'tm-row__action tm-row__action--view' : 'tm-row__action'}>
          {l.mine ? t('tokenMarket.view') : t('tokenMarket.buy')}
        </span>
      </span>
    </button>
  );
}

/** One of my listings: tap opens its sales; an open one can be withdrawn. */
export function MyListingRow({
  listing,
  onWithdraw,
}: {
  readonly listing: Listing;
  readonly onWithdraw: ((listing: Listing) => void) | null;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const l = listing;
  return (
    <article className="tm-row tm-row--mine">
      <div className="row tm-row__top">
        <AssetIcon asset={l.symbol} size={22} />
        <Link className="tm-row__symbol tm-row__stretch" to={listingPath(l.id)}>
          {l.symbol}
        </Link>
        <ListingStatusTag status={l.status} />
        <span className="tm-row__end">
          {onWithdraw && l.status === 'open' ? (
            <button
              type="button"
              className="tap tap--8 small-btn tm-row__withdraw"
              onClick={() => onWithdraw(l)}
            >
              {t('tokenMarket.withdraw')}
            </button>
          ) : (
            <IconRight className="tm-row__arrow" />
          )}
        </span>
      </div>
      <p className="tm-row__time num">{formatDateTime(l.created_at)}</p>
      <dl className="tm-grid">
        <div>
          <dt>{t('tokenMarket.priceCol', { asset: QUOTE })}</dt>
          <dd className="num">{registry.format(l.price, QUOTE, EXACT)}</dd>
        </div>
        <div>
          <dt>{t('tokenMarket.soldAmountCol', { asset: l.symbol })}</dt>
          <dd className="num">{registry.format(l.sold, l.symbol)}</dd>
        </div>
        <div>
          <dt>
            {t(l.status === 'withdrawn' ? 'tokenMarket.returnedCol' : 'tokenMarket.remainingCol', {
              asset: l.symbol,
            })}
          </dt>
          <dd className="num">{registry.format(l.remaining, l.symbol)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** A purchase (as buyer: the tokens it brought) or a sale (as seller: the USDT it brought). */
export function SaleRow({ sale }: { readonly sale: Sale }): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const s = sale;
  const price = { label: t('tokenMarket.price'), value: <Money value={s.price} asset={QUOTE} /> };
  const who = <span className="num">{shortUid(s.counterparty_uid)}</span>;
  if (s.role === 'buyer') {
    return (
      <RecordRow
        title={t('tokenMarket.bought', { asset: s.symbol })}
        amount={<Money value={s.amount} asset={s.symbol} sign />}
        amountTone="up"
        time={s.created_at}
        tag={<span className="record__tag">{t('tokenMarket.listingNo', { id: s.listing_id })}</span>}
        details={[
          price,
          { label: t('tokenMarket.paid'), value: <Money value={s.total} asset={QUOTE} /> },
          { label: t('tokenMarket.sellerLabel'), value: who },
        ]}
      />
    );
  }
  return (
    <RecordRow
      title={t('tokenMarket.soldTitle', { amount: registry.format(s.amount, s.symbol), asset: s.symbol })}
      amount={<Money value={s.net} asset={QUOTE} sign />}
      amountTone="up"
      time={s.created_at}
      tag={<span className="record__tag">{t('tokenMarket.listingNo', { id: s.listing_id })}</span>}
      details={[
        price,
        { label: t('tokenMarket.total'), value: <Money value={s.total} asset={QUOTE} /> },
        { label: t('tokenMarket.fee'), value: <Money value={`-${s.fee}`} asset={QUOTE} /> },
        { label: t('tokenMarket.buyerLabel'), value: who },
      ]}
    />
  );
}

const ALL = 'all';

/** A chip showing the current choice ("All tokens", "BWC"); it opens a picker of the choices. */
export function PickerFilter<V extends string>({
  title,
  allLabel,
  value,
  options,
  onChange,
}: {
  /** The picker's title. */
  readonly title: string;
  /** The label of no filter. */
  readonly allLabel: string;
  readonly value: V | null;
  readonly options: readonly { readonly value: V; readonly label: string; readonly icon?: ReactNode }[];
  readonly onChange: (value: V | null) => void;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value);
  return (
    <>
      <FilterChip
        label={current?.label ?? allLabel}
        active={current !== undefined}
        opensDialog
        onClick={() => setOpen(true)}
      />
      <PickerSheet<V | typeof ALL>
        visible={open}
        title={title}
        value={current?.value ?? ALL}
        onClose={() => setOpen(false)}
        onPick={(v) => onChange(v === ALL ? null : (v as V))}
        options={[{ value: ALL, label: allLabel }, ...options]}
      />
    </>
  );
}

/** The listable tokens as a filter. */
export function TokenFilter({
  symbols,
  value,
  onChange,
}: {
  readonly symbols: readonly string[];
  readonly value: string | null;
  readonly onChange: (symbol: string | null) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  return (
    <PickerFilter
      title={t('tokenMarket.pickToken')}
      allLabel={t('tokenMarket.allTokens')}
      value={value}
      onChange={onChange}
      options={symbols.map((s) => ({ value: s, label: s, icon: <AssetIcon asset={s} size={28} /> }))}
    />
  );
}
