import type { Socket } from 'node:net';
import type { WebSocket } from '@fastify/websocket';
import {
  LIVE_CHANNELS,
  LIVE_PING,
  LIVE_PONG,
  type LiveArg,
  type LiveChannel,
  type LiveFundingRatePush,
  type LiveMarkPricePush,
  type LiveOrderData,
  type LiveOrderPush,
  type LivePositionData,
  type LivePositionPush,
  PRIVATE_CHANNELS,
} from '@nexa/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Bus, type BusEvents, createMemoryBus } from '../../kernel/bus';
import type { AuthUser } from '../../kernel/context';
import { InstrumentState } from './feed-state';
import { corkable, idleTransport, type TextFrame, textFrame } from './frames';
import { capSendBuffer, MAX_BUFFERED_BYTES, sendBufferCapUnavailable } from './send-buffer';
import { SNAPSHOT_REFUSED, SnapshotBudget } from './snapshot-budget';

/** Socket closed when no text `ping` (or other message) arrived for this long. */
export const IDLE_TIMEOUT_MS = 30_000;
/** A consumer whose unsent bytes in the process would pass this is cut off (see send-buffer.ts). */
export { MAX_BUFFERED_BYTES };

/** Sockets written per turn of the event loop before the rest of a fan-out waits for the next turn. */
const SLICE_SOCKETS = 2_000;

/** Subscriptions one socket may hold. */
export const MAX_SUBSCRIPTIONS = 256;

export const CHANNELS = LIVE_CHANNELS;
export type Channel = LiveChannel;

export type Authenticate = (token: string) => Promise<AuthUser | null>;

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

/** Close code of a connection beyond its address's allowance (RFC 6455 policy violation). */
export const TOO_MANY_CONNECTIONS = 1008;

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
}

interface Conn {
  readonly socket: WebSocket;
  /** The TCP socket under it: reset when cut off, so the kernel drops what it still holds for it. */
  readonly tcp: Socket;
  userId: number | null;
  /** `channel:instId` ('' for none) → id of the last push queued when it was subscribed. */
  readonly subs: Map<string, number>;
  dead: boolean;
  /** The pushes of the batch being sent that this socket takes, in order; empty between batches. */
  pending: Outgoing[];
}

/** A push serialized and framed once: the same bytes go to every subscriber (no per-socket encoding). */
type Outgoing = (
  | { readonly id: number; readonly kind: 'public'; readonly keys: readonly string[] }
  | {
      readonly id: number;
      readonly kind: 'private';
      readonly channel: 'update_order' | 'positions';
      readonly userId: number;
      readonly instId: string | undefined;
    }
) & { readonly data: TextFrame };

/**
 * The bytes of one batch for each distinct run of pushes: sockets that take the same pushes (all the
 * subscribers of one book and the same tickers, say) are written the same buffer, joined once.
 */
class JoinedFrames {
  private readonly root: JoinNode = { next: new Map(), bytes: null };

  of(outs: readonly Outgoing[]): Buffer {
    if (outs.length === 1) return outs[0]!.data.frame;
    let node = this.root;
    for (const out of outs) {
      let child = node.next.get(out);
      if (!child) {
        child = { next: new Map(), bytes: null };
        node.next.set(out, child);
      }
      node = child;
    }
    node.bytes ??= Buffer.concat(outs.map((o) => o.data.frame));
    return node.bytes;
  }
}
interface JoinNode {
  readonly next: Map<Outgoing, JoinNode>;
  bytes: Buffer | null;
}

const OPEN = 1;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
const subKey = (channel: string, instId: string | undefined) => `${channel}:${instId ?? ''}`;

function parseArgs(value: unknown): LiveArg[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) return null;
  const out: LiveArg[] = [];
  for (const a of value) {
    if (typeof a !== 'object' || a === null) return null;
    const { channel, instId } = a as Record<string, unknown>;
    if (typeof channel !== 'string' || !(CHANNELS as readonly string[]).includes(channel)) return null;
    if (instId !== undefined && (typeof instId !== 'string' || instId.length > 64)) return null;
    out.push(
      instId === undefined ? { channel: channel as Channel } : { channel: channel as Channel, instId },
    );
  }
  return out;
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
 * The older form `registerGateway(app, authenticate)` still works, with a bus of its own that
 * nothing publishes on.
 */
