/**
 * The feed's connection: made (every book and ticker subscribed, pings sent, a missing pong drops it), made
 * again a while after any close, and closed for good by `stop`.
 */
import { LIVE_PING } from '@nexa/contract';
import WebSocket from 'ws';
import type { OkxCtx } from './okx-context';
import { send } from './okx-context';
import { onMessage } from './okx-messages';

function clearTimers({ state, mirrors }: OkxCtx): void {
  if (state.pingTimer) clearInterval(state.pingTimer);
  if (state.pongTimer) clearTimeout(state.pongTimer);
  state.pingTimer = null;
  state.pongTimer = null;
  // A new connection subscribes every book afresh: pending resyncs are moot.
  for (const m of mirrors.values()) {
    if (m.resyncTimer) clearTimeout(m.resyncTimer);
    m.resyncTimer = null;
  }
}

function scheduleReconnect(ctx: OkxCtx): void {
  const { state } = ctx;
  if (state.stopped || state.reconnectTimer) return;
  state.reconnectTimer = setTimeout(() => {
    state.reconnectTimer = null;
    connect(ctx);
  }, ctx.reconnectDelayMs);
}

/** Subscribes every instrument's book and ticker, and pings; a ping without a pong drops the connection. */
function onOpen(ctx: OkxCtx, socket: WebSocket): void {
  const { state } = ctx;
  ctx.stats.connects++;
  ctx.log.info({ url: ctx.url }, 'okx feed: connected');
  for (const m of ctx.mirrors.values()) m.syncing = true;
  const args = ctx.instruments.flatMap((instId) => [
    { channel: 'books', instId },
    { channel: 'tickers', instId },
  ]);
  // OKX takes many args per request; keep each request small all the same.
  for (let i = 0; i < args.length; i += 20) send(ctx, { op: 'subscribe', args: args.slice(i, i + 20) });
  state.pingTimer = setInterval(() => {
    send(ctx, LIVE_PING);
    if (!state.pongTimer) {
      state.pongTimer = setTimeout(() => {
        ctx.log.warn({}, 'okx feed: no pong, reconnecting');
        socket.terminate();
      }, ctx.pongTimeoutMs);
    }
  }, ctx.pingIntervalMs);
}

export function connect(ctx: OkxCtx): void {
  const { state, log } = ctx;
  if (state.stopped) return;
  let socket: WebSocket;
  try {
    socket = new WebSocket(ctx.url);
  } catch (err) {
    log.warn({ err }, 'okx feed: cannot connect');
    scheduleReconnect(ctx);
    return;
  }
  state.ws = socket;
  socket.on('open', () => onOpen(ctx, socket));
  socket.on('message', (data, isBinary) => {
    if (!isBinary) onMessage(ctx, data.toString());
  });
  socket.on('error', (err) => log.warn({ err: err.message }, 'okx feed: socket error'));
  socket.on('close', () => {
    clearTimers(ctx);
    if (state.ws === socket) state.ws = null;
    for (const m of ctx.mirrors.values()) m.syncing = true;
    scheduleReconnect(ctx);
  });
}

/** Closes the connection and stops reconnecting. */
export async function stop(ctx: OkxCtx): Promise<void> {
  const { state } = ctx;
  state.stopped = true;
  clearTimers(ctx);
  if (state.reconnectTimer) clearTimeout(state.reconnectTimer);
  state.reconnectTimer = null;
  const socket = state.ws;
  if (!socket || socket.readyState === WebSocket.CLOSED) return;
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.terminate();
  });
}
