import { NEU_ASSET, type ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useDebounced, useMoneyCall } from '../../hooks/money';
import { type Translate, useTranslation } from '../../i18n';
import { checkAmount, EXACT, isPositiveAmount, ratePercent } from '../../lib/amounts';
import { quotePanelState } from '../../lib/quote-clock';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import {
  confirmationOf,
  QuotePanel,
  QuoteSheet,
  type QuoteTexts,
  useExchangeQuote,
} from '../../ui/exchange-quote';
import { Segments, SubmitButton } from '../../ui/form';
import { ExchangeRecords } from '../../ui/money-records';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { showPrice, useRefresh, useTabParam } from './neu-parts';
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

/** The quote panel's and sheet's words, with the fee rate and the quote's life in seconds. */
function quoteTexts(t: Translate<'neu'>, feeRate: string | null, ttl: number): QuoteTexts {
  return {
    rate: t('neu.rate'),
    fee: t('neu.exchange.feeWithRate', { rate: feeRate === null ? '--' : ratePercent(feeRate) }),
    receive: t('neu.youReceive'),
    requote: t('neu.exchange.requote'),
    refreshing: t('neu.exchange.refreshing'),
    refreshIn: (count) => t('neu.exchange.refreshIn', { count }),
    quoting: t('neu.exchange.quoting'),
    noQuote: t('neu.exchange.noQuote'),
    hint: feeRate === null ? null : t('neu.exchange.hint', { rate: ratePercent(feeRate), seconds: ttl }),
    confirmTitle: t('neu.exchange.confirmTitle'),
    pay: t('neu.exchange.pay'),
    confirmIn: (count) => t('neu.exchange.confirmIn', { count }),
  };
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
  const ttl = terms.data?.quote_ttl_s ?? 0;
  const feeRate = terms.data?.fee_rate ?? null;
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset: from,
    available: balances.available(from, 'spot'),
    tried,
    emptyOnlyWhenTried: true,
  });
  const { registry } = amount;
  const scale = registry.scale(from);

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
  const failed = quotable && quoteQuery.isError;
  const exchange = useExchangeQuote({
    quote,
    receivedAt_ms: quoteQuery.dataUpdatedAt,
    ttl_s: ttl,
    refreshing: quoteQuery.isFetching,
    failed,
    error: quoteQuery.error,
    refetch: quoteQuery.refetch,
    call,
    receiveTestId: 'neu-quote-receive',
    texts: quoteTexts(t, feeRate, ttl),
  });
  const panel = quotePanelState({
    quote,
    typed: amount.value,
    settled,
    quotable,
    pairReady: true,
    fetching: quoteQuery.isFetching,
    failed,
    answered: quoteQuery.isSuccess,
  });

  const review = () => {
    setTried(true);
    if (amount.problem || !quote || exchange.expired) return;
    call.open(confirmationOf(quote));
  };
  const confirm = async () => {
    const done = await exchange.confirm();
    if (!done) return;
    showToast(
      t('neu.exchange.success', {
        amount: registry.format(done.to_amount, done.to_asset, EXACT),
        asset: done.to_asset,
      }),
    );
    amount.reset();
    setTried(false);
  };

  return (
    <>
      <div className="page page--no-bottom">
        <section className="card box neu-card">
          <div className="box__head">
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
          <QuotePanel exchange={exchange} shows={panel} timerTestId="neu-quote-timer" />
          <SubmitButton disabled={call.busy || (quotable && !quote)} onClick={review}>
            {t('neu.exchange.submit', { from, to })}
          </SubmitButton>
        </section>
      </div>
      <ExchangeRecords
        path="/api/neu/exchangeList"
        rowTestId="neu-exchange-row"
        texts={{
          title: t('neu.exchange.records'),
          emptyTitle: t('neu.exchange.emptyTitle'),
          emptyBody: t('neu.exchange.emptyBody'),
          paid: t('neu.exchange.paid'),
          rate: t('neu.rate'),
        }}
      />
      <QuoteSheet exchange={exchange} onConfirm={() => void confirm()} />
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
