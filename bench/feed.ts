// Live feed fan-out: the gateway (server/src/transport/live) beside a plain `ws` broadcast of the
// same pushes (feed-plain.ts), to the same load clients, in the same run. Two cases (feed-plan.ts):
//   phone  — 10,000 clients, each with one instrument's book (10/s) and the tickers of 5 (2/s each);
//   stress — 1,000 and 10,000 clients, each with books and tickers of 5 instruments (10/s each).
// The clients live in child processes of their own (feed-clients.ts): their own cores where there
// are any, their own descriptor tables. Pushes are stamped with the moment they were due (a step
// every 100 ms; a late step is still published, one a turn, not skipped), so a server that falls
// behind shows it in the latency. Expected = pushes due in the 5 s window × the sockets subscribed;
// delivered = those received within 2 s after the window; latency percentiles are over the expected
// ones (an undelivered push counts as later than 2 s). Each run: connect, 1 s warm-up, 5 s window,
// 2 s drain. Prints a table; never fails on timing.
// Run alone with `npx tsx bench/feed.ts` (FEED_BENCH_CASES=phone:10000,stress:1000 picks the runs).
import { type ChildProcess, execSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMemoryBus } from '../server/src/kernel/bus';
import { startGatewayServer } from '../server/src/transport/live/standalone';
import { type FeedTarget, startPlainBroadcast } from './feed-plain';
import {
  CASES,
  type CaseName,
  type FromClients,
  INSTRUMENTS,
  LATENCY_CAP_MS,
  TICK_MS,
  type ToClients,
} from './feed-plan';

const RUNS: Array<{ feedCase: CaseName; clients: number }> = (
  process.env.FEED_BENCH_CASES ?? 'phone:10000,stress:1000,stress:10000'
)
  .split(',')
  .map((s) => s.trim().split(':'))
  .filter(([name, n]) => (name === 'phone' || name === 'stress') && Number(n) > 0)
  .map(([name, n]) => ({ feedCase: name as CaseName, clients: Number(n) }));
const WARMUP_MS = 1_000;
const MEASURE_MS = 5_000;
const DRAIN_MS = 2_000;
/** Descriptors a process needs beyond its sockets (node, tsx, pipes). */
const FD_MARGIN = 200;
const CORES = availableParallelism();
/** Client processes: FEED_BENCH_WORKERS, else one per core (at least 2). */
const WORKERS = Math.max(1, Number(process.env.FEED_BENCH_WORKERS) || Math.max(2, CORES));
const CLIENTS_FILE = fileURLToPath(new URL('./feed-clients.ts', import.meta.url));
/** Servers measured in each run: both unless FEED_BENCH_SERVERS names one (to profile it alone). */
const SERVERS = (['gateway', 'plain ws'] as const).filter(
  (s) => !process.env.FEED_BENCH_SERVERS || process.env.FEED_BENCH_SERVERS.split(',').includes(s),
);
/** The phone case's target. */
const TARGET = { deliveredPct: 99.9, p99Ms: 250 };

/**
 * CPU time the machine used so far, ms (Linux /proc/stat; null elsewhere): `busy` by every process,
 * `irq` in interrupt and softirq context (on loopback, much of the sockets' network work runs there
 * and is counted to no process).
 */
function machineCpuMs(): { busy: number; irq: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const tick = (i: number) => ((f[i] ?? 0) * 1000) / 100; // USER_HZ is 100 on Linux
    return { busy: tick(0) + tick(1) + tick(2) + tick(5) + tick(6) + tick(7), irq: tick(5) + tick(6) };
  } catch {
    return null;
  }
}

/** Open-file limit of this process (`ulimit -n`), or null when it cannot be read. */
function fdLimit(): number | null {
  try {
    const out = execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out) || null;
  } catch {
    return null;
  }
}

// ── the client processes ──────────────────────────────────────────────────────────────────────

type Reply<T extends FromClients['type']> = Extract<FromClients, { type: T }>;

