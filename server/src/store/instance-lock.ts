import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './pg-pool';

/**
 * One instance per database until cluster mode exists: its writers (the ledger's money writer, the spot and
 * swap books) and timers assume they are alone. On PostgreSQL an instance holds a session-level advisory
 * lock on a connection of its own for its whole life; on the embedded store, a lock file in DATA_DIR.
 */

/** The advisory lock's two keys: 'Nexa' in ASCII, and 1 for "the single writer". */
export const LOCK_KEYS = [0x4e657861, 1] as const;
export const LOCK_NAME = `advisory lock (${LOCK_KEYS[0]}, ${LOCK_KEYS[1]})`;
/** The lock file in DATA_DIR of the embedded store. */
export const LOCK_FILE = 'nexa-instance.lock';

const BACKOFF_MS = [100, 250, 500, 1_000] as const;
/** How long a starting instance waits for a lock held by another before it refuses. */
const START_WAIT_MS = 2_000;

/** Another instance holds the lock: this one must not start. */
export class InstanceLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceLockedError';
  }
}

export interface LockLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface InstanceLock {
  /** Null while the lock is held; otherwise why the store must not be used now. */
  refusal(): string | null;
  /** The lock was lost and another instance has it now: this one stays stopped. */
  readonly fenced: boolean;
  release(): Promise<void>;
}

function databaseOf(url: string): string {
  const u = new URL(url);
  return `${decodeURIComponent(u.pathname.replace(/^\//, '')) || u.username} on ${u.hostname}:${u.port || 5432}`;
}

async function holderOf(c: pg.Client): Promise<string> {
  const r = await c.query<{ pid: number; app: string | null; addr: string | null; since: Date | null }>(
    `select a.pid, a.application_name as app, a.client_addr::text as addr, a.backend_start as since
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.classid = $1 and l.objid = $2 and l.granted
        and l.database = (select oid from pg_database where datname = current_database())`,
    [LOCK_KEYS[0], LOCK_KEYS[1]],
  );
  const h = r.rows[0];
  if (!h) return 'another session';
  return `backend pid ${h.pid}${h.app ? ` (${h.app})` : ''}${h.addr ? ` from ${h.addr}` : ''}${h.since ? ` since ${h.since.toISOString()}` : ''}`;
}

async function tryLock(c: pg.Client): Promise<boolean> {
  const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [...LOCK_KEYS]);
  return r.rows[0]?.ok === true;
}

/**
 * Takes the advisory lock on a connection of its own, or throws InstanceLockedError naming the lock, the
 * database and who holds it. The connection is watched: when it goes (the database restarted, the
 * session was terminated), the store is refused until the lock is taken again on a new connection,
 * retried with backoff. When another instance has taken it meanwhile, this one is fenced: `onFenced`
 * stops its writers and timers, and it never writes again.
 */
export async function lockDatabase(opts: {
  readonly url: string;
  readonly log: LockLog;
  readonly onFenced: (reason: string) => void;
}): Promise<InstanceLock> {
  const { url, log } = opts;
  const database = databaseOf(url);
  const me = `nexa ${hostname()} pid ${process.pid} ${randomBytes(3).toString('hex')}`.slice(0, 63);
  let client: pg.Client | null = null;
  let held = false;
  let fenced: string | null = null;
  let closing = false;
  let lostAt = 0;

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: url,
      application_name: me,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    c.on('error', (err) => {
      if (c === client && held) log.warn({ err }, `store connection holding the ${LOCK_NAME} failed`);
    });
    await c.connect();
    return c;
  };

  const watch = (c: pg.Client) => {
    c.once('end', () => {
      if (c !== client || closing) return;
      held = false;
      client = null;
      lostAt = Date.now();
      log.error(
        { database },
        `store connection lost: calls answer StoreUnavailable until the ${LOCK_NAME} is taken again`,
      );
      void regain();
    });
  };

  const regain = async (): Promise<void> => {
    for (let attempt = 0; !closing && !fenced; attempt++) {
      await sleep(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 1_000);
      if (closing) return;
      let c: pg.Client | null = null;
      try {
        c = await connect();
        if (await tryLock(c)) {
          client = c;
          held = true;
          watch(c);
          log.info({ database, after_ms: Date.now() - lostAt }, `store back: ${LOCK_NAME} taken again`);
          return;
        }
        const holder = await holderOf(c);
        if (holder.includes(me)) {
          // Our own old session, not yet noticed gone by the server: end it and try again.
          await c.query(
            `select pg_terminate_backend(l.pid) from pg_locks l where l.locktype = 'advisory'
               and l.classid = $1 and l.objid = $2 and l.pid <> pg_backend_pid()`,
            [...LOCK_KEYS],
          );
          await c.end().catch(() => {});
          continue;
        }
        await c.end().catch(() => {});
        fenced = `the ${LOCK_NAME} on ${database} is held by ${holder}: another instance took over`;
        log.error(
          { database, holder },
          `${fenced}; this instance stops its writers and timers and must be restarted`,
        );
        opts.onFenced(fenced);
        return;
      } catch (err) {
        await c?.end().catch(() => {});
        if (attempt % 10 === 0)
          log.warn({ err, attempt }, `store still unavailable; retrying the ${LOCK_NAME}`);
      }
    }
  };

  const first = await connect();
  // A predecessor that just died may still hold it for a moment (the server has not seen its socket close).
  const until = Date.now() + START_WAIT_MS;
  let got = await tryLock(first);
  while (!got && Date.now() < until) {
    await sleep(250);
    got = await tryLock(first);
  }
  if (!got) {
    const holder = await holderOf(first).catch(() => 'another session');
    await first.end().catch(() => {});
    throw new InstanceLockedError(
      `refusing to start: another instance holds the ${LOCK_NAME} on database ${database} (${holder}). ` +
        'Only one instance may write to a database until cluster mode exists: stop the other one first.',
    );
  }
  client = first;
  held = true;
  watch(first);
  log.info({ database }, `${LOCK_NAME} taken: this instance is the database's single writer`);
  return {
    refusal: () => fenced ?? (held ? null : 'the store connection is being re-established'),
    get fenced() {
      return fenced !== null;
    },
    async release() {
      closing = true;
      const c = client;
      client = null;
      held = false;
      await c?.end().catch(() => {});
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * The embedded store's lock: a file in DATA_DIR with the pid and host of the instance that has it open,
 * created exclusively. A file left by a process that is gone (a crash, SIGKILL) is taken over; one of a
 * living process, or of another host (a shared folder, whose processes cannot be checked), refuses.
 */
export function lockDataDir(dir: string): InstanceLock {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST' || attempt > 2) throw err;
      let other: { pid?: unknown; host?: unknown } = {};
      try {
        other = JSON.parse(readFileSync(file, 'utf8')) as typeof other;
      } catch {
        // unreadable or half written: a start that died before finishing it
      }
      const pid = typeof other.pid === 'number' ? other.pid : 0;
      const sameHost = other.host === undefined || other.host === hostname();
      if (pid > 0 && pid !== process.pid && (!sameHost || alive(pid))) {
        throw new InstanceLockedError(
          `refusing to start: the embedded store in ${dir} is open in another process ` +
            `(pid ${pid}${sameHost ? '' : ` on host ${String(other.host)}`}, lock file ${file}). ` +
            'Stop it first; delete the lock file only if that process is gone.',
        );
      }
      unlinkSync(file);
    }
  }
  return {
    refusal: () => null,
    fenced: false,
    async release() {
      try {
        if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}
