import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Handlers } from '../kernel/context';
import type { SettingsService } from '../kernel/settings';
import type { Db, Store } from '../store';
import { type ClusterBus, createNatsBus } from './bus';
import { routeCalls } from './forward';
import { type Lease, startLease } from './lease';
import { RedisRateLimiter } from './rate-limit';

export { leaseOfCall, SPOT_LEASE, WRITERS_LEASE } from './keys';
export { FencedError } from './lease';

type ClusterConfig = NonNullable<Config['cluster']>;

export interface ClusterLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What one instance shares with the others: the servers' connections, the bus and the limiter. */
export interface ClusterLink {
  readonly config: ClusterConfig;
  readonly nc: NatsConnection;
  readonly redis: Redis;
  readonly bus: ClusterBus;
  readonly limiter: RedisRateLimiter;
  /** Whether NATS and Redis answer now (readiness): null when they do. */
  unready(): string | null;
  close(): Promise<void>;
}

/** Connects to NATS and Redis; throws with a clear message when either does not answer. */
export async function connectCluster(config: ClusterConfig, log: ClusterLog): Promise<ClusterLink> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: config.natsUrl.split(',').map((u) => u.trim()),
      name: config.instance,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
  } catch (err) {
    throw new Error(`cluster mode: NATS at ${config.natsUrl} did not answer (${(err as Error).message})`);
  }
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    enableOfflineQueue: false,
  });
  redis.on('error', (err: Error) => log.warn({ cause: err.message }, 'Redis connection failed'));
  try {
    await redis.connect();
  } catch (err) {
    await nc.close();
    throw new Error(`cluster mode: Redis at ${config.redisUrl} did not answer (${(err as Error).message})`);
  }
  let natsDown = false;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') natsDown = true;
      if (s.type === 'reconnect') natsDown = false;
    }
  })();
  return {
    config,
    nc,
    redis,
    bus: createNatsBus(nc, config.prefix, config.instance),
    limiter: new RedisRateLimiter(redis, config.prefix),
    unready: () =>
      natsDown ? 'NATS is not connected' : redis.status !== 'ready' ? `Redis is ${redis.status}` : null,
    async close() {
      await nc.drain().catch(() => {});
      redis.disconnect();
    },
  };
}

/**
 * Tells the other instances what this one changed that they keep in memory: a session ended (they drop it
 * from their caches) and a setting set (they read it again). Seen by all within the NATS round trip.
 */
export function shareInvalidations(
  link: ClusterLink,
  parts: {
    readonly settings: SettingsService;
    readonly onSessionForgotten: (l: (hash: string) => void) => () => void;
    readonly dropSession: (hash: string) => void;
    readonly log: ClusterLog;
  },
): () => void {
  const subject = `${link.config.prefix}.invalidate`;
  const me = link.config.instance;
  const send = (kind: 'session' | 'setting', id: string) =>
    link.nc.publish(subject, JSON.stringify({ o: me, kind, id }));
  const offSession = parts.onSessionForgotten((hash) => send('session', hash));
  const offSetting = parts.settings.onChange((key) => send('setting', key));
  const sub = link.nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      const m = msg.json<{ o: string; kind: string; id: string }>();
      if (m.o === me) return;
      if (m.kind === 'session') parts.dropSession(m.id);
      else if (m.kind === 'setting')
        parts.settings
          .reload(m.id)
          .catch((e: unknown) => parts.log.warn({ err: e, key: m.id }, 'setting could not be read again'));
    },
  });
  return () => {
    offSession();
    offSetting();
    sub.unsubscribe();
  };
}

/** One group of the writers' work: its lease, and what starts when this instance takes it. */
export interface WritersGroup {
  readonly key: string;
  readonly onGain: () => Promise<void>;
}

/** What this instance's writers' role is: the calls as they route, its leases, the groups it serves. */
export interface WritersRole {
  readonly handlers: Handlers;
  /** Each group's lease, by key. */
  readonly leases: ReadonlyMap<string, Lease>;
  /** The writers' lease (the first group's). */
  readonly lease: Lease;
  /** Whether this instance holds a group's lease and answers its calls (the first group by default). */
  serving(key?: string): boolean;
  /** Stops seeking and gives up every lease held. */
  stop(): Promise<void>;
}

/**
 * The writers' role of one instance: seeks each group's lease (the first group's at once, the others a lease's
 * time later); once it has one, fences every transaction of the store (wrapping `db.transaction`) on every
 * lease it took, runs that group's `onGain` (its modules' books, writers and timers start) and answers that
 * group's forwarded calls. An instance that runs one group leaves another's lease to an instance that runs
 * none (see `mayTake`): with two instances or more, the groups run on different instances. Losing any lease runs `onLose`: the work stops and this instance must start
 * again (its books and writers are not restarted in place).
 */
