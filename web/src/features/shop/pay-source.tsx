/** Where a shop payment comes from: the shop wallet, or the USDT spot account in one step; and its sheet. */
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAssets } from '../../hooks/assets';
import { useBalances } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { ConfirmSheet } from '../../ui/sheet';
import { TotpField, type TotpFieldState } from '../../ui/totp-field';
import { covers } from './shop-math';
import { type ProductDetail, type ShopInfo, USDT } from './shop-parts';

/** The source chosen (the default until the user picks one), both balances, and whether it covers `total`. */
export function usePaySource(info: ShopInfo | undefined, total: string) {
  const balances = useBalances();
  const [picked, setPicked] = useState<PayFrom | null>(null);
  const shopBalance = info?.balance ?? null;
  const spotBalance = balances.available(USDT, 'spot');
  const from = picked ?? defaultSource(shopBalance, spotBalance, total);
  const balance = from === 'shop' ? shopBalance : spotBalance;
  const enough = balance === null ? null : covers(balance, total);
  return { shopBalance, spotBalance, from, setPicked, balance, enough };
}

/** Where the money comes from: the shop wallet, or the USDT spot account in one step. */
export type PayFrom = 'shop' | 'spot';

/** The shop wallet when it covers the total, else the spot account when that does; the shop wallet at first. */
export function defaultSource(shop: string | null, spot: string | null, total: string): PayFrom {
  if (shop !== null && covers(shop, total)) return 'shop';
  if (spot !== null && covers(spot, total)) return 'spot';
  return 'shop';
}

/** Each source's name. */
const SOURCE_LABEL = { shop: 'shop.confirm.shopWallet', spot: 'shop.confirm.spotAccount' } as const;

/** The way to top up the chosen source, coming back to this order afterwards. */
export function topUpPath(from: PayFrom): string {
  const back = `${window.location.pathname}${window.location.search}`;
  return `${routePath(from === 'shop' ? 'order2' : 'deposit')}?back=${encodeURIComponent(back)}`;
}

/** One source to pay from: its name and balance, chosen or not. */
function SourceOption({
  value,
  chosen,
  label,
  amount,
  onPick,
}: {
  readonly value: PayFrom;
  readonly chosen: boolean;
  readonly label: string;
  readonly amount: string | null;
  readonly onPick: (v: PayFrom) => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <button
      type="button"
      aria-pressed={chosen}
      className={`ssource${chosen ? ' ssource--on' : ''}`}
      onClick={() => onPick(value)}
      data-testid={`pay-from-${value}`}
    >
      <span className="ssource__dot" aria-hidden="true" />
      <span className="fill col">
        <span className="ssource__label">{label}</span>
        <span
          className="ssource__amount num"
          data-testid={value === 'shop' ? 'confirm-balance' : 'confirm-spot'}
        >
          {t('shop.confirm.available', { amount: amount === null ? '--' : registry.format(amount, USDT) })}
        </span>
      </span>
    </button>
  );
}

/**
 * What pays: the shop wallet or the spot account, their balances, and short by how much. (A missing delivery
 * address is the address card's to ask for, above: the payment panel has no button of its own for it.)
 */
export function PayWith({
  from,
  onFrom,
  shop,
  spot,
  short,
  escrowDays,
}: {
  readonly from: PayFrom;
  readonly onFrom: (v: PayFrom) => void;
  readonly shop: string | null;
  readonly spot: string | null;
  readonly short: string | null;
  readonly escrowDays: number;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <section className="card sbox sconfirm__pay" aria-label={t('shop.confirm.payWith')}>
      <span className="sbox__label">{t('shop.confirm.payWith')}</span>
      <div className="ssources">
        {(['shop', 'spot'] as const).map((v) => (
          <SourceOption
            key={v}
            value={v}
            chosen={from === v}
            label={t(SOURCE_LABEL[v])}
            amount={v === 'shop' ? shop : spot}
            onPick={onFrom}
          />
        ))}
      </div>
      {from === 'spot' ? <p className="note">{t('shop.confirm.spotNote')}</p> : null}
      {short !== null ? (
        <p className="note snote--danger" role="alert" data-testid="short-note">
          {t(from === 'shop' ? 'shop.confirm.short' : 'shop.confirm.shortSpot', {
            amount: registry.format(short, USDT, EXACT),
          })}{' '}
          <Link to={topUpPath(from)} className="salert__link" data-testid="to-recharge">
            {t(from === 'shop' ? 'shop.confirm.topUp' : 'shop.confirm.deposit')}
          </Link>
        </p>
      ) : null}
      <p className="note">{t('shop.confirm.escrow', { days: escrowDays })}</p>
    </section>
  );
}

/** The payment confirmed: what, how many, where to, what pays (shop wallet or spot account) and the total. */
export function PaySheet({
  visible,
  busy,
  onClose,
  onConfirm,
  p,
  quantity,
  total,
  from,
  deliverTo,
  escrowDays,
  signature,
}: {
  readonly visible: boolean;
  readonly busy: boolean;
  /** A large purchase, signed by the wallet: its authenticator field (shown where a code is on). */
  readonly signature: TotpFieldState | null;
  readonly onClose: () => void;
  readonly onConfirm: () => void;
  readonly p: ProductDetail;
  readonly quantity: number;
  readonly total: string;
  readonly from: PayFrom;
  readonly deliverTo: string;
  readonly escrowDays: number;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const note = [
    from === 'spot' ? t('shop.confirm.spotNote') : null,
    t('shop.confirm.escrow', { days: escrowDays }),
    p.merchant.demo ? t('shop.demo.ships') : null,
    signature ? t('shop.confirm.signed') : null,
  ]
    .filter((x) => x !== null)
    .join(' ');
  return (
    <ConfirmSheet
      visible={visible}
      title={t('shop.confirm.sheetTitle')}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
      confirmText={t('shop.confirm.payNow')}
      note={note}
      rows={[
        { label: t('shop.confirm.item'), value: p.title },
        { label: t('shop.confirm.unitPrice'), value: `${registry.format(p.price, USDT, EXACT)} ${USDT}` },
        { label: t('shop.quantity'), value: String(quantity) },
        { label: t('shop.confirm.deliverTo'), value: deliverTo },
        {
          label: t('shop.confirm.payWith'),
          value: t(SOURCE_LABEL[from]),
        },
      ]}
    >
      <p className="sheet__hero">
        <span className="sheet__hero-label">{t('shop.total')}</span>
        <span className="sheet__hero-value num" data-testid="sheet-total">
          {registry.format(total, USDT, EXACT)} {USDT}
        </span>
      </p>
      {signature ? <TotpField field={signature} /> : null}
    </ConfirmSheet>
  );
}
