/**
 * Starting the candles: the newest bars read back, the platform trades stored after their mark replayed,
 * then the bus followed (trades, and the tickers another source publishes), the tickers published and the
 * writes timed. Closing stops following and writes what is left.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { marketCandleMarks, marketCandles } from '../tables';
import type { CandleCtx } from './context';
import { onTrade } from './on-trade';
import { followTrades, type StoredBar } from './series';
import { ticker } from './tickers';
import { flush } from './write';

const REPLAY_BATCH = 5000;

export async function start(ctx: CandleCtx): Promise<void> {
  const { bus, state } = ctx;
  state.known = new Set(ctx.trades.instIds());
  const ids = [...state.known];
  await readBack(ctx, ids);
  for (const instId of ids) {
    for (;;) {
      const batch = await ctx.trades.tradesAfter(instId, ctx.marks.get(instId) ?? 0, REPLAY_BATCH);
      for (const t of batch) onTrade(ctx, instId, t, t.tradeId);
      if (batch.length < REPLAY_BATCH) break;
    }
  }
  await flush(ctx);
  const stopTrades = followTrades(bus, (instId, t, id) => onTrade(ctx, instId, t, id));
  const stopTickers = bus.subscribe('ticker', (t) => ctx.published.set(t.instId, t));
  state.detach = () => {
    stopTrades();
    stopTickers();
  };
  if (ctx.publishTickers) {
    for (const instId of ids)
      if (ctx.series.window(instId, '1m', 0)) bus.publish('ticker', ticker(ctx, instId));
  }
  if (ctx.flushMs !== 0) {
    state.timer = setInterval(() => {
      if (!state.held) void flush(ctx);
    }, ctx.flushMs ?? 1000);
    state.timer.unref();
  }
}

/** The newest bars of every instrument and interval, and the trade marks they hold; not reported as changes. */
async function readBack(ctx: CandleCtx, ids: readonly string[]): Promise<void> {
  const { store, series } = ctx;
  for (const instId of ids) {
    for (const interval of ctx.intervals) {
      const rows = await store.db
        .select()
        .from(marketCandles)
        .where(and(eq(marketCandles.instId, instId), eq(marketCandles.bar, interval)))
        .orderBy(desc(marketCandles.ts))
        .limit(ctx.keep);
      series.load(instId, interval, rows.reverse() satisfies StoredBar[]);
    }
  }
  if (ids.length > 0) {
    const stored = await store.db
      .select()
      .from(marketCandleMarks)
      .where(inArray(marketCandleMarks.instId, [...ids]));
    for (const m of stored) {
      ctx.marks.set(m.instId, m.lastTradeId);
      ctx.written.set(m.instId, m.lastTradeId);
    }
  }
  // Bars read back are not changes; anything else (the replay) is.
  series.takeChanges();
}

export async function close(ctx: CandleCtx): Promise<void> {
  const { state } = ctx;
  state.detach?.();
  state.detach = null;
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  await flush(ctx);
}
