import pg from 'pg';
import { StoreUnavailableError } from './unavailable';

/** How long opening a connection may take before StoreUnavailable (a server that does not answer). */
export const CONNECT_TIMEOUT_MS = 2_000;
/**
 * How long a call waits for a free connection of the pool when all are busy (a burst of work, not an
 * outage: while the store is known to be away, the gate refuses at once).
 */
const POOL_WAIT_MS = 15_000;
/** The longest one statement may run (server side); a longer one is cancelled (57014, StoreUnavailable). */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** The client's own bound on an answer, for a server that went silent without closing the socket. */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/** A transaction left open and idle this long is ended by the server, releasing its locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;

export interface PoolOptions {
  readonly url: string;
  readonly max?: number;
  /** Named in pg_stat_activity, so an operator sees whose connections these are. */
  readonly applicationName?: string;
  /** Told about every error of a connection (idle or in use); the connection is dropped, the process lives. */
  readonly onError?: (err: Error) => void;
  /**
   * Asked before every connection is handed out: a reason refuses it at once with StoreUnavailable (the
   * store is known to be away, or this instance lost its single-writer lock), without waiting on a socket.
   */
  readonly refuse?: () => string | null;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** A connection whose opening is bounded on its own (the pool's timeout bounds the wait for a free one). */
class BoundedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * A checked-out connection that ends (its server went, or terminated it) goes back to the pool as broken at
 * once: a caller that never releases it (drizzle does not when `begin` itself fails) cannot leak a slot,
 * and its own later release does nothing.
 */
function guard(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => finish(new Error('Connection ended while in use'));
  const finish = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  client.release = finish;
  client.once('end', onEnd);
  return client;
}

/**
 * The PostgreSQL pool of the server: every connection has an error listener for its whole life (a
 * connection lost inside a transaction no longer ends the process with an unhandled 'error' event),
 * connections are bounded in time, and an optional gate refuses work while the store is known to be away.
 * A refused or failed connection is simply tried again by the next call: the pool reconnects on demand.
 */
export function createPool(opts: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    Client: BoundedClient,
    connectionTimeoutMillis: POOL_WAIT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  });
  const onError = (err: Error) => opts.onError?.(err);
  // Idle connections (the pool drops them) and, through 'connect', every connection for its whole life.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));

  const refuse = opts.refuse;
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const gated = (cb?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    const reason = refuse?.() ?? null;
    if (reason !== null) {
      const err = new StoreUnavailableError(reason);
      if (!cb) return Promise.reject(err);
      process.nextTick(() => cb(err, undefined, () => {}));
      return undefined;
    }
    if (!cb) return (connect() as Promise<pg.PoolClient>).then(guard);
    connect((err, client, done) => {
      if (client) guard(client);
      cb(err, client, client ? (e?: unknown) => client.release(e instanceof Error ? e : Boolean(e)) : done);
    });
    return undefined;
  };
  // pool.query and drizzle's transactions both take their connections through connect().
  (pool as unknown as { connect: typeof gated }).connect = gated;
  return pool;
}
