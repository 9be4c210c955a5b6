// End to end: submitTrade over real HTTP with request protection on (signed, sealed bodies), signed-in
// users, half the orders resting and half crossing, ledger settlement and persistence; against a plain
// Fastify echo route fed the same bodies by the same load generator in the same run. The load comes from
// worker threads posting pre-sealed bodies over kept-alive connections, so the client is not the limit
// (the echo row shows what the generator reaches).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BOOK_HEADER, computeSign, openEnvelope, sealEnvelope } from '@nexa/contract';
import Fastify from 'fastify';
import { systemClock } from '../server/src/kernel/clock';
import { SYSTEM } from '../server/src/ledger';
import { openStore, type Store } from '../server/src/store';
import { signedInUser, startServer, type TestServer } from '../server/test/harness';
import { scratchDatabase } from '../server/test/scratch-db';

const CONNECTIONS = 64;
const THREADS = 2;
const USERS = 64;
/** Orders per store; sealed bodies are only good for the server's timestamp window (300 s). */
const ORDERS = Number(process.env.TRADE_BENCH_CALLS ?? 3000);

export interface Prepared {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface LoadResult {
  readonly seconds: number;
  readonly latencies: number[];
  readonly answers: string[];
  readonly cpu: Cpu;
}

/** Where the machine's processor time went during a load, in seconds. */
export interface Cpu {
  /** This process: the server's thread and the load threads. */
  readonly node: number;
  /** The share of the wall time the server's thread was busy (event-loop utilization). */
  readonly serverThread: number;
  /** Every PostgreSQL process of the machine (Linux only; 0 elsewhere). */
  readonly postgres: number;
  /** This process's share by thread (the server's, V8's and libuv's helpers, the load threads). */
  readonly threads: ReadonlyMap<string, number>;
}

/**
 * One process's or thread's line of /proc (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`): its name and the
 * processor seconds it used so far, in all and in the kernel; null when it is gone or this is not Linux.
 */
export function procStat(path: string): { name: string; s: number; kernel: number } | null {
  try {
    const stat = readFileSync(path, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the name), in clock ticks (100/s).
    return {
      name: stat.slice(stat.indexOf('(') + 1, close).trim(),
      s: (Number(fields[11]) + Number(fields[12])) / 100,
      kernel: Number(fields[12]) / 100,
    };
  } catch {
    return null;
  }
}

/** The machine's process ids, from /proc (none where there is no /proc). */
export function pids(): string[] {
  try {
    return readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
}

/** Processor seconds used so far by the machine's PostgreSQL processes, from /proc. */
function postgresCpuSeconds(): number {
  let s = 0;
  for (const pid of pids()) {
    const p = procStat(`/proc/${pid}/stat`);
    if (p?.name.startsWith('postgres')) s += p.s;
  }
  return s;
}

/** Processor seconds used so far by each thread of this process, by thread name (Linux only; empty elsewhere). */
function threadCpuSeconds(): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    const t = procStat(`/proc/self/task/${tid}/stat`);
    if (!t) continue;
    const key = tid === String(process.pid) ? 'server thread' : t.name === 'node' ? `node#${tid}` : t.name;
    out.set(key, (out.get(key) ?? 0) + t.s);
    // The server thread's system time apart too: what its socket reads and writes cost in the kernel.
    if (key === 'server thread') out.set('server thread (kernel)', t.kernel);
  }
  return out;
}

