import { isSwapInstId } from '@nexa/contract';
/**
 * The 24-hour tickers, read off the 1-minute bars of the last day: one instrument's, those due after the
 * current turn's trades (published), and every instrument's as the tickers call answers.
 */
import type { BusEvents } from '../../../kernel/bus';
import { parseDec, percentChange } from '../sim/decimal';
import type { CandleCtx, TickerView } from './context';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The 24-hour ticker of an instrument, as published on the bus. */
export function ticker(ctx: CandleCtx, instId: string): BusEvents['ticker'] {
  const now = ctx.clock.now().getTime();
  const from = Math.floor((now - DAY_MS) / MINUTE_MS) * MINUTE_MS;
  const w = ctx.series.window(instId, '1m', from);
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

/** Publishes the tickers due (the trades of one fill or one reference step are in). */
export function publishDue(ctx: CandleCtx): void {
  for (const instId of ctx.due) ctx.bus.publish('ticker', ticker(ctx, instId));
  ctx.due.clear();
}

/** Every instrument's ticker, as the tickers call answers (OKX's when it publishes them). */
export function tickers(ctx: CandleCtx): TickerView[] {
  // Spot instruments only, as the call says; a swap's ticker reaches the live feed and its own screen.
  return ctx.trades
    .instIds()
    .filter((instId) => !isSwapInstId(instId))
    .map((instId) => {
      const t = (ctx.publishTickers ? undefined : ctx.published.get(instId)) ?? ticker(ctx, instId);
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
}
