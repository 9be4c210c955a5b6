import { type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type AssetBook, useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { type Translate, useTranslation } from '../../i18n';
import { compareAmounts, EXACT, ratePercent, sanitizeAmountInput } from '../../lib/amounts';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { AmountInput, Field, PickerButton, SubmitButton } from '../../ui/form';
import { AssetIcon } from '../../ui/money';
import { AssetPickerSheet, ConfirmSheet, type InfoRow, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import { type TokenPrices, tokenMarketPath, useMarketTerms } from './hooks';
import { checkPrice, meetsMinimum, premiumPercent, QUOTE, tradeFigures } from './p2p-math';
import './token-market.css';

/**
 * Under the price: the market price (the one the wallet values tokens at), the cheapest listing, how far
 * the typed price is from the market, and the suggested price one tap away.
 */
function PriceGuide({
  prices,
  price,
  onUse,
}: {
  readonly prices: TokenPrices | null;
  readonly price: string;
  readonly onUse: (price: string) => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  if (!prices || (prices.market === null && prices.lowest === null)) return null;
  const premium = premiumPercent(price, prices.market);
  return (
    <div className="tm-guide">
      <dl className="tm-guide__rows">
        {prices.market !== null ? (
          <div>
            <dt>{t('tokenMarket.marketPrice')}</dt>
            <dd className="num">
              {registry.format(prices.market, QUOTE, EXACT)} {QUOTE}
            </dd>
          </div>
        ) : null}
        {prices.lowest !== null ? (
          <div>
            <dt>{t('tokenMarket.lowestListing')}</dt>
            <dd className="num">
              {registry.format(prices.lowest, QUOTE, EXACT)} {QUOTE}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="row row--between">
        {premium !== null ? (
          <span
            className={
              premium.startsWith('-') ? 'tm-guide__premium tm-guide__premium--below' : 'tm-guide__premium'
            }
          >
            {premium === '0.0'
              ? t('tokenMarket.atMarket')
              : premium.startsWith('-')
                ? t('tokenMarket.belowMarket', { pct: premium.slice(1) })
                : t('tokenMarket.aboveMarket', { pct: premium.slice(1) })}
          </span>
        ) : (
          <span />
        )}
        {prices.suggested !== null && prices.suggested !== price ? (
          <button type="button" className="tm-guide__use" onClick={() => onUse(prices.suggested ?? '')}>
            {t('tokenMarket.useSuggested', { price: registry.format(prices.suggested, QUOTE, EXACT) })}
          </button>
        ) : null}
      </div>
    </div>
  );
}

type SellCall = ReturnType<typeof useMoneyCall<'/api/trade/sell'>>;
type Figures = NonNullable<ReturnType<typeof tradeFigures>>;

/** What a listing brings: its total, the fee, what the seller receives. */
function sellRows(
  t: Translate<'tokenMarket'>,
  registry: AssetBook,
  figures: Figures | null,
  rate: string,
): InfoRow[] {
  return [
    {
      label: t('tokenMarket.total'),
      value: figures ? `${registry.format(figures.total, QUOTE, EXACT)} ${QUOTE}` : '--',
    },
    {
      label: t('tokenMarket.feeWithRate', { rate }),
      value: figures ? `${registry.format(figures.fee, QUOTE, EXACT)} ${QUOTE}` : '--',
    },
    {
      label: t('walletForm.youReceive'),
      value: figures ? `${registry.format(figures.net, QUOTE, EXACT)} ${QUOTE}` : '--',
      strong: true,
    },
  ];
}

/** The confirmation: the amount listed, the price, what it brings. */
function ConfirmListing({
  call,
  rows,
  onConfirm,
}: {
  readonly call: SellCall;
  readonly rows: readonly InfoRow[];
  readonly onConfirm: () => void;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={t('tokenMarket.confirmSell')}
      busy={call.busy}
      onClose={call.close}
      onConfirm={onConfirm}
      confirmText={t('tokenMarket.listSubmit')}
      confirmTone="down"
      rows={
        call.content
          ? [
              {
                label: t('tokenMarket.price'),
                value: `${registry.format(call.content.price, QUOTE, EXACT)} ${QUOTE}`,
              },
              ...rows,
            ]
          : []
      }
      note={t('tokenMarket.sellNote')}
    >
      {call.content ? (
        <p className="sheet__hero">
          <span className="sheet__hero-label">{t('tokenMarket.youList')}</span>
          <span className="sheet__hero-value num">
            {registry.format(call.content.amount, call.content.symbol, EXACT)} {call.content.symbol}
          </span>
        </p>
      ) : null}
    </ConfirmSheet>
  );
}

/** Under the figures: why the listing is too small, or else the minimum and the fee. */
function SellHint({
  error,
  minUsdt,
  rate,
}: {
  readonly error: string | null;
  readonly minUsdt: string;
  readonly rate: string;
}): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  return error ? (
    <p className="wf__error" role="alert">
      {error}
    </p>
  ) : (
    <p className="wf__hint">
      {t('tokenMarket.sellHint', {
        amount: registry.format(minUsdt, QUOTE, EXACT),
        asset: QUOTE,
        rate,
      })}
    </p>
  );
}

function SellForm(): ReactNode {
  const { t } = useTranslation('tokenMarket');
  const registry = useAssets();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const priceId = useId();
  const terms = useMarketTerms();
  const balances = useBalances();
  const call = useMoneyCall('/api/trade/sell', ['/api/trade/sellList']);
  const [picked, setPicked] = useState<string | null>(params.get('symbol')?.toUpperCase() || null);
  const [picking, setPicking] = useState(false);
  const [price, setPrice] = useState('');
  const [touchedPrice, setTouchedPrice] = useState(false);
  const [tried, setTried] = useState(false);

  const symbols = terms.symbols;
  // Until the user picks one: the token asked for, else the first listable token they hold, else the first.
  const held = symbols.find((s) => compareAmounts(balances.available(s, 'spot') ?? '0', '0') > 0);
  const symbol = picked && symbols.includes(picked) ? picked : (held ?? symbols[0] ?? null);
  const amountField = useAmountField({
    prompt: 'prompts.amount',
    asset: symbol ?? '',
    available: symbol ? balances.available(symbol, 'spot') : null,
    tried,
  });
  const amount = amountField.value;
  const amountProblem = amountField.problem;
  const priceProblem = checkPrice(price);
  const priceError =
    (tried || touchedPrice) && priceProblem
      ? t(priceProblem === 'required' ? 'tokenMarket.pricePrompt' : 'tokenMarket.priceInvalid')
      : null;
  const figures =
    symbol && !priceProblem && amountProblem !== 'invalid' && amountProblem !== 'required'
      ? tradeFigures(registry.scale(symbol), price, amount, terms.feeRate)
      : null;
  const belowMinimum = figures !== null && !meetsMinimum(figures.totalMinor, terms.minUsdt);
  const minimumError =
    belowMinimum && (tried || (amountField.touched && touchedPrice))
      ? t('tokenMarket.belowMinimum', { amount: registry.format(terms.minUsdt, QUOTE, EXACT), asset: QUOTE })
      : null;
  const rate = ratePercent(terms.feeRate);

  const rows = sellRows(t, registry, figures, rate);

  const review = () => {
    setTried(true);
    if (!symbol || amountProblem || priceProblem || belowMinimum) return;
    call.open({ symbol, price, amount });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('tokenMarket.listed'));
    navigate(tokenMarketPath('mine'), { replace: true });
  };

  return (
    <div className="wform">
      <section className="wform__card">
        <Field label={t('tokenMarket.token')} error={tried && !symbol ? t('prompts.tokenSelection') : null}>
          <PickerButton
            label={t('tokenMarket.token')}
            value={symbol}
            placeholder={t('prompts.tokenSelection')}
            icon={symbol ? <AssetIcon asset={symbol} size={24} /> : null}
            onClick={() => setPicking(true)}
          />
        </Field>
        <AmountField field={amountField} />
        <Field label={t('tokenMarket.priceCol', { asset: QUOTE })} htmlFor={priceId} error={priceError}>
          <AmountInput
            id={priceId}
            value={price}
            onChange={(v) => setPrice(sanitizeAmountInput(v, registry.scale(QUOTE)))}
            onBlur={() => setTouchedPrice(true)}
            placeholder={t('tokenMarket.pricePrompt')}
            asset={QUOTE}
          />
        </Field>
        <PriceGuide
          prices={symbol ? terms.pricesOf(symbol) : null}
          price={price}
          onUse={(p) => {
            setPrice(p);
            setTouchedPrice(true);
          }}
        />
        <InfoRows rows={rows} />
        <SellHint error={minimumError} minUsdt={terms.minUsdt} rate={rate} />
        <SubmitButton disabled={call.busy} onClick={review}>
          {t('tokenMarket.listSubmit')}
        </SubmitButton>
      </section>

      <AssetPickerSheet
        visible={picking}
        assets={symbols}
        value={symbol}
        available={(s) => balances.available(s, 'spot')}
        onClose={() => setPicking(false)}
        onPick={(s) => {
          setPicked(s);
          amountField.clear();
        }}
      />

      <ConfirmListing call={call} rows={rows} onConfirm={() => void confirm()} />
    </div>
  );
}

/** Sell tokens (/tokenSell): a listable token, an amount out of the spot balance, a USDT price; fee before confirming. */
export default function TokenSellScreen(): ReactNode {
  const { token } = useSession();
  return token ? <SellForm /> : <SignInPrompt />;
}
