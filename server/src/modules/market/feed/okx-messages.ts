/** One text frame of the socket: a pong, an event, a `books` push or a `tickers` push (published as a ticker). */
import { LIVE_PONG, type LiveBooksPush, type LiveTickersPush, parseLiveMessage } from '@nexa/contract';
import { isDecimalText, parseDec, percentChange } from '../sim/decimal';
import { onBooks } from './okx-books';
import type { OkxCtx } from './okx-context';

function onTicker(ctx: OkxCtx, msg: LiveTickersPush): void {
  const t = msg.data[0];
  if (!ctx.mirrors.has(t.instId)) return;
  const fields = [t.last, t.open24h, t.high24h, t.low24h, t.vol24h];
  if (!fields.every((f) => typeof f === 'string' && isDecimalText(f))) {
    ctx.stats.malformed++;
    return;
  }
  ctx.stats.tickers++;
  ctx.bus.publish('ticker', {
    instId: t.instId,
    last: t.last,
    open24h: t.open24h,
    high24h: t.high24h,
    low24h: t.low24h,
    vol24h: t.vol24h,
    changePercent: percentChange(parseDec(t.open24h), parseDec(t.last)),
    ts: Number(t.ts) || Date.now(),
  });
}

export function onMessage(ctx: OkxCtx, text: string): void {
  const { stats, state } = ctx;
  if (text === LIVE_PONG) {
    stats.pongs++;
    if (state.pongTimer) clearTimeout(state.pongTimer);
    state.pongTimer = null;
    return;
  }
  const msg = parseLiveMessage(text);
  if (!msg) {
    stats.malformed++;
    return;
  }
  if ('event' in msg) {
    if (msg.event === 'error') ctx.log.warn({ code: msg.code, msg: msg.msg }, 'okx feed: error event');
    return;
  }
  try {
    if (msg.arg.channel === 'books') onBooks(ctx, msg as LiveBooksPush);
    else if (msg.arg.channel === 'tickers') onTicker(ctx, msg as LiveTickersPush);
  } catch (err) {
    stats.malformed++;
    ctx.log.warn({ err }, 'okx feed: message dropped');
  }
}
