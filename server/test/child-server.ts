import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { App } from '../src/app';
import { ManualClock } from '../src/kernel/clock';
import { openStore, type Store } from '../src/store';
import type { TestServer } from './harness';
import { scratchDatabase } from './scratch-db';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Reads the wall clock: a call to a child server carries the real time in its signed timestamp. */
class WallClock extends ManualClock {
  override now(): Date {
    return new Date();
  }
}

/**
 * A store that outlives the server processes using it: a PGlite data folder, or a database of
 * its own on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export interface ChildStore {
  readonly kind: 'pglite' | 'postgres';
  /** What the server process gets in its environment to use this store. */
  readonly env: Readonly<Record<string, string>>;
  /** Opens it in this process (PGlite: only while no server process has it open). */
  open(): Promise<Store>;
  /** Removes it. */
  drop(): Promise<void>;
}

export async function childStore(): Promise<ChildStore> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'nexa-crash-'));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dir },
      open: () => openStore({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const db = await scratchDatabase(url, 'nexa_crash');
  return {
    kind: 'postgres',
    env: { DATABASE_URL: db.url },
    open: () => openStore({ databaseUrl: db.url }),
    drop: db.drop,
  };
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

/** A real server process (`src/main.ts`) on a store; `srv` is what the harness's `call` takes. */
export interface ChildServer {
  readonly srv: TestServer;
  readonly pid: number;
  /** SIGKILL: no shutdown code runs. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes its store. Resolves when the process is gone. */
  stop(): Promise<void>;
  /** What the process wrote to stderr (the tail). */
  stderr(): string;
  /** How it ended (exit code or signal), or null while it runs. */
  exited(): number | string | null;
}

export async function startChild(
  store: ChildStore,
  // A loaded two-core machine has taken most of a minute to start one (migrations, seeds, the books).
  timeoutMs = 360_000,
  extraEnv: Readonly<Record<string, string>> = {},
  /** Node's own options before the script (a bench's `--cpu-prof`). */
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TMPDIR: process.env.TMPDIR ?? tmpdir(),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Every call of a test comes from one address, hundreds at once when it replays: no per-address cap.
    HTTP_MAX_CONNECTIONS_PER_IP: '100000',
    ...store.env,
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // The child says when it holds the port: an answer on that port before then could come from another
  // test's server that took the same free port in between.
  let listening = false;
  child.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && (m as { listening?: unknown }).listening === port)
      listening = true;
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-8000);
  });
  let exited: number | string | null = null;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ?? code ?? 'exit';
      resolve();
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (exited === null) child.kill(signal);
    await gone;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`server exited (${exited}) before it was ready:\n${err}`);
    if (listening) {
      const res = await fetch(`${url}/healthz`).catch(() => null);
      if (res?.ok) {
        child.disconnect();
        break;
      }
    }
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${err}`);
    }
    await sleep(50);
  }
  const srv: TestServer = {
    app: null as unknown as App,
    url,
    host: `127.0.0.1:${port}`,
    clock: new WallClock(),
    close: () => end('SIGTERM'),
  };
  return {
    srv,
    pid: child.pid ?? -1,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    stderr: () => err,
    exited: () => exited,
  };
}
