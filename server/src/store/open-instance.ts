import { hostname } from 'node:os';
import { openStore, type Store } from './index';
import { type InstanceLock, type LockLog, lockDatabase, lockDataDir } from './instance-lock';
import { isStoreUnavailable, storeFailureText } from './unavailable';

/** How often at most the connection errors of an outage are logged (they come in bursts). */
const ERROR_LOG_EVERY_MS = 5_000;

/**
 * Opens the store of a server process as its single writer: takes the instance lock first (before
 * migrations or seeds touch anything; a second instance refuses here with InstanceLockedError), then the
 * store, whose connections are refused while the lock is not held. In cluster mode there is no such lock:
 * the writers' lease takes its place.
 */
export async function openInstanceStore(opts: {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly log: LockLog;
  /** Another instance took the lock after a reconnect: stop writers and timers. */
  readonly onFenced: (reason: string) => void;
  /** Cluster mode: many instances share the database; leases (cluster/lease.ts) decide who writes. */
  readonly cluster?: boolean;
}): Promise<{ store: Store; lock: InstanceLock | null }> {
  const { log } = opts;
  const lock = opts.cluster
    ? null
    : opts.databaseUrl
      ? await lockDatabase({ url: opts.databaseUrl, log, onFenced: opts.onFenced })
      : opts.dataDir.startsWith('memory://')
        ? null
        : lockDataDir(opts.dataDir);
  let lastLogged = 0;
  let quiet = 0;
  const onIdleError = (err: Error) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_EVERY_MS) {
      quiet++;
      return;
    }
    lastLogged = now;
    const text = storeFailureText(err);
    if (isStoreUnavailable(err))
      log.warn({ cause: text, more: quiet }, 'store connection lost; the pool reconnects on demand');
    else log.error({ cause: text, more: quiet }, 'store connection failed');
    quiet = 0;
  };
  try {
    const store = await openStore({
      databaseUrl: opts.databaseUrl,
      dataDir: opts.dataDir,
      onIdleError,
      applicationName: `nexa ${hostname()} pid ${process.pid}`.slice(0, 63),
      ...(lock ? { refuse: () => lock.refusal() } : {}),
    });
    return { store, lock };
  } catch (err) {
    await lock?.release();
    throw err;
  }
}
