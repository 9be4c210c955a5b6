import type {
  LiveArg,
  LiveFundingRatePush,
  LiveMarkPricePush,
  LiveNoticeData,
  LiveNoticePush,
  LiveOrderData,
  LiveOrderPush,
  LivePositionData,
  LivePositionPush,
} from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusEvents } from '../../kernel/bus';
import { type Conn, type Counters, type NewOutgoing, type Outgoing, subKey } from './conn';
import { InstrumentState } from './feed-state';
import { corkable, idleTransport, textFrame } from './frames';
import { writable } from './sockets';
import { hasSubscribers, type Subscriptions, wants } from './subscriptions';

/** Sockets written per turn of the event loop before the rest of a fan-out waits for the next turn. */
const SLICE_SOCKETS = 2_000;

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

/** What the feed knows now: each instrument's book and last ticker, each swap's last marks. */
export interface FeedCache {
  readonly instruments: Map<string, InstrumentState>;
  /** The last mark-price and funding-rate push per swap, sent to a new subscriber at once. */
  readonly lastMarks: Map<string, { mark: string; funding: string }>;
  /** Levels per side in a `books` snapshot. */
  readonly snapshotDepth: number | undefined;
}

export function createFeedCache(snapshotDepth: number | undefined): FeedCache {
  return { instruments: new Map(), lastMarks: new Map(), snapshotDepth };
}

function instrument(cache: FeedCache, instId: string): InstrumentState {
  let s = cache.instruments.get(instId);
  if (!s) {
    s = new InstrumentState(instId, cache.snapshotDepth);
    cache.instruments.set(instId, s);
  }
  return s;
}

/** Sends a new subscriber what its channel holds now: a book's snapshot, the last marks or tickers. */
export function sendCurrent(cache: FeedCache, arg: LiveArg, send: (data: string) => void): void {
  if (arg.channel === 'books' && arg.instId) {
    // An instrument nothing was published for yet gets an empty book (seqId -1), not a cache entry.
    const s = cache.instruments.get(arg.instId) ?? new InstrumentState(arg.instId, cache.snapshotDepth);
    send(s.snapshot());
  } else if ((arg.channel === 'mark-price' || arg.channel === 'funding-rate') && arg.instId) {
    const last = cache.lastMarks.get(arg.instId);
    if (last) send(arg.channel === 'mark-price' ? last.mark : last.funding);
  } else if (arg.channel === 'tickers') {
    const last = arg.instId
      ? [cache.instruments.get(arg.instId)?.ticker]
      : [...cache.instruments.values()].map((s) => s.ticker);
    for (const t of last) if (t) send(JSON.stringify(t));
  }
}

export interface FanOut {
  /** Queues a push; it leaves with the next batch. */
  enqueue(out: NewOutgoing): void;
  /** Id of the last push queued. */
  lastId(): number;
}

export interface FanOutDeps {
  readonly subs: Subscriptions;
  readonly counters: Counters;
  /** A socket whose unsent bytes in the process would pass this is cut off. */
  readonly maxBuffered: number;
}

/**
 * The queue of pushes and its batches. A batch is the pushes queued before it started and, for each
 * socket that takes any of them, its own run of them (`conn.pending`). Each socket gets its run in one
 * write of frames built once (sockets taking the same run share one buffer), a slice of sockets per turn
 * of the event loop: a large fan-out never holds the server (nor the publisher) for long, and what is
 * published meanwhile makes the next batch, so a busier feed writes more per system call.
 */
export function createFanOut(deps: FanOutDeps): FanOut {
  const { byKey: subscribers, byUser } = deps.subs;
  const { counters, maxBuffered } = deps;
  let queue: Outgoing[] = [];
  /** Id of the last push queued. */
  let lastId = 0;
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
          maxBuffered,
          counters,
        )
      ) {
        flush(conn, outs, b.joined, counters);
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

  return {
    enqueue: (out) => {
      queue.push({ ...out, id: ++lastId });
      schedule();
    },
    lastId: () => lastId,
  };
}

/** Writes one socket's run of pushes: one write of pre-built frames, or `ws` sends in one cork. */
function flush(conn: Conn, outs: readonly Outgoing[], joined: JoinedFrames, counters: Counters): void {
  const transport = idleTransport(conn.socket);
  if (transport) {
    transport.write(joined.of(outs));
  } else {
    const raw = corkable(conn.socket);
    raw?.cork();
    for (const out of outs) conn.socket.send(out.data.payload, { binary: false });
    raw?.uncork();
  }
  counters.sent += outs.length;
  counters.writes++;
}

export interface FollowDeps {
  /**
   * Where the market publishes `book.*`, `trade`, `ticker`, `order.update`, `position.update` and
   * `mark.price`.
   */
  readonly bus: Bus;
  readonly log: FastifyBaseLogger;
  readonly cache: FeedCache;
  readonly subs: Subscriptions;
  readonly counters: Counters;
  readonly enqueue: (out: NewOutgoing) => void;
  /** Cluster mode: asks the books' instance for a whole book again, when an update's sequence skips. */
  readonly resync: ((instId: string) => void) | undefined;
}