/** Posts every request from THREADS worker threads, CONNECTIONS connections in all. */
export async function load(url: string, requests: readonly Prepared[]): Promise<LoadResult> {
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const pg0 = postgresCpuSeconds();
  const threads0 = threadCpuSeconds();
  const parts = Array.from({ length: THREADS }, (_, t) => requests.filter((_, i) => i % THREADS === t));
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<{ seconds: number; latencies: Float64Array; answers: string[] }>((ok, fail) => {
          const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
            workerData: { url, connections: CONNECTIONS / THREADS, requests: part },
          });
          worker.once('message', ok);
          worker.once('error', fail);
        }),
    ),
  );
  const cpu = process.cpuUsage(cpu0);
  // The load threads have ended by now: what this process used beyond its remaining threads is theirs.
  const threads = new Map<string, number>();
  for (const [name, sec] of threadCpuSeconds()) threads.set(name, sec - (threads0.get(name) ?? 0));
  const rest = [...threads.values()].reduce((a, b) => a + b, 0);
  if (threads.size > 0) threads.set('load threads', Math.max(0, (cpu.user + cpu.system) / 1e6 - rest));
  return {
    seconds: Math.max(...results.map((r) => r.seconds)),
    latencies: results.flatMap((r) => [...r.latencies]),
    answers: results.flatMap((r) => r.answers),
    cpu: {
      node: (cpu.user + cpu.system) / 1e6,
      serverThread: performance.eventLoopUtilization(elu0).utilization,
      postgres: postgresCpuSeconds() - pg0,
      threads,
    },
  };
}

function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

export interface Row {
  readonly label: string;
  readonly n: number;
  readonly ok: number;
  readonly seconds: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpu: Cpu;
}

export function row(label: string, r: LoadResult, ok: number): Row {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    label,
    n: r.latencies.length,
    ok,
    seconds: r.seconds,
    p50: pct(sorted, 0.5),
    p99: pct(sorted, 0.99),
    cpu: r.cpu,
  };
}

/** Signed, sealed order bodies: user k % USERS, sells at 65,000 rest, buys at 65,000 cross. */
/** The keys a body is signed and sealed with, and the public host the calls name. */
export interface Sealing {
  readonly signSecret: string;
  readonly envelopeKey: Uint8Array;
  readonly host: string;
}

export const sealingOf = (srv: TestServer): Sealing => ({
  signSecret: srv.app.deps.config.signSecret,
  envelopeKey: srv.app.deps.config.envelopeKey,
  host: srv.host,
});

export async function sealedOrders(
  keys: Sealing,
  tokens: readonly string[],
  px = '65000',
  count = ORDERS,
): Promise<Prepared[]> {
  const { signSecret, envelopeKey } = keys;
  const timestamp = Math.floor(Date.now() / 1000);
  const out: Prepared[] = [];
  for (let k = 0; k < count; k++) {
    const stamped: Record<string, unknown> = {
      instId: 'BTC-USDT',
      side: k % 2 === 0 ? 'sell' : 'buy',
      type: 'limit',
      px,
      sz: '0.001',
      timestamp,
      nonce: randomBytes(8).toString('hex'),
    };
    stamped.sign = computeSign(stamped, signSecret);
    const body = JSON.stringify({ payload: await sealEnvelope(JSON.stringify(stamped), envelopeKey) });
    out.push({
      path: '/v1/order/submitTrade',
      headers: {
        authorization: tokens[k % tokens.length] as string,
        host: keys.host,
        [BOOK_HEADER]: 'BTC-USDT',
      },
      body,
    });
  }
  return out;
}

export async function countOk(key: Uint8Array, answers: readonly string[]): Promise<number> {
  let ok = 0;
  for (const text of answers) {
    if (!text) continue;
    const payload = (JSON.parse(text) as { payload?: string }).payload;
    const opened = payload ? await openEnvelope(payload, key) : text;
    if (opened && (JSON.parse(opened) as { code?: number }).code === 200) ok++;
  }
  return ok;
}

/**
 * With TRADE_BENCH_PROFILE=<dir>, a CPU profile and a sampled allocation profile of the server's thread over
 * the load window only (the setup and the load threads are left out), a `.cpuprofile` and a `.heapprofile`
 * per store.
 */
async function profile(label: string): Promise<() => Promise<void>> {
  const dir = process.env.TRADE_BENCH_PROFILE;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile: taken } = await session.post('Profiler.stop');
    const { profile: heap } = await session.post('HeapProfiler.stopSampling');
    const name = `trade-${label.replace(/[^a-z0-9]+/gi, '-')}`;
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(taken));
    writeFileSync(join(dir, `${name}.heapprofile`), JSON.stringify(heap));
    session.disconnect();
    console.log(`  ${label}: CPU profile of the load window in ${file}`);
  };
}

