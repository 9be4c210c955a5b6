import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export { schema };

export interface Store {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the embedded store is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded store; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Told about errors of idle PostgreSQL connections (they are discarded and replaced). */
  onIdleError?: (err: Error) => void;
  /** An embedded store to start from (a dump of one already migrated): tests skip creating and migrating. */
  template?: Blob;
}

/** Opens the store and applies migrations. One schema, one migration set for both kinds. */
export async function openStore(opts: StoreOptions): Promise<Store> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = opts.template
    ? await PGlite.create({ dataDir: dir, loadDataDir: opts.template })
    : await PGlite.create(dir);
  const db = drizzleLite(client, { schema });
  await migrateLite(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
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
