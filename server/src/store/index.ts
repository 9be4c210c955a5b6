import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPool } from './pg-pool';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The store's handle. Built without drizzle's relational-query schema (queries name their tables): with it,
 * every transaction built a query helper for each of the schema's tables before its first statement.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export { schema };

export interface Store {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Whether the store answers now (readiness): null when it does, otherwise why not. Never throws. */
  unready(): Promise<string | null>;
  /** PostgreSQL's connection pool now (metrics); absent for the embedded store. */
  poolStats?(): { readonly total: number; readonly idle: number; readonly waiting: number };
  close(): Promise<void>;
}

/** How long readiness waits for the store's answer. */
const READY_TIMEOUT_MS = 1_000;

/** The advisory lock migrations run under: 'Nexa' in ASCII, and 2 for "migrating". */
const MIGRATION_LOCK = [0x4e657861, 2];

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the embedded store is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded store; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Told about errors of PostgreSQL connections, idle or in use (they are discarded and replaced). */
  onIdleError?: (err: Error) => void;
  /** Asked before each PostgreSQL connection is handed out: a reason refuses it with StoreUnavailable. */
  refuse?: () => string | null;
  /** Names the PostgreSQL connections in pg_stat_activity. */
  applicationName?: string;
  /** An embedded store to start from (a dump of one already migrated): tests skip creating and migrating. */
  template?: Blob;
}

/** Opens the store and applies migrations. One schema, one migration set for both kinds. */
export async function openStore(opts: StoreOptions): Promise<Store> {
  if (opts.databaseUrl) {
    // Migrations on a connection of their own, without the statement timeout a long one could hit.
    const setup = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    setup.on('error', (err) => opts.onIdleError?.(err));
    try {
      // Instances starting together (cluster mode) migrate one after another: the lock is the session's,
      // given back when this connection ends.
      await setup.query('select pg_advisory_lock($1, $2)', MIGRATION_LOCK);
      await migratePg(drizzlePg(setup, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await setup.end();
    }
    // An idle or busy connection the server ends (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    const pool = createPool({
      url: opts.databaseUrl,
      max: 10,
      ...(opts.applicationName ? { applicationName: opts.applicationName } : {}),
      onError: (err) => opts.onIdleError?.(err),
      ...(opts.refuse ? { refuse: opts.refuse } : {}),
    });
    const db = drizzlePg(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      unready: () => pingPool(pool),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = opts.template
    ? await PGlite.create({ dataDir: dir, loadDataDir: opts.template })
    : await PGlite.create(dir);
  const db = drizzleLite(client);
  await migrateLite(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    unready: async () => (client.closed ? 'the embedded store is closed' : null),
    close: () => client.close(),
  };
}

/**
 * A connection of its own to the same PostgreSQL store, outside its pool: cluster mode's lease renewals, which
 * must never wait behind the work's queries for a free connection (a lease not renewed in time is lost).
 */
export function openSideConnection(
  databaseUrl: string,
  applicationName: string,
  onError?: (err: Error) => void,
): { readonly db: Db; close(): Promise<void> } {
  const pool = createPool({ url: databaseUrl, max: 1, applicationName, ...(onError ? { onError } : {}) });
  return { db: drizzlePg(pool) as unknown as Db, close: () => pool.end() };
}

async function pingPool(pool: pg.Pool): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      pool.query('select 1').then(
        () => null,
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A dump of a fresh, migrated embedded store, to open others from (`template`). */
export async function storeTemplate(): Promise<Blob> {
  const store = await openStore({ dataDir: 'memory://' });
  const client = (store.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await store.close();
  return dump;
}

/** Runs raw SQL and returns its rows; both drivers answer `{rows}`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `column = any('{…}'::bigint[])`: a list of integer ids as one parameter. drizzle's `inArray` binds a
 * parameter for each id and types each one, which the ledger's hottest statements paid for on every batch.
 */
export function idIn(column: AnyPgColumn, ids: Iterable<number>): SQL {
  const list: number[] = [];
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new TypeError(`not an id: ${id}`);
    list.push(id);
  }
  return sql`${column} = any(${`{${list.join(',')}}`}::bigint[])`;
}
