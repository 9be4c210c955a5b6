import { lazy, memo, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n';
import { readStored, writeStored } from '../../lib/storage';
import { CANDLE_INTERVALS, type CandleInterval } from '../../live/candles';
import { IconCandles, IconDown } from '../../ui/icons';

// lightweight-charts comes with this chunk only, when the chart is first shown.
const CandleChart = lazy(() => import('./candle-chart'));

const OPEN_KEY = 'tradeChartOpen';
const INTERVAL_KEY = 'tradeChartInterval';

function storedInterval(): CandleInterval {
  const v = readStored(INTERVAL_KEY);
  return (CANDLE_INTERVALS as readonly string[]).includes(v ?? '') ? (v as CandleInterval) : '15m';
}

/** Candles with every interval of the spec; the panel folds away, and remembers both choices. */
export const ChartPanel = memo(function ChartPanel({
  instId,
  priceDecimals,
  aside,
}: {
  readonly instId: string;
  readonly priceDecimals: number;
  /** At the start of the bar while the chart is folded (a way to another screen). */
  readonly aside?: ReactNode;
}): ReactNode {
  const { t } = useTranslation('trade');
  // Folded until the user opens it: the order form and the book come first on a phone.
  const [open, setOpen] = useState(() => readStored(OPEN_KEY) === '1');
  const [interval, setChartInterval] = useState<CandleInterval>(storedInterval);
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
        <div className="chart-panel__intervals" role="tablist" aria-label={t('trade.interval')}>
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
                  {t(`trade.intervals.${i}`)}
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
          <span className={open ? 'visually-hidden' : undefined}>{t('trade.chart')}</span>
          <IconDown className="chart-panel__chevron" />
        </button>
      </div>
      {open ? (
        <Suspense fallback={<div className="chart chart--loading" />}>
          <CandleChart instId={instId} interval={interval} priceDecimals={priceDecimals} />
        </Suspense>
      ) : null}
    </section>
  );
});
