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
 *
 * This file assembles the service's context once (context.ts) and hands it to its steps: `start.ts` (read
 * back, replay, follow; close), `on-trade.ts` (one trade counted), `tickers.ts` and `write.ts` (the serial
 * writes). `series.ts` keeps the bars in memory.
 */
import type { BusEvents } from '../../../kernel/bus';
import type { CandleCtx, CandleDeps, TickerView } from './context';
import {
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  type CandleOptions,
  type CandleTrade,
  createCandleSeries,
} from './series';
import { close, start } from './start';
import { ticker, tickers } from './tickers';
import { flush } from './write';

export type { CandleDeps, TickerView, TradeSource } from './context';
export * from './series';

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
  /** Counts a reference trade that is not on the bus (the demo's past) into the bars, publishing nothing. */
  record(instId: string, trade: CandleTrade): void;
  /** Holds the periodic writes until the returned release (the demo's past is walked in slices). */
  hold(): () => void;
  /** Writes what changed now. */
  flush(): Promise<void>;
  /** Stops following the bus and writes what is left. */
  close(): Promise<void>;
}

const KEEP = 1500;

export function createCandleService(
  deps: CandleDeps,
  opts: CandleOptions & { flushMs?: number; publishTickers?: boolean } = {},
): CandleService {
  // A day of 1-minute bars at least, for the tickers.
  const keep = opts.keep ?? KEEP;
  const intervals = opts.intervals ?? CANDLE_INTERVALS;
  const ctx: CandleCtx = {
    store: deps.store,
    log: deps.log,
    clock: deps.clock,
    bus: deps.bus,
    trades: deps.trades,
    keep,
    intervals,
    publishTickers: opts.publishTickers ?? true,
    flushMs: opts.flushMs,
    series: createCandleSeries({ ...opts, keep, intervals }),
    marks: new Map(),
    written: new Map(),
    published: new Map(),
    due: new Set(),
    state: { known: new Set(), detach: null, timer: null, writing: Promise.resolve(), held: false },
  };
  return {
    start: () => start(ctx),
    bars: (instId, interval, limit) => ctx.series.bars(instId, interval, limit),
    ticker: (instId) => ticker(ctx, instId),
    // The past is counted into the bars only: no ticker of it reaches the bus (its prices are not live).
    record(instId, trade) {
      if (ctx.state.known.has(instId)) ctx.series.add(instId, trade);
    },
    tickers: () => tickers(ctx),
    lastClose(instId) {
      const [last] = ctx.series.bars(instId, intervals[0] ?? '1m', 1);
      return last?.close ?? null;
    },
    hold() {
      ctx.state.held = true;
      return () => {
        ctx.state.held = false;
      };
    },
    flush: () => flush(ctx),
    close: () => close(ctx),
  };
}
