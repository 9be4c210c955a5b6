import { formatUpTo, NEU_ASSET, type ResponseData } from '@nexa/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useBalances, useDebounced, useMoneyCall, useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { assetScale, checkAmount, isPositiveAmount, ratePercent } from '../../lib/amounts';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { Segments, SubmitButton } from '../../ui/form';
import { Money, RecordRow } from '../../ui/money';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { RecordsSection } from '../../ui/records-section';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { quoteClock, quoteDeadline } from './neu-math';
import { CountdownRing, NO_BODY, showPrice, useRefresh, useTabParam } from './neu-parts';
import { SpaPanel } from './spa-panel';
import { RankingPanel, TeamPanel } from './team-panel';
import './neu.css';

type Tab = 'exchange' | 'spa' | 'team' | 'ranking';
const TABS: readonly Tab[] = ['exchange', 'spa', 'team', 'ranking'];

type From = 'USDT' | typeof NEU_ASSET;
const TERMS = { page: 1, size: 1 };
const QUOTE_DEBOUNCE_MS = 400;
const REFRESH = ['/api/neu/exchangeList', '/api/neu/uinfo'] as const;

type Quote = NonNullable<ResponseData<'/api/neu/exchangeList'>['quote']>;
type ExchangeRecord = PagedItem<'/api/neu/exchangeList'>;

function ExchangeRow({ r }: { readonly r: ExchangeRecord }): ReactNode {
  const { t } = useTranslation('neu');
  return (
    <div data-testid="neu-exchange-row">
      <RecordRow
        title={`${r.from_asset} → ${r.to_asset}`}
        amount={<Money value={r.to_amount} asset={r.to_asset} sign />}
        amountTone="up"
        time={r.time}
        details={[
          {
            label: t('neu.exchange.paid'),
            value: <Money value={`-${r.from_amount}`} asset={r.from_asset} />,
          },
          { label: t('neu.rate'), value: `1 ${r.from_asset} ≈ ${formatUpTo(r.rate, 8)} ${r.to_asset}` },
          { label: t('neu.fee'), value: <Money value={r.fee} asset={r.fee_asset} /> },
        ]}
      />
    </div>
  );
}

/**
 * USDT ↔ NEU at a quote of the NEU/USDT book: what was typed is quoted once it settles, the quote counts down
 * its 30 s and is asked again when it runs out; the sheet confirms the quote on screen.
 */
