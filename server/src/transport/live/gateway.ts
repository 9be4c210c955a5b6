import { LIVE_CHANNELS, type LiveChannel } from '@nexa/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Bus, createMemoryBus } from '../../kernel/bus';
import { type Conn, newCounters } from './conn';
import { createFanOut, createFeedCache, followBus, sendCurrent } from './fan-out';
import { MAX_BUFFERED_BYTES, sendBufferCapUnavailable } from './send-buffer';
import { type Authenticate, IDLE_TIMEOUT_MS, registerSocketRoute } from './sockets';
import { createSubscriptions } from './subscriptions';

export { type Authenticate, IDLE_TIMEOUT_MS, TOO_MANY_CONNECTIONS } from './sockets';
export { MAX_SUBSCRIPTIONS } from './subscriptions';
/** A consumer whose unsent bytes in the process would pass this is cut off (see send-buffer.ts). */
export { MAX_BUFFERED_BYTES };

export const CHANNELS = LIVE_CHANNELS;
export type Channel = LiveChannel;

export interface GatewayOptions {
  /** Where the market publishes `book.*`, `trade`, `ticker` and `order.update`. */
  readonly bus: Bus;
  readonly authenticate: Authenticate;
  readonly idleTimeoutMs?: number;
  readonly maxBufferedBytes?: number;
  /** Levels per side in a `books` snapshot (the gateway keeps full depth). */
  readonly snapshotDepth?: number;
  readonly log?: FastifyBaseLogger;
  /** Open sockets one client address may hold (read at each new connection); unlimited without it. */
  readonly maxConnectionsPerIp?: () => Promise<number>;
  /**
   * Cluster mode: asks the books' instance for a whole book again, when an update's sequence skips (this
   * instance joined late, or missed a message).
   */
  readonly resync?: (instId: string) => void;
}

export interface GatewayStats {
  readonly connections: number;
  /** Sockets terminated for holding more than maxBufferedBytes unsent. */
  readonly cutOff: number;
  /** The most a socket held in the process when it was cut off (at most maxBufferedBytes). */
  readonly cutHeldMax: number;
  /** Sockets whose kernel send buffer could not be capped (no binding on this platform). */
  readonly uncapped: number;
  /** Frames handed to sockets (pushes, acks, snapshots, pongs). */
  readonly sent: number;
  /** Pushes serialized and framed (once per message, whatever the number of subscribers). */
  readonly serialized: number;
  /** Writes the fan-out made: one per socket per batch, whatever the number of pushes it carries. */
  readonly writes: number;
  readonly instruments: number;
}

export interface Gateway {
  stats(): GatewayStats;
  /**
   * A book's best bid and ask (decimal text) as the feed holds it now, null before its first snapshot: an
   * instance that does not run the books prices from here (cluster mode).
   */
  top(instId: string): { readonly bid: string | null; readonly ask: string | null } | null;
}

/**
 * The live feed at /ws, in OKX v5 shape: `{op:'subscribe'|'unsubscribe', args:[{channel, instId}]}`,
 * answers `{event, arg}`, text `ping` → `pong`, idle sockets closed after 30 s.
 *
 * It follows the bus: `books` subscribers get a snapshot (top 400 of the full book the gateway
 * keeps per instrument) and then updates with seqId/prevSeqId and the checksum of the top 25;
 * `tickers` subscribers get the last ticker at once and every new one; `update_order` (token
 * needed) carries only the caller's own orders. Each push is serialized and framed once (the same
 * WebSocket frame for every subscriber) and queued; the queue is sent in batches, socket by socket,
 * in slices across turns of the event loop, so the market never waits on sockets. Within a batch
 * each socket gets all its pushes in one write (a burst costs one system call per socket, not one
 * per message). Each socket's kernel send buffer is capped (send-buffer.ts), and a socket whose unsent bytes
 * in the process would pass maxBufferedBytes is cut off (its connection reset): a slow consumer never holds
 * more than MAX_HELD_BYTES of the server's memory, nor the others.
 *
 * The parts: who takes what (subscriptions.ts), the socket route and each socket's state (sockets.ts),
 * and bus events → frames → subscribed sockets (fan-out.ts).
 *
 * The older form `registerGateway(app, authenticate)` still works, with a bus of its own that
 * nothing publishes on.
 */
export function registerGateway(app: FastifyInstance, options: GatewayOptions | Authenticate): Gateway {
  const opts: GatewayOptions =
    typeof options === 'function' ? { bus: createMemoryBus(), authenticate: options } : options;
  const maxBuffered = opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const log = opts.log ?? app.log;

  const cache = createFeedCache(opts.snapshotDepth);
  const subs = createSubscriptions();
  const conns = new Set<Conn>();
  const counters = newCounters();
  const noCap = sendBufferCapUnavailable();
  if (noCap) log.warn({ reason: noCap }, 'live feed: kernel send buffers cannot be capped');

  const fanOut = createFanOut({ subs, counters, maxBuffered });
  const stopFollowing = followBus({
    bus: opts.bus,
    log,
    cache,
    subs,
    counters,
    enqueue: fanOut.enqueue,
    resync: opts.resync,
  });
  app.addHook('onClose', async () => stopFollowing());

  registerSocketRoute(app, {
    authenticate: opts.authenticate,
    idleTimeoutMs: opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    maxBuffered,
    counters,
    conns,
    subs,
    maxConnectionsPerIp: opts.maxConnectionsPerIp,
    lastId: fanOut.lastId,
    sendCurrent: (arg, send) => sendCurrent(cache, arg, send),
  });

  return {
    stats: () => ({
      connections: conns.size,
      cutOff: counters.cutOff,
      cutHeldMax: counters.cutHeldMax,
      uncapped: counters.uncapped,
      sent: counters.sent,
      serialized: counters.serialized,
      writes: counters.writes,
      instruments: cache.instruments.size,
    }),
    top(instId) {
      const s = cache.instruments.get(instId);
      if (!s || s.book.seqId < 0) return null;
      return { bid: s.book.bids.top(1)[0]?.[0] ?? null, ask: s.book.asks.top(1)[0]?.[0] ?? null };
    },
  };
}
