import { type ReactNode, useId, useRef, useState } from 'react';
import { ApiFailure, useApiMutation } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useBalances } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT, ratePercent, sanitizeAmountInput } from '../../lib/amounts';
import { RequestIds } from '../../lib/request-id';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import { type Listing, MARKET_CALLS, useMarketTerms } from './hooks';
import { affordable, type BuyProblem, checkPurchase, QUOTE, shareOf, tradeFigures } from './p2p-math';

const SHARES = [25, 50, 75, 100] as const;

/** The amount field's message for a problem ("Please enter the amount" once the user tried). */
function useBuyMessage(listing: Listing, available: string | null, minUsdt: string) {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  return (problem: BuyProblem): string => {
    switch (problem) {
      case 'required':
        return t('prompts.amount');
      case 'invalid':
        return t('walletForm.amountInvalid');
      case 'aboveRemaining':
        return t('tokenMarket.aboveRemaining', {
          amount: registry.format(listing.remaining, listing.symbol, EXACT),
          asset: listing.symbol,
        });
      case 'belowMinimum':
        return t('tokenMarket.belowMinimum', {
          amount: registry.format(minUsdt, QUOTE, EXACT),
          asset: QUOTE,
        });
      case 'leavesTooLittle':
        return t('tokenMarket.leavesTooLittle', {
          amount: registry.format(minUsdt, QUOTE, EXACT),
          asset: QUOTE,
        });
      case 'insufficient':
        return t('tokenMarket.canAfford', {
          amount: registry.format(
            affordable(registry.scale(listing.symbol), listing.price, listing.remaining, available),
            listing.symbol,
            EXACT,
          ),
          asset: listing.symbol,
        });
    }
  };
}

/** The shares of what remains, "All" last: the one matching the amount is on. */
function ShareButtons({
  scale,
  remaining,
  amount,
  all,
  onPick,
}: {
  readonly scale: number;
  readonly remaining: string;
  readonly amount: string;
  readonly all: boolean;
  readonly onPick: (amount: string, all: boolean) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  return (
    <div className="tm-shares">
      {SHARES.map((share) => {
        const value = shareOf(scale, remaining, share);
        const on = share === 100 ? all : !all && amount !== '' && amount === value;
        return (
          <button
            key={share}
            type="button"
            aria-pressed={on}
            className={on ? 'tap tm-shares__item tm-shares__item--on' : 'tap tm-shares__item'}
            onClick={() => onPick(value, share === 100)}
          >
            {share === 100 ? t('tokenMarket.all') : `${share}%`}
          </button>
        );
      })}
    </div>
  );
}

/** The listing's price and what remains of it. */
function ListingTerms({ listing }: { readonly listing: Listing }): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  return (
    <dl className="tm-buy__terms">
      <div>
        <dt>{t('tokenMarket.price')}</dt>
        <dd className="num">
          {registry.format(listing.price, QUOTE, EXACT)} {QUOTE}
        </dd>
      </div>
      <div>
        <dt>{t('tokenMarket.remaining')}</dt>
        <dd className="num">
          {registry.format(listing.remaining, listing.symbol, EXACT)} {listing.symbol}
        </dd>
      </div>
    </dl>
  );
}

function BuyForm({
  listing,
  visible,
  onClose,
}: {
  readonly listing: Listing;
  readonly visible: boolean;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const amountId = useId();
  const balances = useBalances();
  const buy = useApiMutation('/api/trade/buy', { refreshes: MARKET_CALLS });
  const ids = useRef<RequestIds | null>(null);
  ids.current ??= new RequestIds();
  const [amount, setAmount] = useState('');
  /** "All" was picked and not edited since: the call buys whatever is left (no amount). */
  const [all, setAll] = useState(false);
  const [tried, setTried] = useState(false);

  const l = listing;
  const scale = registry.scale(l.symbol);
  const available = balances.available(QUOTE, 'spot');
  const { minUsdt } = useMarketTerms();
  const problem = checkPurchase(scale, l.price, amount, l.remaining, available, minUsdt);
  const message = useBuyMessage(l, available, minUsdt);
  const shown = problem && (tried || (amount !== '' && problem !== 'required')) ? message(problem) : null;
  const figures = tradeFigures(scale, l.price, amount === '' ? '0' : amount, l.fee_rate);
  const rate = ratePercent(l.fee_rate);

  const confirm = async () => {
    setTried(true);
    if (problem || buy.isPending) return;
    const content = all ? { id: l.id } : { id: l.id, amount };
    const request_id = ids.current?.forSubmission(content);
    try {
      const sale = await buy.mutateAsync({ ...content, request_id });
      ids.current?.succeeded();
      showToast(
        t('tokenMarket.boughtToast', {
          amount: registry.format(sale.amount, sale.symbol, EXACT),
          asset: sale.symbol,
        }),
      );
      onClose();
    } catch (e) {
      // Toasted by the query client. A listing gone or closed meanwhile leaves nothing to retry.
      if (e instanceof ApiFailure && (e.is('NotFound') || e.is('InvalidState'))) onClose();
    }
  };

  return (
    <ConfirmSheet
      visible={visible}
      title={t('tokenMarket.buyTitle', { asset: l.symbol })}
      busy={buy.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
      confirmText={t('tokenMarket.buyTitle', { asset: l.symbol })}
      confirmTone="up"
      note={t('tokenMarket.buyNote')}
      rows={[
        {
          label: t('tokenMarket.sellerLabel'),
          value: <span className="sheet__mono">{l.seller_address}</span>,
        },
        { label: t('tokenMarket.sellerSalesLabel'), value: <span className="num">{l.seller_sales}</span> },
        {
          label: t('walletForm.available'),
          value: available === null ? '--' : `${registry.format(available, QUOTE, EXACT)} ${QUOTE}`,
        },
        {
          label: t('tokenMarket.feeBySeller', { rate }),
          value: `${registry.format(figures?.fee ?? '0', QUOTE, EXACT)} ${QUOTE}`,
        },
        {
          label: t('tokenMarket.cost'),
          value: `${registry.format(figures?.total ?? '0', QUOTE, EXACT)} ${QUOTE}`,
          strong: true,
        },
      ]}
    >
      <ListingTerms listing={l} />
      <div className="tm-buy__field">
        <Field label={t('walletForm.amount')} htmlFor={amountId} error={shown}>
          <AmountInput
            id={amountId}
            value={amount}
            onChange={(v) => {
              setAmount(sanitizeAmountInput(v, scale));
              setAll(false);
            }}
            placeholder={t('prompts.amount')}
            asset={l.symbol}
          />
        </Field>
        <ShareButtons
          scale={scale}
          remaining={l.remaining}
          amount={amount}
          all={all}
          onPick={(value, whole) => {
            setAmount(value);
            setAll(whole);
          }}
        />
      </div>
    </ConfirmSheet>
  );
}

/** Buy all or part of a listing: amount, cost and fee before confirming, the server's answer as a toast. */
export function BuySheet({
  listing,
  onClose,
}: {
  readonly listing: Listing | null;
  readonly onClose: () => void;
}): ReactNode {
  // The last listing stays while the sheet slides away; each opening starts a fresh form (and request ids).
  const [shown, setShown] = useState<{ readonly listing: Listing; readonly n: number } | null>(null);
  if (listing && listing !== shown?.listing) setShown({ listing, n: (shown?.n ?? 0) + 1 });
  if (!shown) return null;
  return <BuyForm key={shown.n} listing={shown.listing} visible={listing !== null} onClose={onClose} />;
}
