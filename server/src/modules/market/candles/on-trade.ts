/** One trade counted into the bars (a platform trade once, by its stored id), its ticker made due. */
import type { CandleCtx } from './context';
import type { CandleTrade } from './series';
import { publishDue } from './tickers';

export function onTrade(ctx: CandleCtx, instId: string, t: CandleTrade, id: string): void {
  if (!ctx.state.known.has(instId)) return;
  // Platform trades carry their stored id; one already held (replayed at start) is not counted again.
  if (/^\d+$/.test(id)) {
    const n = Number(id);
    if (n <= (ctx.marks.get(instId) ?? 0)) return;
    ctx.marks.set(instId, n);
  }
  ctx.series.add(instId, t);
  if (!ctx.publishTickers) return;
  // The trades of one fill or one reference step arrive together: one ticker after them.
  if (ctx.due.size === 0) queueMicrotask(() => publishDue(ctx));
  ctx.due.add(instId);
}