class Clients {
  private constructor(private readonly procs: ChildProcess[]) {}

  static start(n: number): Clients {
    return new Clients(
      Array.from({ length: n }, () =>
        fork(CLIENTS_FILE, [], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          execArgv: process.execArgv,
        }),
      ),
    );
  }

  /** Sends each process its message and waits for each one's reply of `type`. */
  ask<T extends FromClients['type']>(
    type: T,
    message: (i: number) => ToClients | null,
    ms: number,
  ): Promise<Array<Reply<T>>> {
    return Promise.all(
      this.procs.map(
        (p, i) =>
          new Promise<Reply<T>>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`clients: no ${type} within ${ms} ms`)), ms);
            const on = (m: FromClients) => {
              if (m.type !== type) return;
              clearTimeout(timer);
              p.off('message', on);
              p.off('exit', onExit);
              resolve(m as Reply<T>);
            };
            const onExit = (code: number | null) => {
              clearTimeout(timer);
              reject(new Error(`clients exited (${code})`));
            };
            p.on('message', on);
            p.once('exit', onExit);
            const m = message(i);
            if (m) p.send(m);
          }),
      ),
    );
  }

  tell(message: ToClients): void {
    for (const p of this.procs) p.send(message);
  }

  get count(): number {
    return this.procs.length;
  }

  /** Closes the channel (a client process exits when it closes); kills those still there after 2 s. */
  stop(): void {
    for (const p of this.procs) {
      if (p.connected) p.disconnect();
      setTimeout(() => p.kill(), 2_000).unref();
    }
  }
}

// ── one run ───────────────────────────────────────────────────────────────────────────────────

type ServerKind = 'gateway' | 'plain ws';

interface Row {
  feedCase: CaseName;
  server: ServerKind;
  clients: number;
  connectS: number;
  expectedPerS: number;
  deliveredPerS: number;
  deliveredPct: number;
  p50: number;
  p99: number;
  max: number;
  cutOff: number | null;
  serverCpu: number;
  clientsCpu: number;
  /** Interrupt and softirq CPU over the window (loopback network work), % of one core. */
  irqCpu: number | null;
  /** CPU the rest of the machine used over the window (other work sharing the cores), % of one core. */
  othersCpu: number | null;
  note: string;
}

async function startGateway(): Promise<FeedTarget> {
  const bus = createMemoryBus();
  const server = await startGatewayServer({ bus, authenticate: async () => null });
  return {
    url: server.wsUrl,
    publish: (event, payload) => bus.publish(event, payload),
    cutOff: () => server.gateway.stats().cutOff,
    close: () => server.close(),
  };
}

/** A realistic book per instrument (50 levels a side) so snapshots and checksums are not trivial. */
function seedBooks(target: FeedTarget): void {
  INSTRUMENTS.forEach((instId, k) => {
    const mid = 100 * (k + 1);
    const side = (dir: 1 | -1) =>
      Array.from({ length: 50 }, (_, i): [string, string, number] => [
        (mid + dir * (i + 1) * 0.01).toFixed(2),
        '1',
        1,
      ]);
    target.publish('book.snapshot', { instId, seq: 1, asks: side(1), bids: side(-1), ts: Date.now() });
  });
}

/**
 * Publishes the case's steps from `t0`, each stamped with the moment it was due. A step published late
 * (the server held the event loop) still goes out, one step a turn, so timers and sockets get their
 * turns between steps and the lateness shows in the latency.
 */
