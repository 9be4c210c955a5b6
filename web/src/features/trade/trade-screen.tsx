import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { findInstrument, useInstruments, useMarkets } from '../../hooks/markets';
import { useTranslation } from '../../i18n';
import { decimalsOfPrice, stepDecimals } from '../../lib/market-data';
import { useBook, useOrderUpdates } from '../../live/hooks';
import { getLive } from '../../live/index';
import { useSession } from '../../session';
import { ChartPanel } from '../../ui/chart-panel';
import { EntryLink } from '../../ui/entry-link';
import { IconBell, IconTokenMarket } from '../../ui/icons';
import { MarketSwitch } from '../../ui/market-switch';
import { OrderBook } from '../../ui/order-book';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { MiniTicker } from './mini-ticker';
import { OrderForm, type PriceFill } from './order-form';
import { DEFAULT_SPOT_RULES, type OrderRules } from './order-math';
import { OrdersPanel } from './orders-panel';
import { PairHeader } from './pair-header';
import './trade.css';

/** The instrument shown: `?instId=` when the server lists it, else the one selected first, else the first listed. */
function useInstId(listed: readonly string[] | undefined): [string | null, (instId: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('instId')?.trim().toUpperCase() || null;
  const known = wanted !== null && (listed === undefined || listed.includes(wanted));
  const instId = known ? wanted : (getLive().store.books.selected ?? listed?.[0] ?? null);
  const pick = useCallback((next: string) => setParams({ instId: next }, { replace: true }), [setParams]);
  useEffect(() => {
    if (instId) getLive().store.books.select(instId);
  }, [instId]);
  return [instId, pick];
}

function rulesFor(
  instId: string,
  inst:
    | ({ base: string; quote: string; tick_size: string; lot_size: string } & Partial<OrderRules>)
    | undefined,
): OrderRules {
  const [base = instId, quote = ''] = instId.split('-');
  return {
    base: inst?.base ?? base,
    quote: inst?.quote ?? quote,
    tick_size: inst?.tick_size ?? '0.00000001',
    lot_size: inst?.lot_size ?? '0.00000001',
    min_notional: inst?.min_notional ?? DEFAULT_SPOT_RULES.min_notional,
    maker_fee_rate: inst?.maker_fee_rate ?? DEFAULT_SPOT_RULES.maker_fee_rate,
    taker_fee_rate: inst?.taker_fee_rate ?? DEFAULT_SPOT_RULES.taker_fee_rate,
  };
}

/** Live order updates while signed in (a component, so the hook runs only with a session). */
function FollowOrders(): null {
  useOrderUpdates();
  return null;
}

/**
 * Trade (/trade): instrument head, candles, order book with the order form beside it, my open and
 * closed orders. Signed out, the book and the chart stay; the form and orders give way to a sign-in prompt.
 */
export default function TradeScreen(): ReactNode {
  const { t } = useTranslation('trade');
  const { token } = useSession();
  const instruments = useInstruments();
  const markets = useMarkets();
  const listed = useMemo(
    () =>
      instruments.data?.list.filter((i) => i.enabled).map((i) => i.instId) ??
      (markets.rows.length > 0 ? markets.rows.map((r) => r.instId) : undefined),
    [instruments.data, markets.rows],
  );
  const [instId, pick] = useInstId(listed);
  const inst = findInstrument(instruments.data?.list, instId);
  const row = markets.rows.find((r) => r.instId === instId) ?? null;
  const book = useBook(instId);
  const [fill, setFill] = useState<(PriceFill & { readonly instId: string }) | null>(null);
  const onPickPrice = useCallback(
    (px: string) => {
      if (instId) setFill((f) => ({ instId, px, n: (f?.n ?? 0) + 1 }));
    },
    [instId],
  );

  if (!instId) {
    return (
      <div className="trade">
        <MarketSwitch current="trade" />
        <PairHeader row={null} markets={markets.rows} onPick={pick} />
        <p className="trade__none">{t(markets.isPending ? 'common.loading' : 'markets.emptyBody')}</p>
      </div>
    );
  }

  const rules = rulesFor(instId, inst);
  // The tick's decimals; without the instrument list, those the prices themselves carry (never a guess of 2).
  const bookPx = book?.asks[0]?.[0] ?? book?.bids[0]?.[0] ?? null;
  const priceDecimals = inst
    ? stepDecimals(inst.tick_size)
    : (row?.priceDecimals ?? (bookPx ? decimalsOfPrice(bookPx) : 2));
  const sizeDecimals = inst ? stepDecimals(inst.lot_size) : 4;
  const last = row?.last ?? null;

  return (
    <div className="trade">
      {token ? <FollowOrders /> : null}
      <MarketSwitch current="trade" />
      <MiniTicker rows={markets.rows} current={instId} onPick={pick} />
      <PairHeader row={row} markets={markets.rows} onPick={pick} />
      <ChartPanel
        instId={instId}
        priceDecimals={priceDecimals}
        aside={
          <>
            <EntryLink to="tokenMarket" icon={IconTokenMarket} />
            <EntryLink to="alerts" icon={IconBell} />
          </>
        }
      />
      <div className="trade__main">
        <div className="trade__form">
          {token ? (
            <OrderForm
              key={instId}
              instId={instId}
              rules={rules}
              last={last}
              bestAsk={book?.asks[0]?.[0] ?? null}
              bestBid={book?.bids[0]?.[0] ?? null}
              fill={fill?.instId === instId ? fill : null}
            />
          ) : (
            <SignInPrompt compact narrow title={t('trade.signInTitle')} body={t('trade.signInBody')} />
          )}
        </div>
        <div className="trade__book">
          <OrderBook
            book={book}
            last={last}
            base={rules.base}
            quote={rules.quote}
            priceDecimals={priceDecimals}
            sizeDecimals={sizeDecimals}
            onPick={onPickPrice}
          />
        </div>
      </div>
      {token ? (
        <OrdersPanel
          instId={instId}
          base={rules.base}
          quote={rules.quote}
          priceDecimals={priceDecimals}
          sizeDecimals={sizeDecimals}
        />
      ) : null}
    </div>
  );
}
