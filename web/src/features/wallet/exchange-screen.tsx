import { formatNumber, type ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiInfinite, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useBalances, useDebounced, useMoneyCall } from '../../hooks/money';
import { type Translate, useTranslation } from '../../i18n';
import { checkAmount, isPositiveAmount, ratePercent } from '../../lib/amounts';
import { quotePanelState } from '../../lib/quote-clock';
import { useSession } from '../../session';
import { type AmountFieldState, AvailableLine, useAmountField } from '../../ui/amount-field';
import {
  confirmationOf,
  QuotePanel,
  QuoteSheet,
  type QuoteTexts,
  useExchangeQuote,
} from '../../ui/exchange-quote';
import { SubmitButton } from '../../ui/form';
import { IconDown, IconSwapVertical } from '../../ui/icons';
import { AssetIcon } from '../../ui/money';
import { ExchangeRecords } from '../../ui/money-records';
import { AssetPickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import { exchangePair, pickSide } from './rules';
import './wallet-screens.css';

const NO_FILTERS = {};
const QUOTE_DEBOUNCE_MS = 400;

type ExchangeInfo = ResponseData<'/api/exchange/getExchangeInfo'>;
type ExchangeQuote = NonNullable<ExchangeInfo['quote']>;
type ExchangeCall = ReturnType<typeof useMoneyCall<'/api/exchange/exchange'>>;
type Pair = { from: string | null; to: string | null };

/** The quote panel's and sheet's words, with the fee rate and the quote's life in seconds. */
function quoteTexts(t: Translate<'wallet'>, feeRate: string | null, ttl: number): QuoteTexts {
  return {
    rate: t('exchange.rate'),
    fee: t('exchange.feeWithRate', { rate: feeRate === null ? '--' : ratePercent(feeRate) }),
    receive: t('walletForm.youReceive'),
    requote: t('exchange.requote'),
    refreshing: t('exchange.refreshing'),
    refreshIn: (count) => t('exchange.refreshIn', { count }),
    quoting: t('exchange.quoting'),
    noQuote: t('exchange.noQuote'),
    hint: feeRate === null ? null : t('exchange.hint', { rate: ratePercent(feeRate), seconds: ttl }),
    confirmTitle: t('exchange.confirmTitle'),
    pay: t('exchange.pay'),
    confirmIn: (count) => t('exchange.confirmIn', { count }),
  };
}

/** What is paid: the asset (tap to choose), the amount typed, what is available and "Max". */
function FromBox({
  field,
  from,
  onPick,
}: {
  readonly field: AmountFieldState;
  readonly from: string | null;
  readonly onPick: () => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <>
      <div className={field.error ? 'cv__box cv__box--error' : 'cv__box'}>
        <div className="cv__head">
          <label className="cv__label" htmlFor={field.id}>
            {t('exchange.from')}
          </label>
          <span className="cv__avail">
            <AvailableLine field={field} plain />
          </span>
        </div>
        <div className="cv__main">
          <button type="button" className="cv__asset" onClick={onPick}>
            {from ? <AssetIcon asset={from} size={24} /> : null}
            <span>{from ?? t('exchange.select')}</span>
            <IconDown className="cv__caret" />
          </button>
          <input
            id={field.id}
            className="cv__input num"
            value={field.value}
            placeholder={formatNumber('0', 2)}
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            onChange={(e) => field.change(e.target.value)}
            onBlur={field.touch}
          />
          <button type="button" className="cv__max" onClick={field.fillMax}>
            {t('walletForm.max')}
          </button>
        </div>
      </div>
      {field.error ? (
        <p className="wf__error" role="alert">
          {field.error}
        </p>
      ) : null}
    </>
  );
}

/** What is received: the asset (tap to choose) and the quote's amount. */
function ToBox({
  to,
  quote,
  error,
  onPick,
}: {
  readonly to: string | null;
  readonly quote: ExchangeQuote | null;
  readonly error: string | null;
  readonly onPick: () => void;
}): ReactNode {
  const { t } = useTranslation('wallet');
  const registry = useAssets();
  return (
    <>
      <div className={error ? 'cv__box cv__box--error' : 'cv__box'}>
        <div className="cv__head">
          <span className="cv__label">{t('exchange.to')}</span>
        </div>
        <div className="cv__main">
          <button type="button" className="cv__asset" onClick={onPick}>
            {to ? <AssetIcon asset={to} size={24} /> : null}
            <span className={to ? undefined : 'cv__placeholder'}>{to ?? t('prompts.tokenSelection')}</span>
            <IconDown className="cv__caret" />
          </button>
          <span className={quote ? 'cv__out num' : 'cv__out cv__out--empty num'}>
            {quote ? registry.format(quote.to_amount, quote.to_asset, { exact: true }) : formatNumber('0', 2)}
          </span>
        </div>
      </div>
      {error ? (
        <p className="wf__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The amount typed, quoted once it settles (when the terms are known and the pair is whole), and its panel. */
function useQuotedAmount({
  info,
  from,
  to,
  amount,
  scale,
  call,
}: {
  readonly info: ExchangeInfo | undefined;
  readonly from: string | null;
  readonly to: string | null;
  readonly amount: string;
  readonly scale: number;
  readonly call: ExchangeCall;
}) {
  const { t } = useTranslation('wallet');
  const ttl = info?.quote_ttl_s ?? 0;
  // Quote what the user typed once it settles.
  const settled = useDebounced(amount, QUOTE_DEBOUNCE_MS);
  const quotable =
    info !== undefined &&
    from !== null &&
    to !== null &&
    from !== to &&
    isPositiveAmount(settled) &&
    checkAmount(settled, { scale, available: null }) === null;
  const quoteQuery = useApiQuery(
    '/api/exchange/getExchangeInfo',
    quotable ? { from, to, amount: settled } : NO_FILTERS,
    // The screen shows the server's refusal under the amount, so it is not toasted as well.
    { enabled: quotable, handles: 'all' },
  );
  const quote = quotable && settled === amount ? (quoteQuery.data?.quote ?? null) : null;
  const quoteFailed = quoteQuery.isError;
  const exchange = useExchangeQuote({
    quote,
    receivedAt_ms: quoteQuery.dataUpdatedAt,
    ttl_s: ttl,
    refreshing: quoteQuery.isFetching,
    failed: quoteFailed,
    // The server's reason shows in the user's language (no live market, the book cannot take the amount, …).
    error: quoteQuery.error,
    refetch: quoteQuery.refetch,
    call,
    texts: quoteTexts(t, info?.fee_rate ?? null, ttl),
  });

  const panel = quotePanelState({
    quote,
    typed: amount,
    settled,
    quotable,
    pairReady: from !== null && to !== null,
    fetching: quoteQuery.isFetching,
    failed: quoteFailed,
    answered: quoteQuery.isSuccess,
  });
  return { quotable, quote, exchange, panel };
}

function Exchange(): ReactNode {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  const infoPages = useApiInfinite('/api/exchange/getExchangeInfo', NO_FILTERS);
  const info = infoPages.data?.pages[0] as ExchangeInfo | undefined;
  const call = useMoneyCall('/api/exchange/exchange', ['/api/exchange/getExchangeInfo']);
  const [pair, setPair] = useState<Pair>({ from: 'USDT', to: null });
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const [tried, setTried] = useState(false);

  const assets = [...new Set(['USDT', ...(info?.prices ?? []).map((p) => p.asset)])];
  const from = pair.from;
  const to = pair.to;
  // Empty is only an error once the user tried to submit (the box's placeholder is a number, not the prompt).
  const amountField = useAmountField({
    prompt: 'prompts.amount',
    asset: from ?? '',
    available: from ? balances.available(from, 'spot') : null,
    tried,
    emptyOnlyWhenTried: true,
  });
  const amount = amountField.value;
  const { registry } = amountField;
  const scale = registry.scale(from ?? '');
  const pairError = tried && !to ? t('prompts.tokenSelection') : null;

  const { quotable, quote, exchange, panel } = useQuotedAmount({ info, from, to, amount, scale, call });

  const review = () => {
    setTried(true);
    if (!to || amountField.problem || !quote || exchange.expired) return;
    call.open(confirmationOf(quote));
  };
  const confirm = async () => {
    const done = await exchange.confirm();
    if (!done) return;
    showToast(t('exchange.success'));
    amountField.reset();
    setTried(false);
  };

  return (
    <>
      <div className="wform">
        <section className="wform__card cv">
          <FromBox field={amountField} from={from} onPick={() => setPicking('from')} />

          <div className="cv__swap-row">
            <button
              type="button"
              className="cv__swap"
              aria-label={t('exchange.swap')}
              onClick={() => {
                setPair({ from: to, to: from });
                amountField.clear();
              }}
            >
              <IconSwapVertical />
            </button>
          </div>

          <ToBox to={to} quote={quote} error={pairError} onPick={() => setPicking('to')} />

          <QuotePanel className="cv__quote" exchange={exchange} shows={panel} />

          <SubmitButton disabled={call.busy || (quotable && !quote)} onClick={review}>
            {t('exchange.submit')}
          </SubmitButton>
        </section>
      </div>

      <ExchangeRecords
        path="/api/exchange/getExchangeInfo"
        texts={{
          title: t('exchange.records'),
          emptyTitle: t('exchange.emptyTitle'),
          emptyBody: t('exchange.emptyBody'),
          paid: t('exchange.paid'),
          rate: t('exchange.rate'),
        }}
      />

      <AssetPickerSheet
        visible={picking !== null}
        assets={assets}
        value={picking === 'to' ? to : from}
        available={(a) => balances.available(a, 'spot')}
        onClose={() => setPicking(null)}
        onPick={(a) => {
          if (!picking) return;
          const next = exchangePair(pickSide<string | null>(pair, picking, a), picking);
          if (next.from !== from) amountField.clear();
          setPair(next);
        }}
      />

      <QuoteSheet exchange={exchange} onConfirm={() => void confirm()}>
        {quote ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('walletForm.youReceive')}</span>
            <span className="sheet__hero-value num">
              {registry.format(quote.to_amount, quote.to_asset, { exact: true })} {quote.to_asset}
            </span>
          </p>
        ) : null}
      </QuoteSheet>
    </>
  );
}

/** Exchange one asset for another at a quote valid 30 s, with the exchange log. */
export default function ExchangeScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Exchange /> : <SignInPrompt />;
}