function startPublisher(target: FeedTarget, feedCase: CaseName, t0: number) {
  let tick = 0;
  let stopped = false;
  const seq = new Map<string, number>(INSTRUMENTS.map((i) => [i, 1]));
  const publishStep = (ts: number) => {
    const { books, tickers } = CASES[feedCase].step(tick);
    for (const instId of books) {
      const k = INSTRUMENTS.indexOf(instId as (typeof INSTRUMENTS)[number]);
      const s = (seq.get(instId) ?? 1) + 1;
      seq.set(instId, s);
      const mid = 100 * (k + 1);
      const off = ((tick % 50) + 1) * 0.01;
      target.publish('book.update', {
        instId,
        seq: s,
        asks: [[(mid + off).toFixed(2), String(1 + (tick % 7)), 1]],
        bids: [[(mid - off).toFixed(2), String(1 + (tick % 5)), 2]],
        ts,
      });
    }
    for (const instId of tickers) {
      const k = INSTRUMENTS.indexOf(instId as (typeof INSTRUMENTS)[number]);
      const mid = 100 * (k + 1);
      target.publish('ticker', {
        instId,
        last: (mid + ((tick % 50) + 1) * 0.01).toFixed(2),
        open24h: String(mid),
        high24h: String(mid + 1),
        low24h: String(mid - 1),
        vol24h: String(1000 + tick),
        changePercent: '0.50',
        ts,
      });
    }
  };
  const run = () => {
    if (stopped) return;
    const due = t0 + tick * TICK_MS;
    if (due <= Date.now()) {
      publishStep(due);
      tick++;
    }
    const wait = t0 + tick * TICK_MS - Date.now();
    if (wait > 0) setTimeout(run, wait);
    else setImmediate(run);
  };
  setTimeout(run, Math.max(0, t0 - Date.now()));
  return {
    stop: () => {
      stopped = true;
    },
  };
}

/** Pushes due in [from, to) (steps from t0) × the sockets subscribed to each. */
function expectedPushes(
  feedCase: CaseName,
  t0: number,
  from: number,
  to: number,
  subscribers: Map<string, number>,
) {
  let expected = 0;
  for (let tick = Math.ceil((from - t0) / TICK_MS); t0 + tick * TICK_MS < to; tick++) {
    const { books, tickers } = CASES[feedCase].step(tick);
    for (const instId of books) expected += subscribers.get(`books:${instId}`) ?? 0;
    for (const instId of tickers) expected += subscribers.get(`tickers:${instId}`) ?? 0;
  }
  return expected;
}

/** The latency (ms) below which p % of the expected pushes arrived; +Infinity past the delivered ones. */
function percentile(histogram: number[], expected: number, p: number): number {
  if (expected === 0) return Number.NaN;
  const target = Math.ceil((expected * p) / 100);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms] ?? 0;
    if (seen >= target) return ms;
  }
  return Number.POSITIVE_INFINITY;
}

