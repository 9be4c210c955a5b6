import pg from 'pg';

/** The advisory lock instances start under: 'Nexa' in ASCII, and 3 for "starting". */
const START_LOCK = [0x4e657861, 3];

/**
 * Runs `fn` while holding a session advisory lock on a connection of its own: instances that start together
 * seed the database one after another (the seeds are idempotent, not safe to run side by side).
 */
export async function withStartLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    await c.query('select pg_advisory_lock($1, $2)', START_LOCK);
    return await fn();
  } finally {
    await c.end().catch(() => {});
  }
}