export function runWriters(
  link: ClusterLink,
  o: {
    readonly store: Store;
    /** A connection of its own for the leases' renewals (the store's pool without one). */
    readonly leaseDb?: Db;
    readonly handlers: Handlers;
    readonly log: ClusterLog;
    readonly groups: readonly [WritersGroup, ...WritersGroup[]];
    /** The group (lease key) whose memory a call needs. */
    readonly keyOf: (path: string, body: unknown) => string;
    /** How long an instance running one group leaves another group's free lease to the others. */
    readonly spreadMs: number;
    readonly onLose: (reason: string) => void;
    readonly count?: (outcome: 'ok' | 'error' | 'unavailable') => void;
    /** Calls every instance answers itself (reads of the store). */
    readonly readsAnywhere?: ReadonlySet<string>;
  },
): WritersRole {
  const leases = new Map<string, Lease>();
  const serving = new Map<string, () => void>();
  const gainedAt = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let lost = false;
  const routing = routeCalls(o.handlers, {
    nc: link.nc,
    prefix: link.config.prefix,
    keyOf: o.keyOf,
    local: (key) => leases.get(key)?.held() === true && serving.has(key),
    // A failover is the lease lapsing, then the next holder building its books from the store.
    waitMs: link.config.leaseMs * 3 + 12_000,
    timeoutMs: 30_000,
    log: o.log,
    ...(o.count ? { count: o.count } : {}),
    ...(o.readsAnywhere ? { readsAnywhere: o.readsAnywhere } : {}),
  });
  // Once this instance has held a lease, every transaction it opens is fenced on it until it ends: after a
  // loss (its epoch gone) each one fails, so work still under way when the lease lapsed (a writer's batch, a
  // timer) can never commit beside the new holder's. A stand-by that never held one writes unfenced (its
  // request records) as before.
  fenceTransactions(o.store, () => [...gainedAt.keys()].flatMap((k) => leases.get(k) ?? []));
  const others = (key: string) => [...gainedAt.keys()].filter((k) => k !== key);
  const presence = sharePresence(
    link,
    () => gainedAt.size === 0 && [...leases.values()].every((l) => l.answered()),
  );
  const startedAt = Date.now();
  /**
   * A group's lease is sought by an instance running no group at once; by one running another group only
   * while no instance that runs none is there to take it, and not in its first `spreadMs` (the others of a
   * cluster starting together come up meanwhile): with two instances or more, the groups run apart.
   */
  const mayTake = (key: string) =>
    others(key).length === 0 || (presence.free() === 0 && Date.now() - startedAt >= o.spreadMs);
  const seek = (g: WritersGroup) => {
    const lease = startLease({
      store: o.store,
      ...(o.leaseDb ? { db: o.leaseDb } : {}),
      key: g.key,
      owner: link.config.instance,
      ttlMs: link.config.leaseMs,
      log: o.log,
      mayTake: () => mayTake(g.key),
      onGain: async () => {
        gainedAt.set(g.key, Date.now());
        await g.onGain();
        if (!lost) serving.set(g.key, routing.serve(g.key));
      },
      onLose: (reason) => {
        lost = true;
        for (const stop of serving.values()) stop();
        serving.clear();
        // The work is not restarted in place: this instance ends to start again, and never seeks a lease
        // meanwhile (taking one back would start its modules a second time in one process).
        for (const l of leases.values()) void l.stop();
        for (const t of timers) clearTimeout(t);
        presence.stop();
        o.onLose(reason);
      },
    });
    leases.set(g.key, lease);
  };
  const [first, ...rest] = o.groups;
  seek(first);
  rest.forEach((g, i) => {
    const t = setTimeout(
      () => {
        if (!lost) seek(g);
      },
      link.config.leaseMs * (i + 1),
    );
    t.unref();
    timers.push(t);
  });
  const firstLease = leases.get(first.key) as Lease;
  return {
    handlers: routing.handlers,
    leases,
    lease: firstLease,
    serving: (key = first.key) => leases.get(key)?.held() === true && serving.has(key),
    async stop() {
      for (const t of timers) clearTimeout(t);
      presence.stop();
      for (const l of leases.values()) await l.stop();
    },
  };
}

/**
 * Each instance says every half lease whether it runs no writers' group (and its store answers): the
 * instances free to take a group. Returns how many others are free now (heard within a lease).
 */
function sharePresence(link: ClusterLink, free: () => boolean): { free(): number; stop(): void } {
  const subject = `${link.config.prefix}.presence`;
  const me = link.config.instance;
  const heard = new Map<string, { at: number; free: boolean }>();
  const sub = link.nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      const m = msg.json<{ o: string; free: boolean }>();
      if (m.o !== me) heard.set(m.o, { at: Date.now(), free: m.free });
    },
  });
  const say = () => link.nc.publish(subject, JSON.stringify({ o: me, free: free() }));
  say();
  const timer = setInterval(say, Math.max(100, Math.floor(link.config.leaseMs / 2)));
  timer.unref();
  return {
    free() {
      const since = Date.now() - link.config.leaseMs;
      let n = 0;
      for (const h of heard.values()) if (h.free && h.at >= since) n++;
      return n;
    },
    stop() {
      clearInterval(timer);
      sub.unsubscribe();
    },
  };
}

/** Every transaction opened on the store first checks each lease `held()` names (fencing). */
function fenceTransactions(store: Store, held: () => readonly Lease[]): void {
  const db = store.db as unknown as {
    transaction: <T>(fn: (tx: unknown) => Promise<T>, config?: unknown) => Promise<T>;
  };
  const original = db.transaction.bind(db);
  db.transaction = (fn, config) =>
    original(async (tx) => {
      for (const lease of held()) await lease.fence(tx as never);
      return fn(tx);
    }, config);
}
