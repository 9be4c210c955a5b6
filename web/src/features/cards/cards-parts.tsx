import type { CARD_STATUSES, DOC_TYPES, EndpointPath, ResponseData, SPEND_STATUSES } from '@nexa/contract';
import { type ComponentProps, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useAssets } from '../../hooks/assets';
import { LANG_TAGS, useLang, useTranslation } from '../../i18n';
import { compareAmounts, EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { IconAlert, IconCheck, IconClock, IconRight, IconShield } from '../../ui/icons';
import { LinkRow } from '../../ui/link-row';
import { Money, RecordRow } from '../../ui/money';
import { brandMark, expiryText, groupCardNumber } from './cards-math';

export type Card = PagedItem<'/api/visa/myCardList'>;
export type CardDetail = ResponseData<'/api/visa/cardDetail'>;
export type CardInfo = ResponseData<'/api/visa/info'>;
export type CardBin = ResponseData<'/api/visa/getVirtualCardBin'>['list'][number];
export type Nation = ResponseData<'/api/digitalAssets/nationList'>['list'][number];
export type Kyc = NonNullable<ResponseData<'/api/digitalAssets/showRealName'>['kyc']>;
export type KycState = ResponseData<'/api/digitalAssets/showRealName'>['status'];
export type DocType = (typeof DOC_TYPES)[number];
export type CardStatus = (typeof CARD_STATUSES)[number];
export type SpendStatus = (typeof SPEND_STATUSES)[number];

export const USDT = 'USDT';

/** The reads a card's life changes: what a money call on a card refreshes besides the balances. */
export const CARD_READS: readonly EndpointPath[] = [
  '/api/visa/info',
  '/api/visa/myCardList',
  '/api/visa/cardDetail',
  '/api/visa/applyCardList',
  '/api/visa/rechargeList',
  '/api/visa/consumeList',
];

/** My card account: balance, held, verification status, fees and the top-up terms. */
export function useCardInfo() {
  return useApiQuery('/api/visa/info', NO_BODY);
}

/** Countries where identity can be verified (names, documents, number formats) and the minimum age. */
export function useNations() {
  return useApiQuery('/api/digitalAssets/nationList', NO_BODY);
}

/**
 * A country's name in the user's language (the browser's own names of regions), else the name the server
 * gives (English), else its code.
 */
export function useNationName(): (code: string) => string {
  const lang = useLang();
  const nations = useNations();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([LANG_TAGS[lang]], { type: 'region' });
    } catch {
      return null;
    }
  }, [lang]);
  return (code) => {
    try {
      const name = names?.of(code);
      if (name && name !== code) return name;
    } catch {
      // Not a region code the browser knows: the server's name below.
    }
    return nations.data?.list.find((n) => n.code === code)?.name ?? code;
  };
}

/** "Visa •••• 4242". */
export function cardName(card: { readonly brand: string; readonly last4: string }): string {
  return `${card.brand} •••• ${card.last4}`;
}

/** The status tag's tone class for a card's status (a muted tag is a shade lighter on a card). */
const STATUS_TONE: Readonly<Record<CardStatus, string>> = {
  active: 'status-tag--success',
  applying: 'status-tag--warning',
  shipped: 'status-tag--warning',
  frozen: 'status-tag--danger',
  replaced: 'cchip--muted',
};

export function CardStatusChip({
  status,
  onFace,
}: {
  readonly status: CardStatus;
  readonly onFace?: boolean;
}): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <span
      className={`status-tag ${STATUS_TONE[status]}${onFace ? ' cchip--face' : ''}`}
      data-testid="card-status"
      data-status={status}
    >
      {t(`cards.status.${status}`)}
    </span>
  );
}

