/**
 * What the OKX feed's steps are handed: its options, the bus, the mirrored books, the counters, and what it
 * holds while running (the socket and its timers). Built once by `createOkxFeed`; also the feed's options and
 * counters, and the one way it sends.
 */
import type { LiveBook, LiveBookLevel } from '@nexa/contract';
import WebSocket from 'ws';
import type { BookLevel, Bus } from '../../../kernel/bus';

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

/** One mirrored book. */
export interface Mirror {
  readonly book: LiveBook;
  /** Waiting for a snapshot: updates are ignored until it comes. */
  syncing: boolean;
  lastResyncAt: number;
  resyncTimer: ReturnType<typeof setTimeout> | null;
}

export interface OkxCtx {
  readonly url: string;
  readonly instruments: readonly string[];
  readonly pingIntervalMs: number;
  readonly pongTimeoutMs: number;
  readonly reconnectDelayMs: number;
  readonly log: NonNullable<OkxFeedOptions['log']>;
  readonly bus: Bus;
  readonly mirrors: Map<string, Mirror>;
  readonly stats: { -readonly [K in keyof OkxFeedStats]: number };
  readonly state: {
    ws: WebSocket | null;
    /** Not started, or stopped: no reconnecting. */
    stopped: boolean;
    pingTimer: ReturnType<typeof setInterval> | null;
    pongTimer: ReturnType<typeof setTimeout> | null;
    reconnectTimer: ReturnType<typeof setTimeout> | null;
  };
}

/** A level as the bus carries it. */
export const busLevel = (l: LiveBookLevel): BookLevel => [l[0], l[1], Number(l[3] ?? 0) || 0];

/** Sends on the open socket (dropped when there is none). */
export function send({ state }: OkxCtx, msg: unknown): void {
  if (state.ws?.readyState === WebSocket.OPEN)
    state.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
}
