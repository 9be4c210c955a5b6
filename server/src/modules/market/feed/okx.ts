import {
  applyBooksPush,
  LIVE_PING,
  LIVE_PING_INTERVAL_MS,
  LIVE_PONG,
  LIVE_RECONNECT_DELAY_MS,
  LiveBook,
  type LiveBookLevel,
  type LiveBooksPush,
  type LiveTickersPush,
  parseLiveMessage,
} from '@nexa/contract';
import WebSocket from 'ws';
import type { BookLevel, Bus } from '../../../kernel/bus';
import { isDecimalText, parseDec, percentChange } from '../sim/decimal';

/** OKX's public v5 endpoint (reachable only where the network allows; the simulated market is the default). */
export const OKX_PUBLIC_WS_URL = 'wss://ws.okx.com:8443/ws/v5/public';

export interface OkxFeedOptions {
  /** An OKX v5 public websocket URL. */
  readonly url?: string;
  /** Instruments to mirror, OKX ids (`BTC-USDT`). */
  readonly instruments: readonly string[];
  readonly bus: Bus;
  /** Text `ping` this often (OKX drops a connection silent for 30 s); default 20 s. */
  readonly pingIntervalMs?: number;
  /** No `pong` within this long after a ping: the connection is dropped and made again; default 10 s. */
  readonly pongTimeoutMs?: number;
  /** Delay before reconnecting after a close; default 1 s. */
  readonly reconnectDelayMs?: number;
  readonly log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface OkxFeedStats {
  readonly connects: number;
  readonly snapshots: number;
  readonly updates: number;
  readonly tickers: number;
  /** Updates whose prevSeqId was not the last seqId: each forced a resync. */
  readonly gaps: number;
  /** Books whose checksum disagreed after applying: each forced a resync. */
  readonly checksumErrors: number;
  readonly resyncs: number;
  readonly pongs: number;
  /** Frames that were not a message of the feed (ignored). */
  readonly malformed: number;
}

export interface OkxFeed {
  start(): void;
  /** Closes the connection and stops reconnecting. */
  stop(): Promise<void>;
  readonly connected: boolean;
  stats(): OkxFeedStats;
  /** The mirrored book (full depth as OKX sent it), while in sync. */
  book(instId: string): { asks: LiveBookLevel[]; bids: LiveBookLevel[]; seqId: number } | undefined;
}

interface Mirror {
  readonly book: LiveBook;
  /** Waiting for a snapshot: updates are ignored until it comes. */
  syncing: boolean;
  lastResyncAt: number;
  resyncTimer: ReturnType<typeof setTimeout> | null;
}

const MIN_RESYNC_INTERVAL_MS = 1_000;

const busLevel = (l: LiveBookLevel): BookLevel => [l[0], l[1], Number(l[3] ?? 0) || 0];
const noLog = { info() {}, warn() {} };

/**
 * Mirrors OKX's public `books` and `tickers` of some instruments onto the bus (`book.snapshot`,
 * `book.update`, `ticker`), for `MARKET_SOURCE=okx`. Checks every update: its prevSeqId must be the
 * last seqId, and the checksum of the top 25 levels after applying must match OKX's; on a gap or a
 * mismatch it unsubscribes and subscribes that book again, for a fresh snapshot. Sends text `ping`
 * every 20 s and expects `pong`; reconnects 1 s after any close.
 */
export function createOkxFeed(opts: OkxFeedOptions): OkxFeed {
  const url = opts.url ?? OKX_PUBLIC_WS_URL;
  const pingIntervalMs = opts.pingIntervalMs ?? LIVE_PING_INTERVAL_MS;
  const pongTimeoutMs = opts.pongTimeoutMs ?? 10_000;
  const reconnectDelayMs = opts.reconnectDelayMs ?? LIVE_RECONNECT_DELAY_MS;
  const log = opts.log ?? noLog;
  const { bus } = opts;

  const mirrors = new Map<string, Mirror>(
    opts.instruments.map((id) => [
      id,
      { book: new LiveBook(), syncing: true, lastResyncAt: 0, resyncTimer: null },
    ]),
  );
  const stats = {
    connects: 0,
    snapshots: 0,
    updates: 0,
    tickers: 0,
    gaps: 0,
    checksumErrors: 0,
    resyncs: 0,
    pongs: 0,
    malformed: 0,
  };
  let ws: WebSocket | null = null;
  let stopped = true;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const send = (msg: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  };

  /** Unsubscribes and subscribes the book again, at most once a second per book (OKX limits requests). */
  const resync = (instId: string, m: Mirror, why: string) => {
    m.syncing = true;
    if (m.resyncTimer) return;
    log.warn({ instId, why }, 'okx feed: book out of sync, resubscribing');
    const go = () => {
      m.resyncTimer = null;
      m.lastResyncAt = Date.now();
      stats.resyncs++;
      send({ op: 'unsubscribe', args: [{ channel: 'books', instId }] });
      send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    };
    const wait = m.lastResyncAt + MIN_RESYNC_INTERVAL_MS - Date.now();
    if (wait <= 0) go();
    else m.resyncTimer = setTimeout(go, wait);
  };

  const publishSnapshot = (instId: string, m: Mirror, ts: number) => {
    bus.publish('book.snapshot', {
      instId,
      seq: m.book.seqId,
      asks: m.book.asks.top(Number.MAX_SAFE_INTEGER).map(busLevel),
      bids: m.book.bids.top(Number.MAX_SAFE_INTEGER).map(busLevel),
      ts,
    });
  };

  const onBooks = (msg: LiveBooksPush) => {
    const instId = msg.arg.instId;
    const m = mirrors.get(instId);
    if (!m) return;
    const d = msg.data[0];
    const ts = Number(d.ts) || Date.now();
    if (msg.action === 'update' && m.syncing) return;
    const result = applyBooksPush(m.book, msg);
    if (result !== 'ok') {
      if (result === 'gap') stats.gaps++;
      else if (result === 'checksum') stats.checksumErrors++;
      else stats.malformed++;
      resync(instId, m, `${msg.action}: ${result} (prevSeqId ${d.prevSeqId}, seqId ${d.seqId})`);
      return;
    }
    if (msg.action === 'snapshot') {
      stats.snapshots++;
      m.syncing = false;
      publishSnapshot(instId, m, ts);
      return;
    }
    stats.updates++;
    if (d.seqId < d.prevSeqId) {
      // OKX reset its sequence (maintenance): consumers that only accept rising seqs need a new base.
      publishSnapshot(instId, m, ts);
      return;
    }
    // OKX repeats the last seqId with no levels as a heartbeat: nothing changed.
    if (d.seqId === d.prevSeqId && d.asks.length === 0 && d.bids.length === 0) return;
    bus.publish('book.update', {
      instId,
      seq: d.seqId,
      asks: d.asks.map(busLevel),
      bids: d.bids.map(busLevel),
      ts,
    });
  };

  const onTicker = (msg: LiveTickersPush) => {
    const t = msg.data[0];
    if (!mirrors.has(t.instId)) return;
    const fields = [t.last, t.open24h, t.high24h, t.low24h, t.vol24h];
    if (!fields.every((f) => typeof f === 'string' && isDecimalText(f))) {
      stats.malformed++;
      return;
    }
    stats.tickers++;
    bus.publish('ticker', {
      instId: t.instId,
      last: t.last,
      open24h: t.open24h,
      high24h: t.high24h,
      low24h: t.low24h,
      vol24h: t.vol24h,
      changePercent: percentChange(parseDec(t.open24h), parseDec(t.last)),
      ts: Number(t.ts) || Date.now(),
    });
  };

  const onMessage = (text: string) => {
    if (text === LIVE_PONG) {
      stats.pongs++;
      if (pongTimer) clearTimeout(pongTimer);
      pongTimer = null;
      return;
    }
    const msg = parseLiveMessage(text);
    if (!msg) {
      stats.malformed++;
      return;
    }
    if ('event' in msg) {
      if (msg.event === 'error') log.warn({ code: msg.code, msg: msg.msg }, 'okx feed: error event');
      return;
    }
    try {
      if (msg.arg.channel === 'books') onBooks(msg as LiveBooksPush);
      else if (msg.arg.channel === 'tickers') onTicker(msg as LiveTickersPush);
    } catch (err) {
      stats.malformed++;
      log.warn({ err }, 'okx feed: message dropped');
    }
  };

  const clearTimers = () => {
    if (pingTimer) clearInterval(pingTimer);
    if (pongTimer) clearTimeout(pongTimer);
    pingTimer = null;
    pongTimer = null;
    // A new connection subscribes every book afresh: pending resyncs are moot.
    for (const m of mirrors.values()) {
      if (m.resyncTimer) clearTimeout(m.resyncTimer);
      m.resyncTimer = null;
    }
  };

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, reconnectDelayMs);
  };

  const connect = () => {
    if (stopped) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (err) {
      log.warn({ err }, 'okx feed: cannot connect');
      scheduleReconnect();
      return;
    }
    ws = socket;
    socket.on('open', () => {
      stats.connects++;
      log.info({ url }, 'okx feed: connected');
      for (const m of mirrors.values()) m.syncing = true;
      const args = opts.instruments.flatMap((instId) => [
        { channel: 'books', instId },
        { channel: 'tickers', instId },
      ]);
      // OKX takes many args per request; keep each request small all the same.
      for (let i = 0; i < args.length; i += 20) send({ op: 'subscribe', args: args.slice(i, i + 20) });
      pingTimer = setInterval(() => {
        send(LIVE_PING);
        if (!pongTimer) {
          pongTimer = setTimeout(() => {
            log.warn({}, 'okx feed: no pong, reconnecting');
            socket.terminate();
          }, pongTimeoutMs);
        }
      }, pingIntervalMs);
    });
    socket.on('message', (data, isBinary) => {
      if (!isBinary) onMessage(data.toString());
    });
    socket.on('error', (err) => log.warn({ err: err.message }, 'okx feed: socket error'));
    socket.on('close', () => {
      clearTimers();
      if (ws === socket) ws = null;
      for (const m of mirrors.values()) m.syncing = true;
      scheduleReconnect();
    });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    async stop() {
      stopped = true;
      clearTimers();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const socket = ws;
      if (!socket || socket.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.terminate();
      });
    },
    get connected() {
      return ws?.readyState === WebSocket.OPEN;
    },
    stats: () => ({ ...stats }),
    book(instId) {
      const m = mirrors.get(instId);
      if (!m || m.syncing) return undefined;
      return {
        asks: m.book.asks.top(Number.MAX_SAFE_INTEGER),
        bids: m.book.bids.top(Number.MAX_SAFE_INTEGER),
        seqId: m.book.seqId,
      };
    },
  };
}