async function runOne(clients: Clients, feedCase: CaseName, n: number, server: ServerKind): Promise<Row> {
  const target = server === 'gateway' ? await startGateway() : await startPlainBroadcast();
  try {
    seedBooks(target);
    const share = (i: number) =>
      Math.floor((n * (i + 1)) / clients.count) - Math.floor((n * i) / clients.count);
    const firstOf = (i: number) => Math.floor((n * i) / clients.count);
    const connectStart = performance.now();
    const ready = await clients.ask(
      'ready',
      (i) => ({ type: 'connect', url: target.url, feedCase, first: firstOf(i), count: share(i) }),
      45_000,
    );
    const connectS = (performance.now() - connectStart) / 1000;
    const connected = ready.reduce((a, r) => a + r.connected, 0);
    const failed = ready.reduce((a, r) => a + r.failed, 0);
    const subscribers = new Map<string, number>();
    for (const r of ready)
      for (const [k, v] of Object.entries(r.subscribers)) subscribers.set(k, (subscribers.get(k) ?? 0) + v);

    const t0 = Date.now() + 50;
    const from = t0 + WARMUP_MS;
    const to = from + MEASURE_MS;
    const deadline = to + DRAIN_MS;
    clients.tell({ type: 'window', from, to, deadline });
    const expected = expectedPushes(feedCase, t0, from, to, subscribers);
    const publisher = startPublisher(target, feedCase, t0);
    // CPU over the window as the timers saw it (a busy server sees them late: the span is what it is).
    await new Promise((r) => setTimeout(r, from - Date.now()));
    const cpu0 = process.cpuUsage();
    const machine0 = machineCpuMs();
    const at0 = performance.now();
    const cut0 = target.cutOff() ?? 0;
    await new Promise((r) => setTimeout(r, to - Date.now()));
    const used = process.cpuUsage(cpu0);
    const machine1 = machineCpuMs();
    const span = performance.now() - at0;
    const serverCpu = (100 * (used.user + used.system)) / 1000 / span;
    const machine =
      machine0 && machine1
        ? {
            busy: (100 * (machine1.busy - machine0.busy)) / span,
            irq: (100 * (machine1.irq - machine0.irq)) / span,
          }
        : null;
    await new Promise((r) => setTimeout(r, deadline - Date.now()));
    publisher.stop();
    const results = await clients.ask('result', () => ({ type: 'report' }), 30_000);
    const cut = target.cutOff();
    await clients.ask('disconnected', () => ({ type: 'disconnect' }), 30_000);

    const histogram = new Array<number>(LATENCY_CAP_MS + 1).fill(0);
    let received = 0;
    let clientsCpu = 0;
    for (const r of results) {
      received += r.received;
      clientsCpu += (100 * r.cpuMs) / Math.max(1, r.spanMs);
      r.histogram.forEach((v, i) => {
        histogram[i] = (histogram[i] ?? 0) + v;
      });
    }
    const seconds = MEASURE_MS / 1000;
    const notes: string[] = [];
    if (failed) notes.push(`${failed} failed to connect`);
    return {
      feedCase,
      server,
      clients: connected,
      connectS,
      expectedPerS: expected / seconds,
      deliveredPerS: received / seconds,
      deliveredPct: expected ? (100 * received) / expected : Number.NaN,
      p50: percentile(histogram, expected, 50),
      p99: percentile(histogram, expected, 99),
      max: received < expected ? Number.POSITIVE_INFINITY : percentile(histogram, expected, 100),
      cutOff: cut === null ? null : cut - cut0,
      serverCpu,
      clientsCpu,
      irqCpu: machine ? machine.irq : null,
      othersCpu: machine ? Math.max(0, machine.busy - machine.irq - serverCpu - clientsCpu) : null,
      note: notes.join('; '),
    };
  } finally {
    await target.close();
  }
}

// ── the table ─────────────────────────────────────────────────────────────────────────────────

const msText = (v: number) =>
  Number.isNaN(v)
    ? '-'
    : v === Number.POSITIVE_INFINITY
      ? `>${DRAIN_MS}`
      : v >= LATENCY_CAP_MS
        ? `≥${v}`
        : String(v);
const int = (v: number) => Math.round(v).toLocaleString('en');
/** Pushes delivered per second per core of server CPU. */
const perCore = (r: Row) => (r.serverCpu > 0 ? r.deliveredPerS / (r.serverCpu / 100) : Number.NaN);
const meets = (r: Row) => r.deliveredPct >= TARGET.deliveredPct && r.p99 <= TARGET.p99Ms;

