import { lazy, memo, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from '../i18n';
import { readStored, writeStored } from '../lib/storage';
import { CANDLE_INTERVALS, type CandleInterval } from '../live/candles';
import type { ChartLine } from './candle-chart';
import './chart-panel.css';
import { IconCandles, IconDown } from './icons';

// lightweight-charts comes with this chunk only, when the chart is first shown.
const CandleChart = lazy(() => import('./candle-chart'));

function storedInterval(key: string): CandleInterval {
  const v = readStored(key);
  return (CANDLE_INTERVALS as readonly string[]).includes(v ?? '') ? (v as CandleInterval) : '15m';
}

/**
 * Candles with every interval of the spec; the panel folds away, and remembers both choices per screen
 * (`place`: spot's `trade`, the swaps' `futures`). `lines` are drawn over the candles (a swap's mark and
 * index, a position's entry and liquidation).
 */
export const ChartPanel = memo(function ChartPanel({
  instId,
  priceDecimals,
  aside,
  lines,
  place = 'trade',
}: {
  readonly instId: string;
  readonly priceDecimals: number;
  /** At the start of the bar while the chart is folded (a way to another screen). */
  readonly aside?: ReactNode;
  readonly lines?: readonly ChartLine[] | undefined;
  readonly place?: 'trade' | 'futures';
}): ReactNode {
  const { t } = useTranslation();
  const OPEN_KEY = `${place}ChartOpen`;
  const INTERVAL_KEY = `${place}ChartInterval`;
  // Folded until the user opens it: the order form and the book come first on a phone.
  const [open, setOpen] = useState(() => readStored(OPEN_KEY) === '1');
  const [interval, setChartInterval] = useState<CandleInterval>(() => storedInterval(INTERVAL_KEY));
  const toggle = () => {
    writeStored(OPEN_KEY, open ? '0' : '1');
    setOpen(!open);
  };
  const pick = (i: CandleInterval) => {
    writeStored(INTERVAL_KEY, i);
    setChartInterval(i);
  };
  return (
    <section className="chart-panel">
      <div className="chart-panel__bar">
        {open ? null : <div className="chart-panel__aside">{aside}</div>}
        <div className="chart-panel__intervals" role="tablist" aria-label={t('tradeView.interval')}>
          {open
            ? CANDLE_INTERVALS.map((i) => (
                <button
                  key={i}
                  type="button"
                  role="tab"
                  aria-selected={i === interval}
                  className={i === interval ? 'chart-panel__iv chart-panel__iv--on' : 'chart-panel__iv'}
                  onClick={() => pick(i)}
                >
                  {t(`tradeView.intervals.${i}`)}
                </button>
              ))
            : null}
        </div>
        <button
          type="button"
          className={open ? 'chart-panel__toggle chart-panel__toggle--open' : 'chart-panel__toggle'}
          onClick={toggle}
          aria-expanded={open}
        >
          <IconCandles />
          <span className={open ? 'visually-hidden' : undefined}>{t('tradeView.chart')}</span>
          <IconDown className="chart-panel__chevron" />
        </button>
      </div>
      {open ? (
        <Suspense fallback={<div className="chart chart--loading" />}>
          <CandleChart instId={instId} interval={interval} priceDecimals={priceDecimals} lines={lines} />
        </Suspense>
      ) : null}
    </section>
  );
});