/** The EMV chip, drawn. */
function ChipMark(): ReactNode {
  return (
    <svg className="cface__chip" viewBox="0 0 46 34" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="45" height="33" rx="6" fill="url(#cface-chip)" stroke="rgba(0,0,0,.25)" />
      <path
        d="M0.5 12h13M0.5 22h13M32.5 12h13M32.5 22h13M13.5 0.5v33M32.5 0.5v33M13.5 17h19"
        stroke="rgba(60,40,0,.45)"
        strokeWidth="1"
        fill="none"
      />
      <defs>
        <linearGradient id="cface-chip" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f6e2a4" />
          <stop offset="0.5" stopColor="#d6b25e" />
          <stop offset="1" stopColor="#b08a3a" />
        </linearGradient>
      </defs>
    </svg>
  );
}

/** The contactless waves. */
function ContactlessMark(): ReactNode {
  return (
    <svg className="cface__nfc" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M8 7.5a6.5 6.5 0 0 1 0 9M11.5 5a10 10 0 0 1 0 14M15 2.8a13.5 13.5 0 0 1 0 18.4M4.6 10a3 3 0 0 1 0 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The network's mark in the corner: VISA's wordmark, Mastercard's circles, or the brand's name. */
export function BrandMark({ brand }: { readonly brand: string }): ReactNode {
  const mark = brandMark(brand);
  if (mark === 'visa') return <span className="cbrand cbrand--visa">VISA</span>;
  if (mark === 'mastercard') {
    return (
      <span className="cbrand cbrand--mc" role="img" aria-label={brand}>
        <svg viewBox="0 0 40 24" aria-hidden="true" focusable="false">
          <circle cx="14" cy="12" r="11" fill="#eb001b" />
          <circle cx="26" cy="12" r="11" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </span>
    );
  }
  return <span className="cbrand">{brand}</span>;
}

export interface Revealed {
  readonly number: string;
  readonly cvv: string;
  readonly expiry: string;
}

/**
 * A card as a card: issuer and kind, status, chip, the number (masked, or in full while revealed), holder,
 * expiry (and CVV while revealed) and the network's mark, at a card's proportions.
 */
export function CardFace({
  card,
  revealed,
  showStatus = true,
}: {
  readonly card: Pick<Card, 'kind' | 'brand' | 'masked' | 'holder' | 'expiry' | 'status' | 'test'>;
  readonly revealed?: Revealed | null;
  readonly showStatus?: boolean;
}): ReactNode {
  const { t } = useTranslation('cards');
  const off = card.status === 'frozen' || card.status === 'replaced';
  return (
    <div
      className={`cface cface--${card.kind}${off ? ' cface--off' : ''}${revealed ? ' cface--open' : ''}`}
      data-testid="card-face"
    >
      <div className="cface__top">
        <span className="cface__issuer">
          NEXA<span className="cface__kind">{t(`cards.kind.${card.kind}`)}</span>
          {card.test ? (
            <span className="cface__test" data-testid="card-test">
              {t('cards.test.badge')}
            </span>
          ) : null}
        </span>
        {showStatus ? <CardStatusChip status={card.status} onFace /> : null}
      </div>
      <div className="cface__marks">
        <ChipMark />
        <ContactlessMark />
      </div>
      <div className="cface__number num" data-testid={revealed ? 'card-number-full' : 'card-number'}>
        <span className="visually-hidden">{t('cards.face.number')} </span>
        {revealed ? groupCardNumber(revealed.number) : card.masked}
      </div>
      <div className="cface__bottom">
        <div className="cface__field cface__field--holder">
          <span className="cface__label">{t('cards.face.holder')}</span>
          <span className="cface__value">{card.holder}</span>
        </div>
        <div className="cface__field">
          <span className="cface__label">{t('cards.face.expiry')}</span>
          <span className="cface__value num">{expiryText(revealed?.expiry ?? card.expiry)}</span>
        </div>
        {revealed ? (
          <div className="cface__field">
            <span className="cface__label">CVV</span>
            <span className="cface__value num" data-testid="card-cvv">
              {revealed.cvv}
            </span>
          </div>
        ) : null}
        <BrandMark brand={card.brand} />
      </div>
    </div>
  );
}

/** Where a verification stands, said where cards need one: leads to the verification screen. */
export function KycBanner({ status }: { readonly status: KycState }): ReactNode {
  const { t } = useTranslation('cards');
  if (status === 'approved') return null;
  const Icon = status === 'pending' ? IconClock : status === 'failed' ? IconAlert : IconShield;
  return (
    <Link
      to={routePath('realName')}
      className={`cbanner cbanner--${status}`}
      data-testid="kyc-banner"
      data-status={status}
    >
      <Icon className="cbanner__icon" />
      <span className="fill col">
        <span className="cbanner__title">{t(`cards.kycBanner.${status}.title`)}</span>
        <span className="cbanner__body">{t(`cards.kycBanner.${status}.body`)}</span>
      </span>
      <IconRight className="cbanner__chev" />
    </Link>
  );
}

/** A row that leads to another screen of the cards, named by that screen's title. */
export function CardsLink({ to, ...row }: Omit<ComponentProps<typeof LinkRow>, 'title'>): ReactNode {
  const { t } = useTranslation('cards');
  return <LinkRow to={to} title={t(`screens.${to}`)} {...row} />;
}

/** The card types of one kind to choose from: each with its network, BIN, currency and fee. */
export function BinChoice({
  bins,
  value,
  onChange,
}: {
  readonly bins: readonly CardBin[];
  readonly value: string | null;
  readonly onChange: (bin: string) => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  return (
    <fieldset className="cbins">
      <legend className="visually-hidden">{t('cards.open.binLabel')}</legend>
      {bins.map((b) => (
        <button
          key={b.bin}
          type="button"
          aria-pressed={b.bin === value}
          className={b.bin === value ? 'cbin cbin--on' : 'cbin'}
          onClick={() => onChange(b.bin)}
          data-testid="bin-option"
          data-bin={b.bin}
        >
          <span className={`cbin__swatch cbin__swatch--${b.kind}`} aria-hidden="true">
            <BrandMark brand={b.brand} />
          </span>
          <span className="fill col">
            <span className="cbin__name">
              {b.brand} · {b.currency}
            </span>
            <span className="cbin__sub num">{t('cards.open.bin', { bin: b.bin })}</span>
          </span>
          <span className="cbin__fee num">
            {registry.format(b.fee, USDT, EXACT)} <small>{USDT}</small>
          </span>
          {b.bin === value ? <IconCheck className="cbin__check" /> : null}
        </button>
      ))}
    </fieldset>
  );
}

/** A top-up as a record: what was paid, the fee, what reached the card. */
export function RechargeRow({
  r,
  cardLabel,
}: {
  readonly r: PagedItem<'/api/visa/rechargeList'>;
  readonly cardLabel?: string;
}): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <div data-testid="recharge-row">
      <RecordRow
        title={t('cards.records.topup')}
        amount={<Money value={r.received} asset={USDT} sign />}
        amountTone="up"
        time={r.created_at}
        tag={<span className="crow__tag">{cardLabel ?? t('cards.records.cardId', { id: r.card_id })}</span>}
        details={[
          { label: t('cards.records.paid'), value: <Money value={r.amount} asset={USDT} /> },
          { label: t('cards.topup.fee'), value: <Money value={r.fee} asset={USDT} /> },
        ]}
      />
    </div>
  );
}

const SPEND_TONE: Readonly<Record<SpendStatus, string>> = {
  held: 'status-tag--warning',
  settled: 'status-tag--success',
  reversed: 'cchip--muted',
  refunded: 'cchip--muted',
  declined: 'status-tag--danger',
};

/** A purchase as the issuer reported it: merchant, amount, where it stands. */
export function SpendRow({
  s,
  cardLabel,
}: {
  readonly s: PagedItem<'/api/visa/consumeList'>;
  readonly cardLabel?: string;
}): ReactNode {
  const { t } = useTranslation('cards');
  const registry = useAssets();
  const details: { label: string; value: ReactNode }[] = [];
  // What was settled, where it differs from what was authorised (a partial settlement, a refund).
  if ((s.status === 'settled' || s.status === 'refunded') && compareAmounts(s.settled, s.amount) !== 0)
    details.push({ label: t('cards.records.settled'), value: <Money value={s.settled} asset={USDT} /> });
  if (s.status === 'refunded')
    details.push({ label: t('cards.records.refunded'), value: <Money value={s.refunded} asset={USDT} /> });
  if (cardLabel) details.push({ label: t('cards.records.card'), value: cardLabel });
  return (
    <div data-testid="spend-row" data-status={s.status}>
      <RecordRow
        title={s.merchant}
        amount={
          s.status === 'declined' ? (
            <Money value={s.amount} asset={USDT} />
          ) : (
            `−${registry.format(s.amount, USDT, EXACT)} ${USDT}`
          )
        }
        {...(s.status === 'declined' ? {} : { amountTone: 'down' as const })}
        time={s.created_at}
        tag={<span className={`status-tag ${SPEND_TONE[s.status]}`}>{t(`cards.spend.${s.status}`)}</span>}
        details={details}
      />
    </div>
  );
}

/** A card application or replacement: kind, network, status, tracking. */
export function ApplicationRow({ c }: { readonly c: PagedItem<'/api/visa/applyCardList'> }): ReactNode {
  const { t } = useTranslation('cards');
  const details: { label: string; value: ReactNode }[] = [
    { label: t('cards.records.fee'), value: <Money value={c.fee} asset={USDT} /> },
  ];
  if (c.tracking)
    details.push({ label: t('cards.records.tracking'), value: <span className="num">{c.tracking}</span> });
  if (c.replaced_by)
    details.push({
      label: t('cards.records.replacedBy'),
      value: t('cards.records.cardId', { id: c.replaced_by }),
    });
  return (
    <Link to={`${routePath('cardholders1')}?id=${c.id}`} className="crow__wrap" data-testid="application-row">
      <RecordRow
        title={`${t(`cards.kind.${c.kind}`)} · ${cardName(c)}`}
        amount={<CardStatusChip status={c.status} />}
        time={c.created_at}
        details={details}
      />
    </Link>
  );
}

export type CardAddress = PagedItem<'/api/visa/addressList'>;

/** One address on two lines: who and their phone, then where. */
export function AddressText({ a }: { readonly a: CardAddress }): ReactNode {
  return (
    <>
      <span className="caddr__who">
        <span className="caddr__name">{a.name}</span>
        <span className="caddr__phone num">{a.phone}</span>
      </span>
      <span className="caddr__where">
        {[a.line1, a.line2, `${a.postcode} ${a.city}`, a.country].filter((x) => x.trim() !== '').join(', ')}
      </span>
    </>
  );
}

/** My shipping addresses to choose one from (a physical card's, a replacement's). */
export function AddressChoice({
  addresses,
  value,
  onChange,
}: {
  readonly addresses: readonly CardAddress[];
  readonly value: number | null;
  readonly onChange: (id: number) => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <fieldset className="caddrs">
      <legend className="visually-hidden">{t('cards.address.choose')}</legend>
      {addresses.map((a) => (
        <button
          key={a.id}
          type="button"
          aria-pressed={a.id === value}
          className={a.id === value ? 'caddr caddr--pick caddr--on' : 'caddr caddr--pick'}
          onClick={() => onChange(a.id)}
          data-testid="address-option"
        >
          <span className="fill lines">
            <AddressText a={a} />
          </span>
          <span className="caddr__radio" aria-hidden="true">
            {a.id === value ? <IconCheck /> : null}
          </span>
        </button>
      ))}
    </fieldset>
  );
}

/** My addresses for a choice: the first page is all anyone has. */
export function useAddresses(enabled = true) {
  return useApiQuery('/api/visa/addressList', { page: 1, size: 50 }, { enabled });
}

/** A camera, for the image tiles of the verification (the shared icons have none). */
export function IconCamera(): ReactNode {
  return (
    <svg
      className="icon"
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