function printTable(rows: Row[]): void {
  const header = [
    'case',
    'server',
    'clients',
    'connect s',
    'expected msg/s',
    'delivered msg/s',
    'delivered %',
    'p50 ms',
    'p99 ms',
    'max ms',
    'cut off',
    'server CPU',
    'msg/s per server core',
    'clients CPU',
    'irq CPU',
    'others CPU',
  ];
  const body = rows.map((r) => [
    r.feedCase,
    r.server,
    int(r.clients),
    r.connectS.toFixed(1),
    int(r.expectedPerS),
    int(r.deliveredPerS),
    `${r.deliveredPct.toFixed(r.deliveredPct >= 99 ? 2 : 1)}%`,
    msText(r.p50),
    msText(r.p99),
    msText(r.max),
    r.cutOff === null ? '-' : int(r.cutOff),
    `${Math.round(r.serverCpu)}%`,
    Number.isNaN(perCore(r)) ? '-' : int(perCore(r)),
    `${Math.round(r.clientsCpu)}%`,
    r.irqCpu === null ? '-' : `${Math.round(r.irqCpu)}%`,
    r.othersCpu === null ? '-' : `${Math.round(r.othersCpu)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  for (const b of body) console.log(line(b));
}

export async function feedBench(): Promise<void> {
  const [l1] = loadavg();
  console.log(
    `Live feed fan-out: the gateway beside a plain ws broadcast of the same pushes, same clients, same run.\n` +
      `  Machine: ${CORES} core${CORES === 1 ? '' : 's'} (load average ${l1?.toFixed(2)} at start), shared by the ` +
      `server and ${WORKERS} client processes: with few cores the clients' own work competes with the server's.`,
  );
  for (const name of new Set(RUNS.map((r) => r.feedCase))) console.log(`  ${name}: ${CASES[name].summary}`);
  const limit = fdLimit();
  const rows: Row[] = [];
  let clients: Clients | null = null;
  try {
    for (const run of RUNS) {
      const perProcess = Math.ceil(run.clients / WORKERS);
      if (limit !== null && limit < Math.max(run.clients, perProcess) + FD_MARGIN) {
        console.log(
          `  ${run.feedCase} ${int(run.clients)}: skipped — ulimit -n is ${limit}, the server needs about ` +
            `${int(run.clients + FD_MARGIN)} descriptors (raise it with \`ulimit -n ${run.clients * 2 + 1000}\`).`,
        );
        continue;
      }
      clients ??= Clients.start(WORKERS);
      for (const server of SERVERS) {
        try {
          rows.push(await runOne(clients, run.feedCase, run.clients, server));
        } catch (err) {
          console.log(
            `  ${run.feedCase} ${int(run.clients)} ${server}: not measured — ${(err as Error).message}`,
          );
          clients.stop();
          clients = Clients.start(WORKERS);
        }
      }
    }
  } finally {
    clients?.stop();
  }
  printTable(rows);
  for (const r of rows) if (r.note) console.log(`  ${r.feedCase} ${int(r.clients)} ${r.server}: ${r.note}`);
  for (const g of rows.filter((r) => r.server === 'gateway')) {
    const p = rows.find(
      (r) => r.server === 'plain ws' && r.feedCase === g.feedCase && r.clients === g.clients,
    );
    if (!p) continue;
    const ratio = (a: number, b: number) =>
      Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : null;
    const both = (a: number, b: number) => `${ratio(a, b) ?? `${msText(a)} ms vs ${msText(b)} ms`}`;
    console.log(
      `  ${g.feedCase} ${int(g.clients)}, gateway vs plain ws: delivered ` +
        `${ratio(g.deliveredPerS, p.deliveredPerS) ?? `${int(g.deliveredPerS)} vs 0 msg/s`}, p99 ${both(g.p99, p.p99)}, ` +
        `delivered per server core ${ratio(perCore(g), perCore(p)) ?? '-'}` +
        (g.feedCase === 'phone'
          ? `; target (≥ ${TARGET.deliveredPct} % delivered, p99 ≤ ${TARGET.p99Ms} ms): gateway ${meets(g) ? 'met' : 'not met'}, plain ws ${meets(p) ? 'met' : 'not met'}`
          : ''),
    );
  }
  console.log(
    `  Latency: push stamped when due → received, ms; >${DRAIN_MS}: not delivered within ${DRAIN_MS / 1000} s of the ` +
      `window's end. CPU: % of one core over the window (server = this process: publisher and server; irq = ` +
      "interrupt and softirq time, where loopback does much of the sockets' work; others = the rest of the " +
      'machine, other work sharing the cores). ' +
      `cut off: sockets the gateway terminated for > 1 MiB unsent (the plain broadcast never does). ulimit -n: ${limit ?? 'unknown'}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await feedBench();
}