/** "412 batches, mean 4.9, largest 31; sizes 1: 80, 2-4: 150, …" */
function batchText(sizes: ReadonlyMap<number, number>): string {
  let batches = 0;
  let orders = 0;
  let largest = 0;
  const buckets: [string, number, number][] = [
    ['1', 1, 1],
    ['2-4', 2, 4],
    ['5-16', 5, 16],
    ['17-64', 17, 64],
    ['65+', 65, Number.POSITIVE_INFINITY],
  ];
  const counts = new Map<string, number>();
  for (const [size, n] of sizes) {
    batches += n;
    orders += size * n;
    largest = Math.max(largest, size);
    const b = buckets.find(([, lo, hi]) => size >= lo && size <= hi);
    if (b) counts.set(b[0], (counts.get(b[0]) ?? 0) + n);
  }
  const dist = buckets.map(([name]) => `${name}: ${counts.get(name) ?? 0}`).join(', ');
  return `${batches} batches, mean ${(orders / Math.max(1, batches)).toFixed(1)} orders, largest ${largest}; by size ${dist}`;
}

async function onStore(label: string, store: Store): Promise<{ rows: Row[]; requests: Prepared[] }> {
  // As in production: answers are not checked against the contract before they are sent.
  const srv = await startServer({ clock: systemClock as never, store, env: { CHECK_ANSWERS: 'off' } });
  try {
    const users: { id: number; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const { token } = await signedInUser(srv);
      const me = await srv.app.modules.auth.authenticate(token);
      if (!me) throw new Error('a signed-in user is not known');
      users.push({ id: me.id, token });
    }
    // Funded straight through the ledger (the deposit flow is not what is measured).
    const { ledger } = srv.app;
    await store.db.transaction(async (tx) => {
      for (const u of users) {
        for (const [asset, amount] of [
          ['USDT', 10n ** 13n],
          ['BTC', 10n ** 11n],
        ] as const) {
          await ledger.credit(tx, {
            account: { userId: u.id, asset, kind: 'spot' },
            system: SYSTEM.deposits,
            amount,
            cause: 'deposit',
          });
        }
      }
    });
    const tokens = users.map((u) => u.token);
    // A round first that is not measured: the server's code is compiled by V8's optimizing compiler while
    // it runs (on V8's helper threads), which a process that has served for a while no longer pays.
    const warm = await load(srv.url, await sealedOrders(sealingOf(srv), tokens));
    console.log(
      `  ${label}: warm-up round (not in the table): ${warm.latencies.length} orders, ${((warm.cpu.node * 1e6) / Math.max(1, warm.latencies.length)).toFixed(0)} µs of node's CPU an order`,
    );
    const requests = await sealedOrders(sealingOf(srv), tokens);
    const stopProfile = await profile(label);
    const result = await load(srv.url, requests);
    await stopProfile();
    const ok = await countOk(srv.app.deps.config.envelopeKey, result.answers);
    const violations = await ledger.audit();
    console.log(
      `  ${label}: batches committed by the writer: ${batchText(srv.app.modules.spot.batchSizes())}`,
    );
    console.log(
      `  ${label}: ${ok} of ${requests.length} orders accepted; ledger audit ${violations.length === 0 ? 'clean' : `${violations.length} violations`}`,
    );
    return { rows: [row(`submitTrade, ${label}`, result, ok)], requests };
  } finally {
    await srv.close();
  }
}

async function echoRow(requests: readonly Prepared[]): Promise<Row> {
  const echo = Fastify();
  echo.post('/v1/order/submitTrade', async (req) => ({ code: 200, msg: 'Success', data: req.body }));
  await echo.listen({ port: 0, host: '127.0.0.1' });
  try {
    const addr = echo.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    // Five rounds of the same bodies: the echo is fast, a short run would measure the start.
    const many = Array.from({ length: 5 }, () => requests).flat();
    await load(url, many); // warm-up, as for the orders
    const result = await load(url, many);
    return row('plain Fastify echo (reference)', result, result.answers.filter((a) => a !== '').length);
  } finally {
    await echo.close();
  }
}

