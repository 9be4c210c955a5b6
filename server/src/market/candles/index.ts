/**
 * Candles of every instrument at every interval, derived from trades and kept across restarts.
 *
 * - Every `trade` on the bus (platform fills and reference prints) updates the bars in memory at once, so
 *   reads never touch the store.
 * - About once a second the changed bars are written (upsert) with, per instrument, the last stored
 *   platform trade they hold, in one transaction; bars that fell out of memory are deleted with them.
 * - At start the newest bars are read back, then the platform trades stored after that mark are replayed:
 *   a crash between a fill and the next write loses nothing and counts nothing twice. Reference prints are
 *   not stored as trades; at most the last second of them is lost on a crash.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Bus, BusEvents } from '../../bus';
import type { AppDeps } from '../../context';
import { schema } from '../../store';
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

const { marketCandles, marketCandleMarks } = schema;

/** Where the candles read the platform's stored trades from (the market service). */
export interface TradeSource {
  instIds(): string[];
  tradesAfter(instId: string, afterId: number, limit: number): Promise<BusEvents['trade'][]>;
}

export interface CandleService {
  /** Reads the stored bars, replays stored trades after them and follows the bus. */
  start(): Promise<void>;
  bars(instId: string, interval: CandleInterval, limit?: number): Candle[];
  /** The close of the newest bar of the shortest interval (the last price the candles saw), if any. */
  lastClose(instId: string): string | null;
  /** Writes what changed now. */
  flush(): Promise<void>;
  /** Stops following the bus and writes what is left. */
  close(): Promise<void>;
}

const REPLAY_BATCH = 5000;
/** Rows per insert statement (12 parameters each, far below the protocol's limit). */
const WRITE_BATCH = 500;

export function createCandleService(
  deps: Pick<AppDeps, 'store' | 'log'> & { bus: Bus; trades: TradeSource },
  opts: CandleOptions & { flushMs?: number } = {},
): CandleService {
  const { store, log, bus, trades } = deps;
  const keep = opts.keep ?? 1000;
  const intervals = opts.intervals ?? CANDLE_INTERVALS;
  const series = createCandleSeries({ ...opts, keep, intervals });
  /** instId → last platform trade id held by the bars in memory / by the bars written. */
  const marks = new Map<string, number>();
  const written = new Map<string, number>();
  let detach: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const onTrade = (instId: string, t: CandleTrade, id: string) => {
    // Platform trades carry their stored id; one already held (replayed at start) is not counted again.
    if (/^\d+$/.test(id)) {
      const n = Number(id);
      if (n <= (marks.get(instId) ?? 0)) return;
      marks.set(instId, n);
    }
    series.add(instId, t);
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
      for (const instId of new Set([...trades.instIds()])) {
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
      const ids = trades.instIds();
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
      detach = followTrades(bus, onTrade);
      if (opts.flushMs !== 0) {
        timer = setInterval(() => void flush(), opts.flushMs ?? 1000);
        timer.unref();
      }
    },
    bars: (instId, interval, limit) => series.bars(instId, interval, limit),
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
