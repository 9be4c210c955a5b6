// A PostgreSQL server of a test's own: a temporary cluster made with the machine's binaries, on a free
// port, that the test may stop, start and cut connections on without disturbing anyone else (the
// machine's own server at 5432 is never touched).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const PG_ROOT = '/usr/lib/postgresql';

/** The folder of the newest installed PostgreSQL's binaries (initdb, pg_ctl), or null. */
export function pgBinaries(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter(
      (v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')) && existsSync(join(PG_ROOT, v, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

/** Why a temporary cluster cannot be made here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!pgBinaries()) return `no PostgreSQL binaries (initdb, pg_ctl) under ${PG_ROOT}`;
  if (process.getuid?.() !== 0) return 'not running as root (the cluster runs as user postgres)';
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    return 'no user postgres';
  }
  return null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface TempCluster {
  /** Connection string of its `postgres` database. */
  readonly url: string;
  readonly port: number;
  start(): void;
  /** `pg_ctl stop -m fast`: every connection is cut, new ones are refused until `start`. */
  stop(): void;
  /** Ends every backend but the caller's (pg_terminate_backend); answers how many. */
  terminateBackends(): Promise<number>;
  /** Stops it and removes its folder. */
  destroy(): void;
}

export async function tempCluster(): Promise<TempCluster> {
  const bin = pgBinaries();
  if (!bin) throw new Error(`no PostgreSQL binaries under ${PG_ROOT}`);
  const dir = mkdtempSync(join(tmpdir(), 'nexa-pg-'));
  const data = join(dir, 'data');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 300_000,
    });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () =>
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    port,
    start() {
      start();
      running = true;
    },
    stop() {
      stop();
      running = false;
    },
    async terminateBackends() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const r = await c.query(
          `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
           where pid <> pg_backend_pid() and backend_type = 'client backend') t`,
        );
        return Number(r.rows[0]?.n ?? 0);
      } finally {
        await c.end();
      }
    },
    destroy() {
      try {
        if (running) stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
