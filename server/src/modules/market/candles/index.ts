/**
 * Candles of every instrument at every interval, and the 24-hour tickers, derived from trades and kept
 * across restarts.
 *
 * - Every `trade` on the bus (platform fills and reference prints) updates the bars in memory at once, so
 *   reads never touch the store.
 * - About once a second the changed bars are written (upsert) with, per instrument, the last stored
 *   platform trade they hold, in one transaction; bars that fell out of memory are deleted with them.
 * - At start the newest bars are read back, then the platform trades stored after that mark are replayed:
 *   a crash between a fill and the next write loses nothing and counts nothing twice. Reference prints are
 *   not stored as trades; at most the last second of them is lost on a crash.
 * - The ticker of an instrument is read off its 1-minute bars of the last 24 hours (so it survives a
 *   restart with them) and published after the trades that moved it. With the OKX feed as the price
 *   source, OKX's tickers are published instead and the calls answer with the newest ticker published.
 */
import type { ResponseData } from '@nexa/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Bus, BusEvents } from '../../../kernel/bus';
import type { AppDeps } from '../../../kernel/context';
import { parseDec, percentChange } from '../sim/decimal';
import { marketCandleMarks, marketCandles } from '../tables';
import {
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  type CandleOptions,
  type CandleTrade,
  createCandleSeries,
  followTrades,
  type StoredBar,
} from './series';

export * from './series';

/** Where the candles read the platform's stored trades from (the market service). */
export interface TradeSource {
  instIds(): string[];
  tradesAfter(instId: string, afterId: number, limit: number): Promise<BusEvents['trade'][]>;
}

export type TickerView = ResponseData<'/v1/market/tickers'>['list'][number];

export interface CandleService {
  /** Reads the stored bars, replays stored trades after them and follows the bus. */
  start(): Promise<void>;
  bars(instId: string, interval: CandleInterval, limit?: number): Candle[];
  /** The close of the newest bar of the shortest interval (the last price the candles saw), if any. */
  lastClose(instId: string): string | null;
  /** The 24-hour ticker of an instrument, as published on the bus. */
  ticker(instId: string): BusEvents['ticker'];
  /** Every instrument's ticker, as the tickers call answers. */
  tickers(): TickerView[];
  /** Counts a reference trade that is not on the bus (the demo's past). */
  record(instId: string, trade: CandleTrade): void;
  /** Writes what changed now. */
  flush(): Promise<void>;
  /** Stops following the bus and writes what is left. */
  close(): Promise<void>;
}

const KEEP = 1500;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const REPLAY_BATCH = 5000;
/** Rows per insert statement (12 parameters each, far below the protocol's limit). */
const WRITE_BATCH = 500;