/** Bus handlers run inside the publisher's call: a failure here is logged, never thrown at the market. */
const guard =
  <E extends keyof BusEvents>(log: FastifyBaseLogger, event: E, fn: (p: BusEvents[E]) => void) =>
  (p: BusEvents[E]) => {
    try {
      fn(p);
    } catch (err) {
      log.error({ err, event }, 'live feed: event dropped');
    }
  };

/**
 * Follows the bus: each event updates the cache and, when a socket is subscribed to it, becomes a push
 * serialized and framed once and queued. Returns what stops following.
 */
export function followBus(deps: FollowDeps): () => void {
  const unsubscribers = [...followBooks(deps), ...followPrivate(deps), followMarks(deps)];
  return () => {
    for (const u of unsubscribers) u();
  };
}

/**
 * Books and tickers: a book's snapshot replaces the cached book, its updates chain onto it (a skipped
 * sequence asks for the whole book again in cluster mode), trades give the ticker its last size.
 */
function followBooks({ bus, log, cache, subs, counters, enqueue, resync }: FollowDeps): Array<() => void> {
  return [
    bus.subscribe(
      'book.snapshot',
      guard(log, 'book.snapshot', (e) => {
        const s = instrument(cache, e.instId);
        if (!s.applySnapshot(e))
          log.warn({ instId: e.instId }, 'live feed: malformed level in book snapshot');
        const keys = [subKey('books', e.instId)];
        if (hasSubscribers(subs, keys)) {
          counters.serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(s.snapshot()) });
        }
      }),
    ),
    bus.subscribe(
      'book.update',
      guard(log, 'book.update', (e) => {
        const s = instrument(cache, e.instId);
        // A step missed between the book here and the update's start: ask the writers for the book again.
        if (resync && (e.from ?? e.seq - 1) > s.book.seqId) resync(e.instId);
        const r = s.applyUpdate(e);
        if (!r) return;
        if (r.malformed) log.warn({ instId: e.instId }, 'live feed: malformed level in book update');
        const keys = [subKey('books', e.instId)];
        if (hasSubscribers(subs, keys)) {
          counters.serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(JSON.stringify(r.push)) });
        }
      }),
    ),
    bus.subscribe(
      'trade',
      guard(log, 'trade', (t) => {
        instrument(cache, t.instId).lastSz = t.size;
      }),
    ),
    bus.subscribe(
      'ticker',
      guard(log, 'ticker', (t) => {
        const push = instrument(cache, t.instId).applyTicker(t);
        const keys = [subKey('tickers', t.instId), subKey('tickers', undefined)];
        if (hasSubscribers(subs, keys)) {
          counters.serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(JSON.stringify(push)) });
        }
      }),
    ),
  ];
}

/** A user's orders and positions: only to that user's sockets, and only while one is signed in. */
function followPrivate(deps: FollowDeps): Array<() => void> {
  return [
    followUser(deps, 'order.update', 'update_order', (e) => e.order as LiveOrderData),
    followUser(deps, 'position.update', 'positions', (e) => e.position as LivePositionData),
    followUser(deps, 'notice.new', 'notices', (e) => e.notice as LiveNoticeData),
  ];
}

/** One private channel: each event's record, pushed as an update to its user's sockets. */
function followUser<E extends 'order.update' | 'position.update' | 'notice.new'>(
  { bus, log, subs, counters, enqueue }: FollowDeps,
  event: E,
  channel: 'update_order' | 'positions' | 'notices',
  record: (
    e: Parameters<Parameters<typeof bus.subscribe<E>>[1]>[0],
  ) => LiveOrderData | LivePositionData | LiveNoticeData,
): () => void {
  return bus.subscribe(
    event,
    guard(log, event, (e) => {
      if (!subs.byUser.has(e.userId)) return;
      const data = record(e);
      const instId = typeof data.instId === 'string' ? data.instId : undefined;
      const push = {
        arg: { channel, instId },
        action: 'update',
        data: [data],
      } as LiveOrderPush | LivePositionPush | LiveNoticePush;
      counters.serialized++;
      enqueue({ kind: 'private', channel, userId: e.userId, instId, data: textFrame(JSON.stringify(push)) });
    }),
  );
}

/** A swap's mark price and funding rate: two pushes, each kept as the last for new subscribers. */
function followMarks({ bus, log, cache, subs, counters, enqueue }: FollowDeps): () => void {
  return bus.subscribe(
    'mark.price',
    guard(log, 'mark.price', (e) => {
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
      cache.lastMarks.set(e.instId, { mark: markText, funding: fundingText });
      for (const [channel, text] of [
        ['mark-price', markText],
        ['funding-rate', fundingText],
      ] as const) {
        const keys = [subKey(channel, e.instId)];
        if (hasSubscribers(subs, keys)) {
          counters.serialized++;
          enqueue({ kind: 'public', keys, data: textFrame(text) });
        }
      }
    }),
  );
}