function Exchange(): ReactNode {
  const { t } = useTranslation('neu');
  const balances = useBalances();
  const terms = useApiQuery('/api/neu/exchangeList', TERMS);
  const call = useMoneyCall('/api/neu/getNeuExchangeOrder', REFRESH);
  const [from, setFrom] = useState<From>('USDT');
  const [tried, setTried] = useState(false);
  const to: From = from === 'USDT' ? NEU_ASSET : 'USDT';
  const scale = assetScale(from);
  const ttl = terms.data?.quote_ttl_s ?? 0;
  const feeRate = terms.data?.fee_rate ?? null;
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: from,
    available: balances.available(from, 'spot'),
    tried,
    emptyOnlyWhenTried: true,
  });

  const settled = useDebounced(amount.value, QUOTE_DEBOUNCE_MS);
  const quotable =
    terms.data !== undefined &&
    isPositiveAmount(settled) &&
    checkAmount(settled, { scale, available: null }) === null;
  const quoteQuery = useApiQuery(
    '/api/neu/exchangeList',
    { from, amount: settled, page: 1, size: 1 },
    // The refusal shows under the amount, so it is not toasted as well.
    { enabled: quotable, handles: 'all' },
  );
  const quote: Quote | null = quotable && settled === amount.value ? (quoteQuery.data?.quote ?? null) : null;
  const deadline = quote ? quoteDeadline(quote.expires_at, quoteQuery.dataUpdatedAt, ttl) : 0;
  const now = useNow(quote !== null);
  const clock = quoteClock(deadline, now, ttl);
  const refreshing = quoteQuery.isFetching;
  const expired = quote !== null && clock.expired;
  const failed = quotable && quoteQuery.isError;
  const refusal =
    quoteQuery.error instanceof ApiFailure && quoteQuery.error.body ? quoteQuery.error.body.msg : null;
  const typing = settled !== amount.value && isPositiveAmount(amount.value);

  // An expired quote is asked again at once (not in a loop when asking fails: then a button does it).
  const { refetch } = quoteQuery;
  useEffect(() => {
    if (expired && !refreshing && !failed) void refetch();
  }, [expired, refreshing, failed, refetch]);

  // The open sheet always confirms the quote on screen (a new quote is a new submission).
  const { content, open } = call;
  useEffect(() => {
    if (content && quote && content.quote_id !== quote.quote_id) open({ quote_id: quote.quote_id });
  }, [content, quote, open]);

  const review = () => {
    setTried(true);
    if (amount.problem || !quote || expired) return;
    open({ quote_id: quote.quote_id });
  };
  const confirm = async () => {
    const done = await call.confirm((failure) => {
      if (failure.is('QuoteExpired')) void refetch();
    });
    if (!done) return;
    showToast(
      t('neu.exchange.success', {
        amount: formatUpTo(done.to_amount, assetScale(done.to_asset)),
        asset: done.to_asset,
      }),
    );
    amount.reset();
    setTried(false);
  };

  const quoteRows = quote
    ? [
        {
          label: t('neu.rate'),
          value: `1 ${quote.from_asset} ≈ ${formatUpTo(quote.rate, 8)} ${quote.to_asset}`,
        },
        {
          label: t('neu.exchange.feeWithRate', { rate: feeRate === null ? '--' : ratePercent(feeRate) }),
          value: `${formatUpTo(quote.fee, 8)} ${quote.fee_asset}`,
        },
        {
          label: t('neu.youReceive'),
          value: (
            <span data-testid="neu-quote-receive">{`${formatUpTo(quote.to_amount, 8)} ${quote.to_asset}`}</span>
          ),
          strong: true,
        },
      ]
    : [];

  return (
    <>
      <div className="neu-form">
        <section className="card neu-card">
          <div className="neu-card__head">
            <Segments
              label={t('neu.exchange.direction')}
              value={from}
              onChange={(next) => {
                setFrom(next);
                amount.clear();
                setTried(false);
              }}
              options={[
                { value: 'USDT', label: `USDT → ${NEU_ASSET}` },
                { value: NEU_ASSET, label: `${NEU_ASSET} → USDT` },
              ]}
            />
            <span className="neu-card__aside num" data-testid="neu-exchange-price">
              {terms.data?.price_usdt
                ? t('neu.priceLine', { price: showPrice(terms.data.price_usdt), asset: NEU_ASSET })
                : ''}
            </span>
          </div>
          <AmountField field={amount} />
          <div className="neu-quote" aria-live="polite">
            {quote ? (
              <>
                <InfoRows rows={quoteRows} />
                {expired && failed && !refreshing ? (
                  <button type="button" className="neu-link-btn" onClick={() => void refetch()}>
                    {t('neu.exchange.requote')}
                  </button>
                ) : (
                  <p className="neu-timer" data-testid="neu-quote-timer">
                    <CountdownRing share={clock.share} seconds={clock.seconds} />
                    <span>
                      {refreshing || expired
                        ? t('neu.exchange.refreshing')
                        : t('neu.exchange.refreshIn', { count: clock.seconds })}
                    </span>
                  </p>
                )}
              </>
            ) : failed ? (
              <>
                {refusal ? (
                  <p className="wf__error" role="alert">
                    {refusal}
                  </p>
                ) : null}
                <button type="button" className="neu-link-btn" onClick={() => void refetch()}>
                  {t('neu.exchange.requote')}
                </button>
              </>
            ) : typing || (quotable && quoteQuery.isFetching) ? (
              <p className="neu-hint neu-hint--loading">{t('neu.exchange.quoting')}</p>
            ) : quotable && quoteQuery.isSuccess ? (
              <p className="neu-hint">{t('neu.exchange.noQuote')}</p>
            ) : feeRate !== null ? (
              <p className="neu-hint">
                {t('neu.exchange.hint', { rate: ratePercent(feeRate), seconds: ttl })}
              </p>
            ) : null}
          </div>
          <SubmitButton disabled={call.busy || (quotable && !quote)} onClick={review}>
            {t('neu.exchange.submit', { from, to })}
          </SubmitButton>
        </section>
      </div>
      <RecordsSection
        texts={{
          title: t('neu.exchange.records'),
          emptyTitle: t('neu.exchange.emptyTitle'),
          emptyBody: t('neu.exchange.emptyBody'),
        }}
        path="/api/neu/exchangeList"
        filters={NO_BODY}
        renderItem={(r) => <ExchangeRow r={r} />}
      />
      <ConfirmSheet
        visible={call.content !== null}
        title={t('neu.exchange.confirmTitle')}
        busy={call.busy}
        disabled={!quote || expired || refreshing}
        onClose={call.close}
        onConfirm={() => void confirm()}
        confirmText={
          quote && !expired && !refreshing
            ? t('neu.exchange.confirmIn', { count: clock.seconds })
            : t('neu.exchange.refreshing')
        }
        rows={
          quote
            ? [
                {
                  label: t('neu.exchange.pay'),
                  value: `${formatUpTo(quote.from_amount, 8)} ${quote.from_asset}`,
                },
                ...quoteRows,
              ]
            : []
        }
      />
    </>
  );
}

/**
 * NEU exchange & team (/neuRecharge4), one screen of four tabs: USDT ↔ NEU at a quote with its records; the SPA
 * quota (give it to a user, exchange it for NEU); my team; the NEU ranking with my place.
 */
export default function NeuExchangeScreen(): ReactNode {
  const { t } = useTranslation('neu');
  const { token } = useSession();
  const [tab, setTab] = useTabParam(TABS, 'exchange');
  const refresh = useRefresh(
    '/api/neu/exchangeList',
    '/api/neu/spaQuotaTransferList',
    '/api/neu/spaExchangeList',
    '/api/neu/teamList',
    '/api/neu/rankingList',
    '/api/finance/userFinance',
  );
  if (!token) return <SignInPrompt title={t('neu.signInTitle')} body={t('neu.signInBody')} />;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="neu-screen">
        <Tabs
          className="neu-tabs neu-tabs--scroll"
          size="m"
          value={tab}
          onChange={setTab}
          label={t('screens.neuRecharge4')}
          items={TABS.map((k) => ({ key: k, label: t(`neu.tabs.${k}`) }))}
        />
        {tab === 'exchange' ? (
          <Exchange />
        ) : tab === 'spa' ? (
          <SpaPanel />
        ) : tab === 'team' ? (
          <TeamPanel />
        ) : (
          <RankingPanel />
        )}
      </div>
    </PullToRefresh>
  );
}
