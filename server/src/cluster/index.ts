import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Handlers } from '../kernel/context';
import type { SettingsService } from '../kernel/settings';
import type { Db, Store, Tx } from '../store';
import { type ClusterBus, createNatsBus } from './bus';
import { routeCalls } from './forward';
import { fenceLeases, type Lease, startLease } from './lease';
import { startPlacement } from './placement';
import { RedisRateLimiter } from './rate-limit';

export {
  leaseOfCall,
  SPOT_LEASE_PREFIX,
  type SpotRoutes,
  spotLease,
  WRITERS_LEASE,
} from './keys';
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
      // Without it every request (each call handed to a writers' group) builds two or three Error objects
      // only to keep the caller's stack for a timeout: a stack capture each, on every forwarded call.
      noAsyncTraces: true,
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
  const bus = createNatsBus(nc, config.prefix, config.instance);
  return {
    config,
    nc,
    redis,
    bus,
    limiter: new RedisRateLimiter(redis, config.prefix),
    unready: () =>
      natsDown ? 'NATS is not connected' : redis.status !== 'ready' ? `Redis is ${redis.status}` : null,
    async close() {
      // Events published in this very turn (a batch's last updates) leave before the connection drains.
      bus.flush();
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
  /** How much of an instance's work the group is, against the others' (1 by default): placement balances it. */
  readonly weight?: number;
  readonly onGain: () => Promise<void>;
  /**
   * Stops the group's work in place so its lease can go to another instance (its calls are already routed
   * away); a group without one is never handed over (it moves only when its holder ends).
   */
  readonly onRelease?: () => Promise<void>;
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
  /** The groups this instance serves now. */
  served(): string[];
  /** The groups this instance handed over to another while running (most recent last). */
  handedOver(): readonly string[];
  /** Stops seeking and gives up every lease held. */
  stop(): Promise<void>;
}

/**
 * The writers' role of one instance: seeks the groups' leases as the placement plans them (`placement.ts`:
 * the groups spread over the live instances by weight); once it has one, fences every transaction of the
 * store (wrapping `db.transaction`) on every lease it took, runs that group's `onGain` (its books, writers and
 * timers start) and answers that group's forwarded calls. Losing any lease runs `onLose`: the work stops and
 * this instance must start again (its books and writers are not restarted in place).
 */
export function runWriters(
  link: ClusterLink,
  o: {
    readonly store: Store;
    /**
     * A connection of its own for the leases' renewals and attempts: never behind the work's queries, and never
     * fenced (a renewal waits for the work's fenced transactions; inside one it could wait for itself).
     */
    readonly leaseDb: Db;
    readonly handlers: Handlers;
    readonly log: ClusterLog;
    readonly groups: readonly [WritersGroup, ...WritersGroup[]];
    /** The group (lease key) whose memory a call needs; null when the instance it reached may answer it. */
    readonly keyOf: (path: string, body: unknown) => string | null | Promise<string | null>;
    /** How long an instance alone runs one group only, so the others of a cluster started together share them. */
    readonly spreadMs: number;
    readonly onLose: (reason: string) => void;
    readonly count?: (outcome: 'ok' | 'error' | 'unavailable') => void;
    /** Calls every instance answers itself (reads of the store). */
    readonly readsAnywhere?: ReadonlySet<string>;
  },
): WritersRole {
  const leases = new Map<string, Lease>();
  const serving = new Map<string, () => void>();
  const gained = new Set<string>();
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
  // Every transaction is fenced on the leases this instance holds: after a loss, work still under way (a batch,
  // a timer) fails instead of committing beside the new holder's. One that holds none writes unfenced.
  const owner = link.config.instance;
  const fencing = () => [...gained].flatMap((k) => leases.get(k) ?? []);
  fenceTransactions(o.store, (tx) => fenceLeases(tx, owner, fencing()));
  const weights = new Map(o.groups.map((g) => [g.key, g.weight ?? 1]));
  const placement = startPlacement(link, {
    keys: [...weights.keys()],
    weight: (key) => weights.get(key) ?? 1,
    held: () => [...gained],
    ready: () => [...leases.values()].every((l) => l.answered()),
    spreadMs: o.spreadMs,
  });
  /** A lease lost (or a hand-over that failed half way): every group's work stops and the instance ends. */
  const loseAll = (reason: string) => {
    if (lost) return;
    lost = true;
    for (const stop of serving.values()) stop();
    serving.clear();
    // The instance ends to start again, and never seeks a lease meanwhile (its modules would start twice).
    for (const l of leases.values()) void l.stop();
    placement.stop();
    o.onLose(reason);
  };
  for (const g of o.groups) {
    const lease = startLease({
      db: o.leaseDb,
      key: g.key,
      owner,
      ttlMs: link.config.leaseMs,
      log: o.log,
      mayTake: () => !lost && placement.mayTake(g.key),
      onGain: async () => {
        gained.add(g.key);
        await g.onGain();
        if (!lost) serving.set(g.key, routing.serve(g.key));
      },
      onLose: loseAll,
    });
    leases.set(g.key, lease);
  }
  const first = o.groups[0].key;
  const isServing = (key: string) => leases.get(key)?.held() === true && serving.has(key);
  const handedOver: string[] = [];
  const releases = new Map(o.groups.flatMap((g) => (g.onRelease ? [[g.key, g.onRelease] as const] : [])));
  const balancing = { handing: false };
  const balance = setInterval(() => {
    if (!lost)
      void handOverOne({
        state: balancing,
        placement,
        movable: (k) => releases.has(k) && isServing(k),
        // Its calls go elsewhere at once, its work stops, then its lease goes.
        handOver: async (key) => {
          serving.get(key)?.();
          serving.delete(key);
          await releases.get(key)?.();
          gained.delete(key);
          await leases.get(key)?.release();
          handedOver.push(key);
        },
        log: o.log,
        // Half handed over (the work stopped, the lease not given up): end as after a loss, to start clean.
        onFail: (key) => loseAll(`group ${key} could not be handed over`),
      });
  }, link.config.leaseMs * 2);
  balance.unref();
  return {
    handlers: routing.handlers,
    leases,
    lease: leases.get(first) as Lease,
    serving: (key = first) => isServing(key),
    served: () => [...serving.keys()].filter(isServing),
    handedOver: () => handedOver,
    async stop() {
      clearInterval(balance);
      placement.stop();
      for (const l of leases.values()) await l.stop();
    },
  };
}

/** Hands one group over when the placement says so (one at a time: `state.handing`). */
async function handOverOne(h: {
  readonly state: { handing: boolean };
  readonly placement: ReturnType<typeof startPlacement>;
  readonly movable: (key: string) => boolean;
  readonly handOver: (key: string) => Promise<void>;
  readonly log: ClusterLog;
  readonly onFail: (key: string) => void;
}): Promise<void> {
  if (h.state.handing) return;
  const key = h.placement.handOff(h.movable);
  if (key === null) return;
  h.state.handing = true;
  try {
    await h.handOver(key);
    h.log.info({ key }, `group ${key} handed over to a lighter instance`);
  } catch (err) {
    h.log.error({ err, key }, `group ${key} could not be handed over`);
    h.onFail(key);
  } finally {
    h.state.handing = false;
  }
}

/** Every transaction opened on the store first runs `fence` in it (fencing on the leases held). */
function fenceTransactions(store: Store, fence: (tx: Tx) => Promise<void>): void {
  const db = store.db as unknown as {
    transaction: <T>(fn: (tx: unknown) => Promise<T>, config?: unknown) => Promise<T>;
  };
  const original = db.transaction.bind(db);
  db.transaction = (fn, config) =>
    original(async (tx) => {
      await fence(tx as Tx);
      return fn(tx);
    }, config);
}