export function registerGateway(app: FastifyInstance, options: GatewayOptions | Authenticate): Gateway {
  const opts: GatewayOptions =
    typeof options === 'function' ? { bus: createMemoryBus(), authenticate: options } : options;
  const { bus, authenticate } = opts;
  const idleTimeoutMs = opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const maxBuffered = opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const log = opts.log ?? app.log;

  const instruments = new Map<string, InstrumentState>();
  /** `channel:instId` → its sockets, and the latest moment (push id) one of them subscribed. */
  const subscribers = new Map<string, { readonly conns: Set<Conn>; lastSince: number }>();
  const byUser = new Map<number, Set<Conn>>();
  const conns = new Set<Conn>();
  const byIp = new Map<string, number>();
  let queue: Outgoing[] = [];
  /** Id of the last push queued. */
  let lastId = 0;
  let cutOff = 0;
  let cutHeldMax = 0;
  let uncapped = 0;
  const noCap = sendBufferCapUnavailable();
  if (noCap) log.warn({ reason: noCap }, 'live feed: kernel send buffers cannot be capped');
  let sent = 0;
  let serialized = 0;
  let writes = 0;

  const instrument = (instId: string) => {
    let s = instruments.get(instId);
    if (!s) {
      s = new InstrumentState(instId, opts.snapshotDepth);
      instruments.set(instId, s);
    }
    return s;
  };

  /**
   * False (and the socket cut off) when `bytes` more would leave it holding more than maxBuffered unsent in
   * the process: a slow consumer. The TCP connection is reset, not closed, so the kernel frees its send
   * buffer at once instead of keeping it for an orphaned connection the client never drains.
   */
  const writable = (conn: Conn, bytes: number) => {
    if (conn.dead || conn.socket.readyState !== OPEN) return false;
    const held = conn.socket.bufferedAmount;
    if (held + bytes <= maxBuffered) return true;
    conn.dead = true;
    cutOff++;
    if (held > cutHeldMax) cutHeldMax = held;
    if (typeof conn.tcp.resetAndDestroy === 'function' && !conn.tcp.destroyed) conn.tcp.resetAndDestroy();
    else conn.socket.terminate();
    return false;
  };

  const write = (conn: Conn, data: Buffer | string) => {
    conn.socket.send(data, { binary: false });
    sent++;
  };

  const deliver = (conn: Conn, data: Buffer | string) => {
    if (writable(conn, typeof data === 'string' ? Buffer.byteLength(data) : data.length)) write(conn, data);
  };

  /**
   * Whether a socket takes a push: subscribed to one of its keys, and subscribed before the push was
   * queued (what was queued earlier is already in the snapshot or last ticker it got on subscribing).
   */
  const wants = (conn: Conn, out: Outgoing) => {
    const keys =
      out.kind === 'public'
        ? out.keys
        : conn.userId !== out.userId
          ? []
          : out.instId
            ? [`${out.channel}:`, subKey(out.channel, out.instId)]
            : [`${out.channel}:`];
    for (const k of keys) {
      const since = conn.subs.get(k);
      if (since !== undefined && out.id > since) return true;
    }
    return false;
  };

  /**
   * The batch being sent: the pushes queued before it started and, for each socket that takes any
   * of them, its own run of them (`conn.pending`). Each socket gets its run in one write of frames
   * built once (sockets taking the same run share one buffer), a slice of sockets per turn of the
   * event loop: a large fan-out never holds the server (nor the publisher) for long, and what is
   * published meanwhile makes the next batch, so a busier feed writes more per system call.
   */
  let batch: { targets: Conn[]; next: number; joined: JoinedFrames } | null = null;
  let sliceScheduled = false;

  const startBatch = () => {
    const outs = queue;
    queue = [];
    const targets: Conn[] = [];
    const take = (conn: Conn, out: Outgoing) => {
      // A socket reached through two keys (`tickers:` and `tickers:X`) takes the push once.
      if (conn.pending.at(-1) === out) return;
      if (conn.pending.length === 0) targets.push(conn);
      conn.pending.push(out);
    };
    for (const out of outs) {
      if (out.kind === 'public') {
        for (const key of out.keys) {
          const subs = subscribers.get(key);
          if (!subs) continue;
          if (subs.lastSince < out.id) {
            // Every socket subscribed before this push was queued: no one to leave out.
            for (const conn of subs.conns) take(conn, out);
            continue;
          }
          for (const conn of subs.conns) {
            const since = conn.subs.get(key);
            if (since !== undefined && out.id > since) take(conn, out);
          }
        }
      } else {
        const set = byUser.get(out.userId);
        if (set) for (const conn of set) if (wants(conn, out)) take(conn, out);
      }
    }
    batch = { targets, next: 0, joined: new JoinedFrames() };
  };

  /** Writes one socket's run of pushes: one write of pre-built frames, or `ws` sends in one cork. */
  const flush = (conn: Conn, outs: readonly Outgoing[], joined: JoinedFrames) => {
    const transport = idleTransport(conn.socket);
    if (transport) {
      transport.write(joined.of(outs));
    } else {
      const raw = corkable(conn.socket);
      raw?.cork();
      for (const out of outs) conn.socket.send(out.data.payload, { binary: false });
      raw?.uncork();
    }
    sent += outs.length;
    writes++;
  };

  /** Writes up to `budget` sockets of the batch (all when Infinity); false when the batch is done. */
  const sendSlice = (budget: number): boolean => {
    if (!batch) {
      if (queue.length === 0) return false;
      startBatch();
    }
    const b = batch!;
    let written = 0;
    while (b.next < b.targets.length && written < budget) {
      const conn = b.targets[b.next++]!;
      const outs = conn.pending;
      if (outs.length === 0) continue;
      // What is still unsent from earlier batches, and this batch's size, decide whether it is taken.
      if (
        writable(
          conn,
          outs.reduce((n, o) => n + o.data.frame.length, 0),
        )
      ) {
        flush(conn, outs, b.joined);
        written++;
      }
      outs.length = 0; // the socket's list is kept for its next batch
    }
    if (b.next < b.targets.length) return true;
    batch = null;
    return queue.length > 0;
  };

  const runSlices = () => {
    sliceScheduled = false;
    if (sendSlice(SLICE_SOCKETS)) schedule();
  };

  const schedule = () => {
    if (sliceScheduled) return;
    sliceScheduled = true;
    setImmediate(runSlices);
  };

  const enqueue = (out: DistributiveOmit<Outgoing, 'id'>) => {
    queue.push({ ...out, id: ++lastId });
    schedule();
  };

  const hasSubscribers = (keys: readonly string[]) => keys.some((k) => subscribers.has(k));

  /** Bus handlers run inside the publisher's call: a failure here is logged, never thrown at the market. */
  const guard =
    <E extends keyof BusEvents>(event: E, fn: (p: BusEvents[E]) => void) =>
    (p: BusEvents[E]) => {
      try {
        fn(p);
      } catch (err) {
        log.error({ err, event }, 'live feed: event dropped');
      }
    };

  /** The last mark-price and funding-rate push per swap, sent to a new subscriber at once. */
  const lastMarks = new Map<string, { mark: string; funding: string }>();

  const unsubscribers = [
    bus.subscribe(
      'book.snapshot',
      guard('book.snapshot', (e) => {
        const s = instrument(e.instId);
        if (!s.applySnapshot(e))
          log.warn({ instId: e.instId }, 'live feed: malformed level in book snapshot');
        const keys = [subKey('books', e.instId)];
        if (hasSubscribers(keys)) {
          serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(s.snapshot()) });
        }
      }),
    ),
    bus.subscribe(
      'book.update',
      guard('book.update', (e) => {
        const s = instrument(e.instId);
        if (opts.resync && e.seq > s.book.seqId + 1) opts.resync(e.instId);
        const r = s.applyUpdate(e);
        if (!r) return;
        if (r.malformed) log.warn({ instId: e.instId }, 'live feed: malformed level in book update');
        const keys = [subKey('books', e.instId)];
        if (hasSubscribers(keys)) {
          serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(JSON.stringify(r.push)) });
        }
      }),
    ),
    bus.subscribe(
      'trade',
      guard('trade', (t) => {
        instrument(t.instId).lastSz = t.size;
      }),
    ),
    bus.subscribe(
      'ticker',
      guard('ticker', (t) => {
        const push = instrument(t.instId).applyTicker(t);
        const keys = [subKey('tickers', t.instId), subKey('tickers', undefined)];
        if (hasSubscribers(keys)) {
          serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(JSON.stringify(push)) });
        }
      }),
    ),
    bus.subscribe(
      'order.update',
      guard('order.update', (e) => {
        if (!byUser.has(e.userId)) return;
        const data = e.order as LiveOrderData;
        const instId = typeof data.instId === 'string' ? data.instId : undefined;
        const push: LiveOrderPush = {
          arg: { channel: 'update_order', instId },
          action: 'update',
          data: [data],
        };
        serialized++;
        enqueue({
          kind: 'private',
          channel: 'update_order',
          userId: e.userId,
          instId,
          data: textFrame(JSON.stringify(push)),
        });
      }),
    ),
    bus.subscribe(
      'position.update',
      guard('position.update', (e) => {
        if (!byUser.has(e.userId)) return;
        const data = e.position as LivePositionData;
        const instId = typeof data.instId === 'string' ? data.instId : undefined;
        const push: LivePositionPush = {
          arg: { channel: 'positions', instId },
          action: 'update',
          data: [data],
        };
        serialized++;
        enqueue({
          kind: 'private',
          channel: 'positions',
          userId: e.userId,
          instId,
          data: textFrame(JSON.stringify(push)),
        });
      }),
    ),
    bus.subscribe(
      'mark.price',
      guard('mark.price', (e) => {
        const ts = String(e.ts);
        const mark: LiveMarkPricePush = {
          arg: { channel: 'mark-price', instId: e.instId },
          action: 'snapshot',
          data: [{ instType: 'SWAP', instId: e.instId, markPx: e.markPx, idxPx: e.idxPx, ts }],
        };
        const funding: LiveFundingRatePush = {
          arg: { channel: 'funding-rate', instId: e.instId },
          action: 'snapshot',
          data: [
            {
              instType: 'SWAP',
              instId: e.instId,
              fundingRate: e.fundingRate,
              fundingTime: String(e.nextFundingTime),
              ts,
            },
          ],
        };
        const markText = JSON.stringify(mark);
        const fundingText = JSON.stringify(funding);
        lastMarks.set(e.instId, { mark: markText, funding: fundingText });
        for (const [channel, text] of [
          ['mark-price', markText],
          ['funding-rate', fundingText],
        ] as const) {
          const keys = [subKey(channel, e.instId)];
          if (hasSubscribers(keys)) {
            serialized++;
            enqueue({ kind: 'public', keys, data: textFrame(text) });
          }
        }
      }),
    ),
  ];

  app.addHook('onClose', async () => {
    for (const u of unsubscribers) u();
  });

  const subscribe = (conn: Conn, arg: LiveArg) => {
    const key = subKey(arg.channel, arg.instId);
    conn.subs.set(key, lastId);
    let subs = subscribers.get(key);
    if (!subs) {
      subs = { conns: new Set(), lastSince: lastId };
      subscribers.set(key, subs);
    }
    subs.conns.add(conn);
    subs.lastSince = lastId;
    resettle(conn);
  };

  const unsubscribe = (conn: Conn, key: string) => {
    conn.subs.delete(key);
    const subs = subscribers.get(key);
    if (subs) {
      subs.conns.delete(conn);
      if (subs.conns.size === 0) subscribers.delete(key);
    }
    resettle(conn);
  };

  /**
   * A socket's subscriptions changed while a batch holds pushes for it: it keeps only those it still
   * takes (none after unsubscribing, none it already has in the snapshot it was just sent).
   */
  const resettle = (conn: Conn) => {
    if (conn.pending.length > 0) conn.pending = conn.pending.filter((out) => wants(conn, out));
  };

  const drop = (conn: Conn) => {
    conn.dead = true;
    conn.pending = [];
    conns.delete(conn);
    for (const key of [...conn.subs.keys()]) unsubscribe(conn, key);
    if (conn.userId !== null) {
      const set = byUser.get(conn.userId);
      set?.delete(conn);
      if (set?.size === 0) byUser.delete(conn.userId);
    }
  };

  app.get('/ws', { websocket: true }, (socket: WebSocket, req) => {
    // One address holds a bounded number of sockets (req.ip trusts X-Forwarded-For only behind a proxy).
    const ip = req.ip;
    byIp.set(ip, (byIp.get(ip) ?? 0) + 1);
    socket.on('close', () => {
      const left = (byIp.get(ip) ?? 1) - 1;
      if (left > 0) byIp.set(ip, left);
      else byIp.delete(ip);
    });
    if (opts.maxConnectionsPerIp) {
      const held = byIp.get(ip) ?? 0;
      void opts.maxConnectionsPerIp().then((max) => {
        if (held > max) socket.close(TOO_MANY_CONNECTIONS, 'too many connections');
      });
    }
    const query = req.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    // The kernel holds a bounded share of what the socket has not delivered (see send-buffer.ts).
    if (!capSendBuffer(req.socket)) uncapped++;
    const conn: Conn = { socket, tcp: req.socket, userId: null, subs: new Map(), dead: false, pending: [] };
    conns.add(conn);
    // Resolved while messages may already arrive: handlers await it rather than miss them.
    const userReady = token ? authenticate(token).catch(() => null) : Promise.resolve(null);
    void userReady.then((user) => {
      if (!user || conn.dead) return;
      conn.userId = user.id;
      let set = byUser.get(user.id);
      if (!set) {
        set = new Set();
        byUser.set(user.id, set);
      }
      set.add(conn);
    });
    let idle = setTimeout(() => socket.close(4000, 'idle'), idleTimeoutMs);
    const snapshots = new SnapshotBudget();
    const sendJson = (msg: unknown) => deliver(conn, JSON.stringify(msg));

    socket.on('message', async (raw, isBinary) => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(4000, 'idle'), idleTimeoutMs);
      if (isBinary) return;
      const text = raw.toString();
      if (text === LIVE_PING) {
        deliver(conn, LIVE_PONG);
        return;
      }
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return; // malformed messages are ignored
      }
      if (typeof msg !== 'object' || msg === null) return;
      const { op, args } = msg as Record<string, unknown>;
      if (op !== 'subscribe' && op !== 'unsubscribe') return;
      const parsed = parseArgs(args);
      if (!parsed) {
        sendJson({ event: 'error', code: '60012', msg: 'Invalid request' });
        return;
      }
      const user = await userReady;
      if (conn.dead) return;
      // The answers to one request (acks, snapshots, last tickers) leave in one write.
      const transport = corkable(socket);
      transport?.cork();
      try {
        answer(parsed, op, user);
      } finally {
        transport?.uncork();
      }
    });
    const answer = (parsed: LiveArg[], op: 'subscribe' | 'unsubscribe', user: AuthUser | null) => {
      for (const arg of parsed) {
        if ((PRIVATE_CHANNELS as readonly string[]).includes(arg.channel) && !user) {
          sendJson({ event: 'error', code: '60011', msg: 'Please log in', arg });
          continue;
        }
        if (
          (arg.channel === 'books' || arg.channel === 'mark-price' || arg.channel === 'funding-rate') &&
          !arg.instId
        ) {
          sendJson({ event: 'error', code: '60018', msg: 'instId required', arg });
          continue;
        }
        if (op === 'unsubscribe') {
          unsubscribe(conn, subKey(arg.channel, arg.instId));
          sendJson({ event: op, arg });
          continue;
        }
        if (arg.channel === 'books') {
          // Each books subscription is a snapshot of up to 400 levels a side: a socket has a budget of them.
          const verdict = snapshots.take();
          if (verdict === 'cut') {
            conn.dead = true;
            socket.close(TOO_MANY_CONNECTIONS, 'too many snapshot requests');
            return;
          }
          if (verdict === 'refused') {
            sendJson({ ...SNAPSHOT_REFUSED, arg });
            continue;
          }
        }
        if (conn.subs.size >= MAX_SUBSCRIPTIONS && !conn.subs.has(subKey(arg.channel, arg.instId))) {
          sendJson({ event: 'error', code: '60012', msg: 'Too many subscriptions', arg });
          continue;
        }
        subscribe(conn, arg);
        sendJson({ event: op, arg });
        if (arg.channel === 'books' && arg.instId) {
          // An instrument nothing was published for yet gets an empty book (seqId -1), not a cache entry.
          const s = instruments.get(arg.instId) ?? new InstrumentState(arg.instId, opts.snapshotDepth);
          deliver(conn, s.snapshot());
        } else if ((arg.channel === 'mark-price' || arg.channel === 'funding-rate') && arg.instId) {
          const last = lastMarks.get(arg.instId);
          if (last) deliver(conn, arg.channel === 'mark-price' ? last.mark : last.funding);
        } else if (arg.channel === 'tickers') {
          const last = arg.instId
            ? [instruments.get(arg.instId)?.ticker]
            : [...instruments.values()].map((s) => s.ticker);
          for (const t of last) if (t) deliver(conn, JSON.stringify(t));
        }
      }
    };
    socket.on('close', () => {
      clearTimeout(idle);
      drop(conn);
    });
    socket.on('error', () => socket.terminate());
  });

  return {
    stats: () => ({
      connections: conns.size,
      cutOff,
      cutHeldMax,
      uncapped,
      sent,
      serialized,
      writes,
      instruments: instruments.size,
    }),
  };
}