export function createCandleService(
  deps: Pick<AppDeps, 'store' | 'log' | 'clock'> & { bus: Bus; trades: TradeSource },
  opts: CandleOptions & { flushMs?: number; publishTickers?: boolean } = {},
): CandleService {
  const { store, log, bus, trades, clock } = deps;
  // A day of 1-minute bars at least, for the tickers.
  const keep = opts.keep ?? KEEP;
  const intervals = opts.intervals ?? CANDLE_INTERVALS;
  const publishTickers = opts.publishTickers ?? true;
  const series = createCandleSeries({ ...opts, keep, intervals });
  /** instId → last platform trade id held by the bars in memory / by the bars written. */
  const marks = new Map<string, number>();
  const written = new Map<string, number>();
  let detach: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** The newest ticker published per instrument (by this service or another price source). */
  const published = new Map<string, BusEvents['ticker']>();
  /** Instruments whose ticker is due once the trades of the current turn are in. */
  const due = new Set<string>();

  function ticker(instId: string): BusEvents['ticker'] {
    const now = clock.now().getTime();
    const from = Math.floor((now - DAY_MS) / MINUTE_MS) * MINUTE_MS;
    const w = series.window(instId, '1m', from);
    const last = w?.last ?? '';
    const open = w?.open ?? null;
    return {
      instId,
      last,
      open24h: open ?? '',
      high24h: w?.high ?? '',
      low24h: w?.low ?? '',
      vol24h: w?.vol ?? '0',
      changePercent: open && last ? percentChange(parseDec(open), parseDec(last)) : '0.00',
      ts: now,
    };
  }

  function publishDue(): void {
    for (const instId of due) bus.publish('ticker', ticker(instId));
    due.clear();
  }

  /** The market's instruments: trades of anything else on the bus are not ours to chart. */
  let known = new Set<string>();

  const onTrade = (instId: string, t: CandleTrade, id: string) => {
    if (!known.has(instId)) return;
    // Platform trades carry their stored id; one already held (replayed at start) is not counted again.
    if (/^\d+$/.test(id)) {
      const n = Number(id);
      if (n <= (marks.get(instId) ?? 0)) return;
      marks.set(instId, n);
    }
    series.add(instId, t);
    if (!publishTickers) return;
    // The trades of one fill or one reference step arrive together: one ticker after them.
    if (due.size === 0) queueMicrotask(publishDue);
    due.add(instId);
  };

  async function write(): Promise<void> {
    const changes = series.takeChanges();
    const markRows = [...marks].filter(([instId, id]) => written.get(instId) !== id);
    if (changes.bars.length === 0 && changes.pruned.length === 0 && markRows.length === 0) return;
    const rows = changes.bars.map(({ instId, interval, bar }) => ({ instId, bar: interval, ...bar }));
    try {
      await store.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          await tx
            .insert(marketCandles)
            .values(rows.slice(i, i + WRITE_BATCH))
            .onConflictDoUpdate({
              target: [marketCandles.instId, marketCandles.bar, marketCandles.ts],
              set: {
                open: sql`excluded.open`,
                high: sql`excluded.high`,
                low: sql`excluded.low`,
                close: sql`excluded.close`,
                vol: sql`excluded.vol`,
                volQuote: sql`excluded.vol_quote`,
                trades: sql`excluded.trades`,
                firstTs: sql`excluded.first_ts`,
                lastTs: sql`excluded.last_ts`,
              },
            });
        }
        for (const p of changes.pruned) {
          await tx
            .delete(marketCandles)
            .where(
              and(
                eq(marketCandles.instId, p.instId),
                eq(marketCandles.bar, p.interval),
                lt(marketCandles.ts, p.before),
              ),
            );
        }
        if (markRows.length > 0) {
          await tx
            .insert(marketCandleMarks)
            .values(markRows.map(([instId, lastTradeId]) => ({ instId, lastTradeId })))
            .onConflictDoUpdate({
              target: marketCandleMarks.instId,
              set: { lastTradeId: sql`excluded.last_trade_id` },
            });
        }
      });
      for (const [instId, id] of markRows) written.set(instId, id);
    } catch (err) {
      // Not written: the same bars are taken again at the next write (they are still in memory).
      series.requeue(changes);
      log.error({ err }, 'candles not written; retrying');
    }
  }

  /** Writes are serial: a write never overtakes an older one. */
  const flush = (): Promise<void> => {
    writing = writing.then(write);
    return writing;
  };

  return {
    async start() {
      known = new Set(trades.instIds());
      for (const instId of known) {
        for (const interval of intervals) {
          const rows = await store.db
            .select()
            .from(marketCandles)
            .where(and(eq(marketCandles.instId, instId), eq(marketCandles.bar, interval)))
            .orderBy(desc(marketCandles.ts))
            .limit(keep);
          series.load(instId, interval, rows.reverse() satisfies StoredBar[]);
        }
      }
      const ids = [...known];
      if (ids.length > 0) {
        const stored = await store.db
          .select()
          .from(marketCandleMarks)
          .where(inArray(marketCandleMarks.instId, ids));
        for (const m of stored) {
          marks.set(m.instId, m.lastTradeId);
          written.set(m.instId, m.lastTradeId);
        }
      }
      // Bars read back are not changes; anything else (the replay) is.
      series.takeChanges();
      for (const instId of ids) {
        for (;;) {
          const batch = await trades.tradesAfter(instId, marks.get(instId) ?? 0, REPLAY_BATCH);
          for (const t of batch) onTrade(instId, t, t.tradeId);
          if (batch.length < REPLAY_BATCH) break;
        }
      }
      await flush();
      const stopTrades = followTrades(bus, onTrade);
      const stopTickers = bus.subscribe('ticker', (t) => published.set(t.instId, t));
      detach = () => {
        stopTrades();
        stopTickers();
      };
      if (publishTickers) {
        for (const instId of ids) if (series.window(instId, '1m', 0)) bus.publish('ticker', ticker(instId));
      }
      if (opts.flushMs !== 0) {
        timer = setInterval(() => void flush(), opts.flushMs ?? 1000);
        timer.unref();
      }
    },
    bars: (instId, interval, limit) => series.bars(instId, interval, limit),
    ticker,
    record: (instId, trade) => onTrade(instId, trade, ''),
    tickers() {
      return trades.instIds().map((instId) => {
        const t = (publishTickers ? undefined : published.get(instId)) ?? ticker(instId);
        const orNull = (v: string) => (v === '' ? null : v);
        return {
          instId,
          symbol: instId,
          last: orNull(t.last),
          now_price: orNull(t.last),
          now_rate: t.changePercent,
          change_percent: t.changePercent,
          open24h: orNull(t.open24h),
          high24h: orNull(t.high24h),
          low24h: orNull(t.low24h),
          vol24h: t.vol24h,
        };
      });
    },
    lastClose(instId) {
      const [last] = series.bars(instId, intervals[0] ?? '1m', 1);
      return last?.close ?? null;
    },
    flush,
    async close() {
      detach?.();
      detach = null;
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
