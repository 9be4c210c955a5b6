import {
  type CandlestickData,
  CandlestickSeries,
  ColorType,
  createChart,
  type HistogramData,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useApiQuery } from '../api/hooks';
import { useTranslation } from '../i18n';
import { type Bar, barsFromCandles, buildBars, type CandleInterval, mergeBars } from '../live/candles';
import { getLive } from '../live/index';
import { useAppearance } from './settings';
import { InlineError } from './states';

/** The theme's colors as the chart needs them (CSS variables resolved). */
function themeColors() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: v('--color-up', '#2ebd85'),
    down: v('--color-down', '#f6465d'),
    text: v('--color-text-3', '#848e9c'),
    grid: v('--color-border', '#252a30'),
    bg: v('--color-surface', '#161a1e'),
  };
}

/** A horizontal price line over the candles (a swap's mark and index, a position's entry and liquidation). */
export interface ChartLine {
  readonly key: string;
  /** Decimal text; a line without a price is not drawn. */
  readonly price: string | null;
  readonly title: string;
  readonly tone: 'mark' | 'index' | 'entry' | 'liq';
}

/** Each line's color from the theme: mark and entry stand out, index is quiet, liquidation warns. */
function lineColor(tone: ChartLine['tone']): string {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  if (tone === 'mark') return v('--color-text-2', '#b7bdc6');
  if (tone === 'index') return v('--color-text-3', '#848e9c');
  if (tone === 'entry') return v('--color-brand', '#3b82f6');
  return v('--color-warning', '#f0b90b');
}