export async function tradeBench(): Promise<void> {
  console.log(
    `end-to-end orders: ${ORDERS} submitTrade per store, ${USERS} signed-in users, ${CONNECTIONS} connections from ${THREADS} load threads, request protection on`,
  );
  const rows: Row[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'nexa-bench-'));
  let sample: Prepared[] = [];
  try {
    const lite = await openStore({ dataDir: dir });
    const r = await onStore('embedded store (PGlite, on disk)', lite);
    rows.push(...r.rows);
    sample = r.requests;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const db = await scratchDatabase(url, 'nexa_bench');
    try {
      rows.push(...(await onStore('PostgreSQL', await openStore({ databaseUrl: db.url }))).rows);
    } finally {
      await db.drop();
    }
  } else console.log('  PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  rows.push(await echoRow(sample));

  const echo = rows.at(-1);
  const rate = (r: Row) => (r.seconds > 0 ? r.n / r.seconds : 0);
  console.log(
    `  ${'call'.padEnd(44)} ${'calls'.padStart(6)} ${'ok'.padStart(6)} ${'s'.padStart(6)} ${'calls/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  vs echo  ${'cores busy'.padStart(10)} ${'server thread'.padStart(13)}  µs of CPU a call: node / PostgreSQL`,
  );
  for (const r of rows) {
    const busy = (r.cpu.node + r.cpu.postgres) / r.seconds;
    const per = (s: number) => ((s * 1e6) / Math.max(1, r.n)).toFixed(0);
    console.log(
      `  ${r.label.padEnd(44)} ${String(r.n).padStart(6)} ${String(r.ok).padStart(6)} ${r.seconds.toFixed(1).padStart(6)} ${rate(r).toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${echo ? (rate(r) / rate(echo)).toFixed(3) : '—'}×  ${busy.toFixed(2).padStart(10)} ${`${(r.cpu.serverThread * 100).toFixed(0)} %`.padStart(13)}  ${per(r.cpu.node)} / ${per(r.cpu.postgres)}`,
    );
  }
  for (const r of rows.slice(0, -1)) {
    const perCall = (r.cpu.node + r.cpu.postgres) / Math.max(1, r.n);
    console.log(
      `  ${r.label}: ${(perCall * 1e6).toFixed(0)} µs of CPU a call in all; ${availableParallelism()} cores fully busy would allow ${(availableParallelism() / perCall).toFixed(0)} calls/s`,
    );
  }
  for (const r of rows) {
    if (r.cpu.threads.size === 0) continue;
    const us = (s: number) => ((s * 1e6) / Math.max(1, r.n)).toFixed(0);
    const parts = [...r.cpu.threads]
      .filter(([, sec]) => sec > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, sec]) => `${name} ${us(sec)}`);
    console.log(`  ${r.label}: node's µs a call by thread: ${parts.join(', ')}`);
  }
  const serverUs = (r: Row) => ((r.cpu.threads.get('server thread') ?? 0) * 1e6) / Math.max(1, r.n);
  const nodeUs = (r: Row) => (r.cpu.node * 1e6) / Math.max(1, r.n);
  if (echo && serverUs(echo) > 0)
    for (const r of rows.slice(0, -1))
      console.log(
        `  ${r.label} against the echo, CPU a call: server thread ${serverUs(r).toFixed(0)} µs / ${serverUs(echo).toFixed(0)} µs = ${(serverUs(r) / serverUs(echo)).toFixed(1)}×; node in all ${nodeUs(r).toFixed(0)} µs / ${nodeUs(echo).toFixed(0)} µs = ${(nodeUs(r) / nodeUs(echo)).toFixed(1)}×`,
      );
  console.log(
    `  (${availableParallelism()} cores in all: the server, its load threads and PostgreSQL share them; PostgreSQL's figure counts every PostgreSQL process of the machine, the embedded store's work is in node's)`,
  );
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) await tradeBench();
