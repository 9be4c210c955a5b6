import type { FastifyBaseLogger } from 'fastify';
import type { ClusterLink } from '../cluster';
import { withStartLock } from '../cluster/start-lock';
import { createAssetRegistry } from '../kernel/assets';
import { systemClock } from '../kernel/clock';
import type { AppDeps } from '../kernel/context';
import { logMailer, smtpMailer } from '../kernel/mailer';
import { createOutbox } from '../kernel/outbox';
import { MemoryRateLimiter } from '../kernel/rate-limit';
import { createSettings } from '../kernel/settings';
import { SETTINGS } from '../modules';
import { seedBase, seedDemo } from '../seed';
import type { Store } from '../store';
import type { InstanceLock } from '../store/instance-lock';
import { openInstanceStore } from '../store/open-instance';
import type { AppOptions } from './options';

/** The store and what every module shares around it, seeded and read once. */
export interface Stores {
  readonly store: Store;
  /** The app opened the store itself (and closes it). */
  readonly ownsStore: boolean;
  /** The single-writer lock of a store the app opened; null for a store handed in. */
  readonly lock: InstanceLock | null;
  /** Cluster mode's code, loaded only when it is on. */
  readonly cluster: typeof import('../cluster') | null;
  /** Cluster mode's connections (NATS, Redis). */
  readonly link: ClusterLink | null;
  readonly deps: AppDeps;
  /** Runs `fn` while no other instance starting with this one does (cluster mode); at once otherwise. */
  startLocked<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Opens the store (or takes the one handed in), cluster mode's connections, the mailer and the shared
 * machinery (settings, assets, outbox, rate limiter); seeds the base and demo data; reads settings and
 * assets once.
 */
export async function openStores(
  opts: AppOptions,
  log: FastifyBaseLogger,
  onFenced: (reason: string) => void,
): Promise<Stores> {
  const { config } = opts;
  const ownsStore = !opts.store;
  // A store the app opens itself is a process's: it takes the single-writer lock first (a second
  // instance on the same database refuses to start), and is fenced if another instance takes it later.
  let lock: InstanceLock | null = null;
  let store: Store;
  if (opts.store) store = opts.store;
  else {
    const opened = await openInstanceStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log,
      onFenced,
      cluster: config.cluster !== null,
    });
    store = opened.store;
    lock = opened.lock;
  }
  // Cluster mode's clients (NATS, Redis) are loaded only when it is on.
  const cluster = config.cluster ? await import('../cluster') : null;
  const link = config.cluster && cluster ? await cluster.connectCluster(config.cluster, log) : null;
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : // Codes go to the log only outside production (a demo without mail); production keeps them in the outbox.
        logMailer((l) => log.info(l), { withText: config.env !== 'production' }));
  const deps: AppDeps = {
    config,
    store,
    clock: opts.clock ?? systemClock,
    limiter: link?.limiter ?? new MemoryRateLimiter(),
    log,
    mailer,
    settings: createSettings(store, SETTINGS),
    assets: createAssetRegistry(store),
    outbox: createOutbox({ store, log }),
  };
  // Instances starting together seed one after another (the seeds are idempotent, not concurrent).
  const startLocked = <T>(fn: () => Promise<T>) =>
    config.cluster && config.databaseUrl ? withStartLock(config.databaseUrl, fn) : fn();
  await startLocked(async () => {
    await seedBase(store);
    if (config.seedDemo) await seedDemo(store, deps.clock);
  });
  // Settings and assets are read once here: code inside a database transaction never waits on the store for them.
  await deps.settings.preload();
  await deps.assets.load();
  return { store, ownsStore, lock, cluster, link, deps, startLocked };
}
