import { formatNumber, formatUpTo, type ResponseData } from '@nexa/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiFailure, useApiInfinite, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useBalances, useDebounced, useMoneyCall, useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { assetScale, checkAmount, isPositiveAmount, ratePercent } from '../../lib/amounts';
import { useSession } from '../../session';
import { AvailableLine, useAmountField } from '../../ui/amount-field';
import { SubmitButton } from '../../ui/form';
import { IconDown, IconSwapVertical } from '../../ui/icons';
import { AssetIcon, Money, RecordRow } from '../../ui/money';
import { RecordsSection } from '../../ui/records-section';
import { AssetPickerSheet, ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import { lifeLeft, quoteDeadline, secondsLeft } from './quote';
import { exchangePair, pickSide } from './rules';
import './wallet-screens.css';

const NO_FILTERS = {};
const QUOTE_DEBOUNCE_MS = 400;

type ExchangeInfo = ResponseData<'/api/exchange/getExchangeInfo'>;
type ExchangeRecord = PagedItem<'/api/exchange/getExchangeInfo'>;
type Pair = { from: string | null; to: string | null };

/** A ring that empties as the quote's life runs out. */
function CountdownRing({ share, seconds }: { readonly share: number; readonly seconds: number }): ReactNode {
  const r = 9;
  const c = 2 * Math.PI * r;
  return (
    <span className="ring" aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
        <circle cx="11" cy="11" r={r} className="ring__track" />
        <circle
          cx="11"
          cy="11"
          r={r}
          className="ring__bar"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - share)}
          transform="rotate(-90 11 11)"
        />
      </svg>
      <span className="ring__text num">{seconds}</span>
    </span>
  );
}

