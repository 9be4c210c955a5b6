import { formatNumber } from '@nexa/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { formatPrice } from '../../lib/market-data';
import { useBook, useLivePositions, useMark, useOrderUpdates, useTicker } from '../../live/hooks';
import { useSession } from '../../session';
import type { ChartLine } from '../../ui/candle-chart';
import { ChartPanel } from '../../ui/chart-panel';
import { EntryLink } from '../../ui/entry-link';
import { IconShield } from '../../ui/icons';
import { MarketSwitch } from '../../ui/market-switch';
import { OrderBook } from '../../ui/order-book';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ScreenSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { countdown, type Position, ratePercent, type SwapInstrument, tickDecimals } from './futures-math';
import { OrderPanel } from './order-panel';
import { PositionList } from './positions';
import { FundingRecords, OrderRecords, PositionHistory } from './records';
import './futures.css';

type Tab = 'positions' | 'orders' | 'history' | 'funding';

/** Live order updates while signed in (a component, so the hook runs only with a session). */
function FollowOrders(): null {
  useOrderUpdates();
  return null;
}

/** Candles of the swap with its mark and index lines, and my position's entry and liquidation prices. */
function FuturesChart({
  inst,
  position,
}: {
  readonly inst: SwapInstrument;
  readonly position: Position | null;
}): ReactNode {
  const { t } = useTranslation('futures');
  const { token } = useSession();
  const mark = useMark(inst.instId);
  const markPx = mark?.markPx ?? inst.mark_px;
  const idxPx = mark?.idxPx ?? inst.idx_px;
  const lines: ChartLine[] = [
    { key: 'mark', price: markPx, title: t('futures.chartMark'), tone: 'mark' },
    { key: 'index', price: idxPx, title: t('futures.chartIndex'), tone: 'index' },
    ...(position
      ? [
          { key: 'entry', price: position.avg_px, title: t('futures.chartEntry'), tone: 'entry' as const },
          { key: 'liq', price: position.liq_px, title: t('futures.chartLiq'), tone: 'liq' as const },
        ]
      : []),
  ];
  return (
    <ChartPanel
      instId={inst.instId}
      priceDecimals={tickDecimals(inst.tick_size)}
      lines={lines}
      place="futures"
      // The way to insurance sits in the chart's row, as the token market does on spot: the row above
      // carries the simulated-market mark.
      aside={token ? <EntryLink to="node7" icon={IconShield} /> : null}
    />
  );
}

/** The order form (or the sign-in prompt) beside the swap's book, whose mark row sits between asks and bids. */
function FuturesMain({
  inst,
  position,
  signedIn,
}: {
  readonly inst: SwapInstrument;
  readonly position: Position | null;
  readonly signedIn: boolean;
}): ReactNode {
  const { t } = useTranslation('futures');
  const mark = useMark(inst.instId);
  const book = useBook(inst.instId);
  const ticker = useTicker(inst.instId);
  const markPx = mark?.markPx ?? inst.mark_px;
  const [fill, setFill] = useState<{ px: string; n: number } | null>(null);
  const onPick = useCallback((px: string) => setFill((f) => ({ px, n: (f?.n ?? 0) + 1 })), []);
  return (
    <div className="fut__main">
      <div className="fut__form">
        {signedIn ? (
          <OrderPanel
            inst={inst}
            markPx={markPx}
            lastPx={ticker?.last ?? inst.last ?? null}
            position={position}
            fill={fill}
          />
        ) : (
          <SignInPrompt compact narrow title={t('futures.signInTitle')} body={t('futures.signInBody')} />
        )}
      </div>
      <div className="fut__book">
        <OrderBook
          book={book}
          last={ticker?.last ?? inst.last}
          base={t('futures.cont')}
          quote="USDT"
          priceDecimals={tickDecimals(inst.tick_size)}
          sizeDecimals={0}
          onPick={onPick}
          markPx={markPx}
        />
      </div>
    </div>
  );
}

function Signed({ inst }: { readonly inst: SwapInstrument }): ReactNode {
  const { t } = useTranslation('futures');
  const [tab, setTab] = useState<Tab>('positions');
  const positions = useLivePositions();
  const list = positions.data?.list ?? [];
  const mine = list.find((p) => p.instId === inst.instId) ?? null;
  return (
    <>
      <FollowOrders />
      <FuturesChart inst={inst} position={mine} />
      <FuturesMain inst={inst} position={mine} signedIn />
      <Tabs
        className="fut__tabs"
        size="m"
        value={tab}
        onChange={setTab}
        label={t('futures.records')}
        items={[
          { key: 'positions', label: t('futures.positionsTab', { count: list.length }) },
          { key: 'orders', label: t('futures.ordersTab') },
          { key: 'history', label: t('futures.historyTab') },
          { key: 'funding', label: t('futures.fundingTab') },
        ]}
      />
      {tab === 'positions' ? (
        <PositionList query={positions} />
      ) : tab === 'orders' ? (
        <OrderRecords instId={inst.instId} />
      ) : tab === 'history' ? (
        <PositionHistory />
      ) : (
        <FundingRecords />
      )}
    </>
  );
}