/** Draws the lines on the candle series, replacing those drawn before whenever one moves. */
function usePriceLines(
  candles: RefObject<ISeriesApi<'Candlestick'> | null>,
  lines: readonly ChartLine[] | undefined,
): void {
  const drawn = useRef<IPriceLine[]>([]);
  const signature = (lines ?? []).map((l) => `${l.key}:${l.price ?? ''}:${l.title}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the lines drawn
  useEffect(() => {
    const series = candles.current;
    if (!series) return;
    for (const l of drawn.current) series.removePriceLine(l);
    drawn.current = [];
    for (const l of lines ?? []) {
      const price = l.price === null ? Number.NaN : Number(l.price);
      if (!Number.isFinite(price) || price <= 0) continue;
      drawn.current.push(
        series.createPriceLine({
          price,
          color: lineColor(l.tone),
          lineWidth: 1,
          lineStyle: l.tone === 'index' ? LineStyle.Dotted : LineStyle.Dashed,
          axisLabelVisible: true,
          title: l.title,
        }),
      );
    }
  }, [signature]);
}

/** The chart's time axis shows local time: bar starts shifted by the zone's offset. */
function chartTime(start_ms: number): UTCTimestamp {
  const offsetMs = new Date(start_ms).getTimezoneOffset() * 60_000;
  return Math.floor((start_ms - offsetMs) / 1000) as UTCTimestamp;
}

function candle(b: Bar): CandlestickData<UTCTimestamp> {
  return { time: chartTime(b.start), open: b.open, high: b.high, low: b.low, close: b.close };
}

/** "#2ebd85" at an opacity, as rgba() (the canvas takes no color-mix). */
function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return color;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h ?? '0', 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

function volume(b: Bar, up: string, down: string): HistogramData<UTCTimestamp> {
  return { time: chartTime(b.start), value: b.volume, color: withAlpha(b.close >= b.open ? up : down, 0.45) };
}

/** Bars asked of the server per instrument and interval. */
const HISTORY_BARS = 300;
/** The server's candles are asked again this often; live prices carry the last bar in between. */
const HISTORY_REFRESH_MS = 60_000;

/**
 * The chart in `host`, made once with its candle and volume series; its colors follow the theme and the
 * up/down setting, its price format the instrument's decimals.
 */
function useChartSeries(host: RefObject<HTMLDivElement | null>, priceDecimals: number) {
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const { theme, upDown } = useAppearance();

  // The chart, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: host is the element's ref, read once when the chart is made
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = themeColors();
    const api = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: c.text,
        fontSize: 10,
        attributionLogo: true,
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      // Room above the highest bar, so the top axis label never sits under the last price's tag.
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.16, bottom: 0.25 } },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, rightOffset: 4 },
      crosshair: { mode: 0 },
      handleScale: { axisPressedMouseMove: false },
    });
    candles.current = api.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      borderVisible: false,
    });
    volumes.current = api.addSeries(HistogramSeries, {
      priceScaleId: 'vol',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    api.priceScale('vol').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = api;
    return () => {
      api.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
    };
  }, []);

  // Colors follow the theme and the up/down setting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme and upDown change the CSS variables read here
  useEffect(() => {
    const c = themeColors();
    chart.current?.applyOptions({
      layout: { textColor: c.text },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    });
    candles.current?.applyOptions({
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
    });
  }, [theme, upDown]);

  useEffect(() => {
    candles.current?.applyOptions({
      priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
    });
  }, [priceDecimals]);

  return { chart, candles, volumes };
}

/**
 * Candles of one instrument and interval, drawn by lightweight-charts (loaded with this chunk only):
 * the history from `/v1/market/candles`, carried forward live by the ticker prices as they arrive.
 */
export default function CandleChart({
  instId,
  interval,
  priceDecimals,
  lines,
}: {
  readonly instId: string;
  readonly interval: CandleInterval;
  readonly priceDecimals: number;
  readonly lines?: readonly ChartLine[] | undefined;
}): ReactNode {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(true);
  const history = useApiQuery(
    '/v1/market/candles',
    { instId, bar: interval, limit: HISTORY_BARS },
    // The chart shows its own failure with a retry (a chart of one live candle would look like data).
    { refetchInterval_ms: HISTORY_REFRESH_MS, handles: 'all' },
  );
  const historyBars = useMemo(() => barsFromCandles(history.data ?? []), [history.data]);
  const historyReady = !history.isPending;
  /** The view (instrument and interval) whose visible range was last placed. */
  const placed = useRef<string | null>(null);

  const { chart, candles, volumes } = useChartSeries(host, priceDecimals);
  usePriceLines(candles, lines);

  // Data: all bars when the view or the server's history changes, then the last bar as prices arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chart, candles and volumes are useChartSeries' refs
  useEffect(() => {
    const store = getLive().store;
    const view = `${instId} ${interval}`;
    let shown = -1;
    let count = 0;
    const draw = (full: boolean) => {
      const ticks = store.getTicks(instId);
      if (!full && ticks.length === shown) return;
      shown = ticks.length;
      const all = mergeBars(historyBars, buildBars(ticks, interval));
      const c = themeColors();
      if (full || all.length < count || all.length > count + 1) {
        candles.current?.setData(all.map(candle));
        volumes.current?.setData(all.map((b) => volume(b, c.up, c.down)));
      } else {
        const last = all[all.length - 1];
        if (last) {
          candles.current?.update(candle(last));
          volumes.current?.update(volume(last, c.up, c.down));
        }
      }
      count = all.length;
      // The visible range is placed once per view, when its history is in (a refresh keeps the user's place).
      if (placed.current !== view && historyReady && all.length > 0) {
        placed.current = view;
        const time = chart.current?.timeScale();
        if (all.length > 90) time?.setVisibleLogicalRange({ from: all.length - 90, to: all.length + 2 });
        else if (all.length >= 24) time?.fitContent();
        else time?.scrollToRealTime();
      }
      setEmpty(all.length === 0);
    };
    draw(true);
    return store.subscribe(() => draw(false));
  }, [instId, interval, historyBars, historyReady]);

  const failed = history.isError && !history.data;
  return (
    <div className="chart">
      <div className="chart__canvas" ref={host} style={failed ? { visibility: 'hidden' } : undefined} />
      {failed ? (
        <div className="chart__empty chart__failed">
          <InlineError onRetry={() => void history.refetch()} />
        </div>
      ) : empty && historyReady ? (
        // Said once the history is in and has nothing: while it loads, the chart stays blank.
        <p className="chart__empty">{t('tradeView.chartWaiting')}</p>
      ) : null}
    </div>
  );
}