function ExchangeRow({ r }: { readonly r: ExchangeRecord }): ReactNode {
  const { t } = useTranslation('wallet');
  return (
    <RecordRow
      title={`${r.from_asset} → ${r.to_asset}`}
      amount={<Money value={r.to_amount} asset={r.to_asset} sign />}
      amountTone="up"
      time={r.time}
      details={[
        { label: t('exchange.paid'), value: <Money value={`-${r.from_amount}`} asset={r.from_asset} /> },
        { label: t('exchange.rate'), value: `1 ${r.from_asset} ≈ ${formatUpTo(r.rate, 8)} ${r.to_asset}` },
        { label: t('walletForm.fee'), value: <Money value={r.fee} asset={r.fee_asset} /> },
      ]}
    />
  );
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

  // The server's terms (fee rate, quote life); nothing is quoted before they are known.
  const ttl = info?.quote_ttl_s ?? 0;
  const feeRate = info?.fee_rate ?? null;
  const assets = [...new Set(['USDT', ...(info?.prices ?? []).map((p) => p.asset)])];
  const from = pair.from;
  const to = pair.to;
  const scale = from ? assetScale(from) : 8;
  // Empty is only an error once the user tried to submit (the box's placeholder is a number, not the prompt).
  const amountField = useAmountField({
    prompt: 'prompts.amount',
    asset: from ?? '',
    available: from ? balances.available(from, 'spot') : null,
    tried,
    emptyOnlyWhenTried: true,
  });
  const amount = amountField.value;
  const pairError = tried && !to ? t('prompts.tokenSelection') : null;

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
  const deadline = quote ? quoteDeadline(quote.expires_at, quoteQuery.dataUpdatedAt, ttl) : 0;
  const now = useNow(quote !== null);
  const left = quote ? secondsLeft(deadline, now) : 0;
  const refreshing = quoteQuery.isFetching;
  const expired = quote !== null && left === 0;
  const quoteFailed = quoteQuery.isError;
  // The server's reason, in the user's language (no live market, the book cannot take the amount, …).
  const quoteRefusal =
    quoteQuery.error instanceof ApiFailure && quoteQuery.error.body ? quoteQuery.error.body.msg : null;

  const typing = settled !== amount && isPositiveAmount(amount) && from !== null && to !== null;
  const panel: 'idle' | 'loading' | 'ready' | 'failed' | 'unavailable' = quote
    ? 'ready'
    : typing || (quotable && quoteQuery.isFetching)
      ? 'loading'
      : quotable && quoteFailed
        ? 'failed'
        : quotable && quoteQuery.isSuccess
          ? 'unavailable'
          : quotable
            ? 'loading'
            : 'idle';

  // An expired quote is asked again at once (not in a loop when asking fails: then a button does it).
  const { refetch } = quoteQuery;
  useEffect(() => {
    if (expired && !refreshing && !quoteFailed) void refetch();
  }, [expired, refreshing, quoteFailed, refetch]);

  // The open sheet always confirms the quote on screen (a new quote is a new submission).
  const { content, open } = call;
  useEffect(() => {
    if (content && quote && content.quote_id !== quote.quote_id) open({ quote_id: quote.quote_id });
  }, [content, quote, open]);

  const review = () => {
    setTried(true);
    if (!to || amountField.problem || !quote || expired) return;
    open({ quote_id: quote.quote_id });
  };
  const confirm = async () => {
    const done = await call.confirm((failure) => {
      if (failure.is('QuoteExpired')) void refetch();
    });
    if (!done) return;
    showToast(t('exchange.success'));
    amountField.reset();
    setTried(false);
  };

  const quoteRows = quote
    ? [
        {
          label: t('exchange.rate'),
          value: `1 ${quote.from_asset} ≈ ${formatUpTo(quote.rate, 8)} ${quote.to_asset}`,
        },
        {
          label: t('exchange.feeWithRate', { rate: feeRate === null ? '--' : ratePercent(feeRate) }),
          value: `${formatUpTo(quote.fee, 8)} ${quote.fee_asset}`,
        },
        {
          label: t('walletForm.youReceive'),
          value: `${formatUpTo(quote.to_amount, 8)} ${quote.to_asset}`,
          strong: true,
        },
      ]
    : [];

  return (
    <>
      <div className="wform">
        <section className="wform__card cv">
          <div className={amountField.error ? 'cv__box cv__box--error' : 'cv__box'}>
            <div className="cv__head">
              <label className="cv__label" htmlFor={amountField.id}>
                {t('exchange.from')}
              </label>
              <span className="cv__avail">
                <AvailableLine field={amountField} plain />
              </span>
            </div>
            <div className="cv__main">
              <button type="button" className="cv__asset" onClick={() => setPicking('from')}>
                {from ? <AssetIcon asset={from} size={24} /> : null}
                <span>{from ?? t('exchange.select')}</span>
                <IconDown className="cv__caret" />
              </button>
              <input
                id={amountField.id}
                className="cv__input num"
                value={amount}
                placeholder={formatNumber('0', 2)}
                inputMode="decimal"
                autoComplete="off"
                enterKeyHint="done"
                onChange={(e) => amountField.change(e.target.value)}
                onBlur={amountField.touch}
              />
              <button type="button" className="cv__max" onClick={amountField.fillMax}>
                {t('walletForm.max')}
              </button>
            </div>
          </div>
          {amountField.error ? (
            <p className="wf__error" role="alert">
              {amountField.error}
            </p>
          ) : null}

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

          <div className={pairError ? 'cv__box cv__box--error' : 'cv__box'}>
            <div className="cv__head">
              <span className="cv__label">{t('exchange.to')}</span>
            </div>
            <div className="cv__main">
              <button type="button" className="cv__asset" onClick={() => setPicking('to')}>
                {to ? <AssetIcon asset={to} size={24} /> : null}
                <span className={to ? undefined : 'cv__placeholder'}>
                  {to ?? t('prompts.tokenSelection')}
                </span>
                <IconDown className="cv__caret" />
              </button>
              <span className={quote ? 'cv__out num' : 'cv__out cv__out--empty num'}>
                {quote ? formatUpTo(quote.to_amount, 8) : formatNumber('0', 2)}
              </span>
            </div>
          </div>
          {pairError ? (
            <p className="wf__error" role="alert">
              {pairError}
            </p>
          ) : null}

          <div className="cv__quote" aria-live="polite">
            {panel === 'ready' && quote ? (
              <>
                <InfoRows rows={quoteRows} />
                {expired && quoteFailed && !refreshing ? (
                  <button type="button" className="cv__retry" onClick={() => void refetch()}>
                    {t('exchange.requote')}
                  </button>
                ) : (
                  <p className="cv__timer">
                    <CountdownRing share={lifeLeft(deadline, now, ttl)} seconds={left} />
                    <span>
                      {refreshing || expired
                        ? t('exchange.refreshing')
                        : t('exchange.refreshIn', { count: left })}
                    </span>
                  </p>
                )}
              </>
            ) : panel === 'failed' ? (
              <>
                {quoteRefusal ? (
                  <p className="wf__error" role="alert">
                    {quoteRefusal}
                  </p>
                ) : null}
                <button type="button" className="cv__retry" onClick={() => void refetch()}>
                  {t('exchange.requote')}
                </button>
              </>
            ) : panel === 'unavailable' ? (
              <p className="cv__hint">{t('exchange.noQuote')}</p>
            ) : panel === 'loading' ? (
              <p className="cv__hint cv__hint--loading">{t('exchange.quoting')}</p>
            ) : feeRate !== null ? (
              <p className="cv__hint">{t('exchange.hint', { rate: ratePercent(feeRate), seconds: ttl })}</p>
            ) : null}
          </div>

          <SubmitButton disabled={call.busy || (quotable && !quote)} onClick={review}>
            {t('exchange.submit')}
          </SubmitButton>
        </section>
      </div>

      <RecordsSection
        texts={{
          title: t('exchange.records'),
          emptyTitle: t('exchange.emptyTitle'),
          emptyBody: t('exchange.emptyBody'),
        }}
        path="/api/exchange/getExchangeInfo"
        filters={NO_FILTERS}
        renderItem={(r) => <ExchangeRow r={r} />}
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

      <ConfirmSheet
        visible={call.content !== null}
        title={t('exchange.confirmTitle')}
        busy={call.busy}
        disabled={!quote || expired || refreshing}
        onClose={call.close}
        onConfirm={() => void confirm()}
        confirmText={
          quote && !expired && !refreshing
            ? t('exchange.confirmIn', { count: left })
            : t('exchange.refreshing')
        }
        rows={
          quote
            ? [
                {
                  label: t('exchange.pay'),
                  value: `${formatUpTo(quote.from_amount, 8)} ${quote.from_asset}`,
                },
                ...quoteRows,
              ]
            : []
        }
      >
        {quote ? (
          <p className="sheet__hero">
            <span className="sheet__hero-label">{t('walletForm.youReceive')}</span>
            <span className="sheet__hero-value num">
              {formatUpTo(quote.to_amount, 8)} {quote.to_asset}
            </span>
          </p>
        ) : null}
      </ConfirmSheet>
    </>
  );
}

/** Exchange one asset for another at a quote valid 30 s, with the exchange log. */
export default function ExchangeScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Exchange /> : <SignInPrompt />;
}
