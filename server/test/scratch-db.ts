import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** A database of its own on the PostgreSQL server at `serverUrl`, for one test file, child or benchmark. */
export interface ScratchDatabase {
  /** Its connection string. */
  readonly url: string;
  /**
   * Drops it. `pool.end()` resolves before its sockets are gone, and a forced drop would kill them
   * mid-close (an unhandled error in the runner): this waits for them first.
   */
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  // Within a test run, its id too (test/global-setup.ts): what a file leaves behind is dropped at the end.
  const run = process.env.NEXA_TEST_RUN;
  const name = `${prefix}${run ? `_${run}` : ''}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, async (c) => {
    if (!template) return c.query(`create database ${name}`);
    // Copies made at the same moment from one template wait for each other.
    for (let i = 0; ; i++) {
      try {
        return await c.query(`create database ${name} template ${template}`);
      } catch (err) {
        if (i >= 100 || !/being accessed by other users/.test(String(err))) throw err;
        await sleep(50 + Math.floor(Math.random() * 100));
      }
    }
  });
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () =>
      onServer(serverUrl, async (c) => {
        for (let i = 0; i < 50; i++) {
          const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (r.rows[0]?.n === 0) break;
          await sleep(20);
        }
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