/** Mark, index and last price with the funding rate and the time to its settlement. */
function PriceHead({
  inst,
  onPick,
}: {
  readonly inst: SwapInstrument;
  readonly onPick: () => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const mark = useMark(inst.instId);
  const book = useBook(inst.instId);
  const ticker = useTicker(inst.instId);
  const now = useNow(true, 1000);
  const d = tickDecimals(inst.tick_size);
  const markPx = mark?.markPx ?? inst.mark_px;
  const idxPx = mark?.idxPx ?? inst.idx_px;
  const rate = mark?.fundingRate ?? inst.funding_rate;
  const next = mark?.fundingTime ?? inst.next_funding_time;
  const bid = book?.bids[0]?.[0];
  const ask = book?.asks[0]?.[0];
  const last = ticker?.last ?? inst.last ?? (bid && ask ? String((Number(bid) + Number(ask)) / 2) : null);
  const base = inst.ct_val_ccy;
  return (
    <header className="fhead">
      <div className="fhead__main">
        <button type="button" className="fhead__pair" onClick={onPick} aria-haspopup="dialog">
          <span className="fhead__base">{base}USDT</span>
          <span className="fhead__kind">{t('futures.perpetual')}</span>
          <span aria-hidden="true" className="fhead__chevron">
            ▾
          </span>
        </button>
        <div className="fhead__price num" data-testid="fut-mark">
          {formatPrice(markPx, d)}
        </div>
        <div className="fhead__sub">{t('futures.markPrice')}</div>
      </div>
      <dl className="fhead__stats">
        <div>
          <dt>{t('futures.indexPrice')}</dt>
          <dd className="num">{formatPrice(idxPx, d)}</dd>
        </div>
        <div>
          <dt>{t('futures.lastPrice')}</dt>
          <dd className="num">{formatPrice(last, d)}</dd>
        </div>
        <div>
          <dt>{t('futures.fundingRate')}</dt>
          <dd className={`num ${Number(rate) > 0 ? 'up' : Number(rate) < 0 ? 'down' : ''}`}>
            {ratePercent(rate)}
          </dd>
        </div>
        <div>
          <dt>{t('futures.countdown')}</dt>
          <dd className="num">{countdown(next, now)}</dd>
        </div>
      </dl>
    </header>
  );
}

/**
 * Futures (/contract): perpetual swaps, laid out as OKX's app at 360–430 px. The contract head (mark, index,
 * last, funding and its countdown), the candles with mark, index, entry and liquidation lines, the order form
 * (leverage, contract count, TP/SL, open long or short) beside the book with its mark row, my positions with
 * live PnL, my orders, closed positions and funding. Signed out, the head, chart and book stay and the form
 * gives way to a sign-in prompt.
 */
export default function FuturesScreen(): ReactNode {
  const { t } = useTranslation('futures');
  const { token } = useSession();
  const instruments = useApiQuery('/v1/futures/instruments', NO_BODY, { refetchInterval_ms: 30_000 });
  const [params, setParams] = useSearchParams();
  const [picking, setPicking] = useState(false);
  const list = useMemo(() => instruments.data?.list.filter((i) => i.enabled) ?? [], [instruments.data]);
  const wanted = params.get('instId')?.trim().toUpperCase();
  const inst = list.find((i) => i.instId === wanted) ?? list[0] ?? null;
  useEffect(() => {
    if (inst && wanted !== inst.instId) setParams({ instId: inst.instId }, { replace: true });
  }, [inst, wanted, setParams]);

  let body: ReactNode;
  if (!instruments.data) {
    body = instruments.isError ? (
      <ErrorState onRetry={() => void instruments.refetch()} />
    ) : (
      <ScreenSkeleton />
    );
  } else if (!inst) {
    body = <p className="fut__none">{t('futures.none')}</p>;
  } else {
    body = (
      <>
        <PriceHead inst={inst} onPick={() => setPicking(true)} />
        {token ? (
          <Signed key={inst.instId} inst={inst} />
        ) : (
          <>
            <FuturesChart inst={inst} position={null} />
            <FuturesMain key={inst.instId} inst={inst} position={null} signedIn={false} />
          </>
        )}
        <PickerSheet
          visible={picking}
          title={t('futures.pickContract')}
          value={inst.instId}
          onPick={(instId) => setParams({ instId }, { replace: true })}
          onClose={() => setPicking(false)}
          options={list.map((i) => ({
            value: i.instId,
            label: `${i.ct_val_ccy}USDT ${t('futures.perpetual')}`,
            note: <span className="num">{formatNumber(i.mark_px ?? '0', tickDecimals(i.tick_size))}</span>,
          }))}
        />
      </>
    );
  }
  return (
    <div className="fut">
      <MarketSwitch current="contract" />
      {body}
    </div>
  );
}
