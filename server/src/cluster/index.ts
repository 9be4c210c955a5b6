import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Handlers } from '../kernel/context';
import type { SettingsService } from '../kernel/settings';
import type { Store } from '../store';
import { type ClusterBus, createNatsBus } from './bus';
import { routeCalls } from './forward';
import { type Lease, startLease } from './lease';
import { RedisRateLimiter } from './rate-limit';

export { FencedError } from './lease';

/** The writers' lease: its holder runs every book, writer and timer; the others serve and forward. */
export const WRITERS_LEASE = 'writers';

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

/**
 * The writers' role of one instance: seeks the lease; when it has it, fences every transaction of the
 * store (wrapping `db.transaction`), runs `onGain` (the modules' books, writers and timers start) and
 * answers forwarded calls. Losing it runs `onLose`: the work stops and this instance must start again
 * (its books and writers are not restarted in place).
 */
export function runWriters(
  link: ClusterLink,
  o: {
    readonly store: Store;
    readonly handlers: Handlers;
    readonly log: ClusterLog;
    readonly onGain: () => Promise<void>;
    readonly onLose: (reason: string) => void;
    readonly count?: (outcome: 'ok' | 'error' | 'unavailable') => void;
    /** Calls every instance answers itself (reads of the store). */
    readonly readsAnywhere?: ReadonlySet<string>;
  },
): { handlers: Handlers; lease: Lease; serving: () => boolean } {
  let lease: Lease | null = null;
  let serving: (() => void) | null = null;
  const routing = routeCalls(o.handlers, {
    nc: link.nc,
    prefix: link.config.prefix,
    local: () => lease?.held() === true && serving !== null,
    // A failover is the lease lapsing, then the next holder building its books from the store.
    waitMs: link.config.leaseMs + 12_000,
    timeoutMs: 30_000,
    log: o.log,
    ...(o.count ? { count: o.count } : {}),
    ...(o.readsAnywhere ? { readsAnywhere: o.readsAnywhere } : {}),
  });
  // Once this instance has held the lease, every transaction it opens is fenced until it ends: after a loss
  // (its epoch gone) each one fails, so work still under way when the lease lapsed (a writer's batch, a
  // timer) can never commit beside the new holder's. A stand-by that never held it writes unfenced (its
  // request records) as before.
  let held = false;
  fenceTransactions(o.store, () => (held ? lease : null));
  lease = startLease({
    store: o.store,
    key: WRITERS_LEASE,
    owner: link.config.instance,
    ttlMs: link.config.leaseMs,
    log: o.log,
    onGain: async () => {
      held = true;
      await o.onGain();
      serving = routing.serve();
    },
    onLose: (reason) => {
      serving?.();
      serving = null;
      // The work is not restarted in place: this instance ends to start again, and never seeks the lease
      // meanwhile (taking it back would start its modules a second time in one process).
      void lease?.stop();
      o.onLose(reason);
    },
  });
  return { handlers: routing.handlers, lease, serving: () => lease?.held() === true && serving !== null };
}

/** While `holder()` names a lease, every transaction opened on the store checks it first (fencing). */
function fenceTransactions(store: Store, holder: () => Lease | null): void {
  const db = store.db as unknown as {
    transaction: <T>(fn: (tx: unknown) => Promise<T>, config?: unknown) => Promise<T>;
  };
  const original = db.transaction.bind(db);
  db.transaction = (fn, config) =>
    original(async (tx) => {
      const lease = holder();
      if (lease) await lease.fence(tx as never);
      return fn(tx);
    }, config);
}
