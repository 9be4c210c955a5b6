/**
 * Mirrors OKX's public `books` and `tickers` of some instruments onto the bus (`book.snapshot`,
 * `book.update`, `ticker`), for `MARKET_SOURCE=okx`. Checks every update: its prevSeqId must be the
 * last seqId, and the checksum of the top 25 levels after applying must match OKX's; on a gap or a
 * mismatch it unsubscribes and subscribes that book again, for a fresh snapshot. Sends text `ping`
 * every 20 s and expects `pong`; reconnects 1 s after any close.
 *
 * This file assembles the feed's context once (okx-context.ts) and hands it to its steps: `okx-socket.ts`
 * (connect, reconnect, stop), `okx-messages.ts` (one frame, a ticker) and `okx-books.ts` (a book's push, its
 * resync).
 */
import { LIVE_PING_INTERVAL_MS, LIVE_RECONNECT_DELAY_MS, LiveBook, type LiveBookLevel } from '@nexa/contract';
import WebSocket from 'ws';
import type { OkxCtx, OkxFeedOptions, OkxFeedStats } from './okx-context';
import { connect, stop } from './okx-socket';

export type { OkxFeedOptions, OkxFeedStats } from './okx-context';

/** OKX's public v5 endpoint (reachable only where the network allows; the simulated market is the default). */
export const OKX_PUBLIC_WS_URL = 'wss://ws.okx.com:8443/ws/v5/public';

export interface OkxFeed {
  start(): void;
  /** Closes the connection and stops reconnecting. */
  stop(): Promise<void>;
  readonly connected: boolean;
  stats(): OkxFeedStats;
  /** The mirrored book (full depth as OKX sent it), while in sync. */
  book(instId: string): { asks: LiveBookLevel[]; bids: LiveBookLevel[]; seqId: number } | undefined;
}

const noLog = { info() {}, warn() {} };

export function createOkxFeed(opts: OkxFeedOptions): OkxFeed {
  const ctx: OkxCtx = {
    url: opts.url ?? OKX_PUBLIC_WS_URL,
    instruments: opts.instruments,
    pingIntervalMs: opts.pingIntervalMs ?? LIVE_PING_INTERVAL_MS,
    pongTimeoutMs: opts.pongTimeoutMs ?? 10_000,
    reconnectDelayMs: opts.reconnectDelayMs ?? LIVE_RECONNECT_DELAY_MS,
    log: opts.log ?? noLog,
    bus: opts.bus,
    mirrors: new Map(
      opts.instruments.map((id) => [
        id,
        { book: new LiveBook(), syncing: true, lastResyncAt: 0, resyncTimer: null },
      ]),
    ),
    stats: {
      connects: 0,
      snapshots: 0,
      updates: 0,
      tickers: 0,
      gaps: 0,
      checksumErrors: 0,
      resyncs: 0,
      pongs: 0,
      malformed: 0,
    },
    state: { ws: null, stopped: true, pingTimer: null, pongTimer: null, reconnectTimer: null },
  };
  return {
    start() {
      if (!ctx.state.stopped) return;
      ctx.state.stopped = false;
      connect(ctx);
    },
    stop: () => stop(ctx),
    get connected() {
      return ctx.state.ws?.readyState === WebSocket.OPEN;
    },
    stats: () => ({ ...ctx.stats }),
    book(instId) {
      const m = ctx.mirrors.get(instId);
      if (!m || m.syncing) return undefined;
      return {
        asks: m.book.asks.top(Number.MAX_SAFE_INTEGER),
        bids: m.book.bids.top(Number.MAX_SAFE_INTEGER),
        seqId: m.book.seqId,
      };
    },
  };
}
