// Live feed fan-out: 1,000 and 10,000 websocket clients, each subscribed to `books` and `tickers` of 5
// instruments, while the bus of an in-process gateway gets 10 book updates and 10 tickers a second per
// instrument (100 pushes a second to every client). Measures pushes delivered per second and delivery
// latency (the push's `ts`, stamped at publish, against the receive time; ms resolution).
// The clients live in a child process: they get a core and a file-descriptor table of their own
// (10,000 sockets on loopback are 20,000 descriptors, one per end). Each case is bounded: connect,
// 1 s warm-up, 5 s measured. Prints a table; never fails on timing.
// Run alone with `npx tsx bench/feed.ts`.
import { type ChildProcess, execSync, fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { createMemoryBus } from '../server/src/kernel/bus';
import { startGatewayServer } from '../server/src/transport/live/standalone';

/** Client counts measured; FEED_BENCH_CLIENTS=500,2000 overrides. */
const CASES = (process.env.FEED_BENCH_CLIENTS ?? '1000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const INSTRUMENTS = ['BTC-USDT', 'ETH-USDT', 'BWC-USDT', 'NEU-USDT', 'ALEO-USDT'];
const UPDATES_PER_S = 10;
const WARMUP_MS = 1_000;
const MEASURE_MS = 5_000;
const CONNECT_CAP_MS = 30_000;
/** Descriptors a process needs beyond its sockets (node, tsx, pipes). */
const FD_MARGIN = 200;
const SELF = fileURLToPath(import.meta.url);

type ToChild = { type: 'start' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; connected: number; failed: number; ms: number }
  | { type: 'result'; received: number; histogram: number[]; closed: number };

/** Open-file limit of this process (`ulimit -n`), or null when it cannot be read. */
function fdLimit(): number | null {
  try {
    const out = execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out) || null;
  } catch {
    return null;
  }
}

// ── the clients (child process) ────────────────────────────────────────────────────────────────

async function clientsMain(url: string, n: number): Promise<void> {
  const send = (m: FromChild) => process.send?.(m);
  const histogram = new Array<number>(10_001).fill(0);
  let measuring = false;
  let received = 0;
  let closed = 0;
  const sockets: WebSocket[] = [];
  const TS = Buffer.from('"ts":"');
  const subscribe = JSON.stringify({
    op: 'subscribe',
    args: INSTRUMENTS.flatMap((instId) => [
      { channel: 'books', instId },
      { channel: 'tickers', instId },
    ]),
  });

  const onMessage = (data: Buffer) => {
    if (!measuring) return;
    received++;
    // The push's ts without parsing the whole message (a browser would parse it; the server is measured).
    const at = data.indexOf(TS);
    if (at < 0) return;
    let ts = 0;
    for (let i = at + TS.length; i < data.length; i++) {
      const c = data[i]!;
      if (c < 48 || c > 57) break;
      ts = ts * 10 + (c - 48);
    }
    const ms = Math.max(0, Math.min(10_000, Date.now() - ts));
    histogram[ms] = (histogram[ms] ?? 0) + 1;
  };

  const open = () =>
    new Promise<boolean>((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      // Acks and the 5 snapshots: the socket is ready once all 10 subscriptions are answered.
      let acks = 0;
      const onSetup = (data: Buffer) => {
        if (data.indexOf('"event":"subscribe"') >= 0 && ++acks === INSTRUMENTS.length * 2) {
          ws.off('message', onSetup);
          ws.on('message', onMessage);
          resolve(true);
        }
      };
      ws.on('message', onSetup);
      ws.once('open', () => ws.send(subscribe));
      ws.once('error', () => resolve(false));
      ws.once('close', () => {
        closed++;
        resolve(false);
      });
      sockets.push(ws);
    });

  const t0 = Date.now();
  let connected = 0;
  let failed = 0;
  const CONCURRENCY = 256;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n && Date.now() - t0 < CONNECT_CAP_MS) {
        next++;
        if (await open()) connected++;
        else failed++;
      }
    }),
  );
  send({ type: 'ready', connected, failed, ms: Date.now() - t0 });
  process.on('message', (m: ToChild) => {
    if (m.type === 'start') {
      measuring = true;
      closed = 0;
    } else {
      measuring = false;
      send({ type: 'result', received, histogram, closed });
      for (const ws of sockets) ws.terminate();
      setTimeout(() => process.exit(0), 100);
    }
  });
}

// ── the server side (this process) ─────────────────────────────────────────────────────────────

interface Row {
  clients: number;
  connectMs: number;
  connected: number;
  expectedPerS: number;
  deliveredPerS: number;
  p50: number;
  p99: number;
  max: number;
  cutOff: number;
  serializedPerS: number;
  note: string;
}

/** Latencies are counted up to 10 s; beyond that the backlog is only known to be at least that. */
const ms = (v: number) => (Number.isNaN(v) ? '-' : v >= 10_000 ? '≥10000' : String(v));

function percentile(histogram: number[], total: number, p: number): number {
  if (total === 0) return Number.NaN;
  const target = Math.ceil((total * p) / 100);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms] ?? 0;
    if (seen >= target) return ms;
  }
  return histogram.length - 1;
}

function waitFor(child: ChildProcess, type: FromChild['type'], ms: number): Promise<FromChild> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`clients: no ${type} within ${ms} ms`)), ms);
    const on = (m: FromChild) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`clients exited (${code})`));
    });
  });
}

async function runCase(clients: number): Promise<Row> {
  const bus = createMemoryBus();
  const server = await startGatewayServer({ bus, authenticate: async () => null });
  // A realistic book per instrument (50 levels a side) so snapshots and checksums are not trivial.
  const seq = new Map<string, number>();
  INSTRUMENTS.forEach((instId, k) => {
    const mid = 100 * (k + 1);
    const side = (dir: 1 | -1) =>
      Array.from({ length: 50 }, (_, i): [string, string, number] => [
        (mid + dir * (i + 1) * 0.01).toFixed(2),
        '1',
        1,
      ]);
    bus.publish('book.snapshot', { instId, seq: 1, asks: side(1), bids: side(-1), ts: Date.now() });
    seq.set(instId, 1);
  });
  const child = fork(SELF, [server.wsUrl, String(clients)], {
    env: { ...process.env, FEED_BENCH_ROLE: 'clients' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = (await waitFor(child, 'ready', CONNECT_CAP_MS + 10_000)) as Extract<
      FromChild,
      { type: 'ready' }
    >;
    let tick = 0;
    const publish = () => {
      tick++;
      const ts = Date.now();
      INSTRUMENTS.forEach((instId, k) => {
        const s = (seq.get(instId) ?? 1) + 1;
        seq.set(instId, s);
        const mid = 100 * (k + 1);
        const px = (mid + ((tick % 50) + 1) * 0.01).toFixed(2);
        const bid = (mid - ((tick % 50) + 1) * 0.01).toFixed(2);
        bus.publish('book.update', {
          instId,
          seq: s,
          asks: [[px, String(1 + (tick % 7)), 1]],
          bids: [[bid, String(1 + (tick % 5)), 2]],
          ts,
        });
        bus.publish('ticker', {
          instId,
          last: px,
          open24h: String(mid),
          high24h: String(mid + 1),
          low24h: String(mid - 1),
          vol24h: String(1000 + tick),
          changePercent: '0.50',
          ts,
        });
      });
    };
    const timer = setInterval(publish, 1000 / UPDATES_PER_S);
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const before = server.gateway.stats();
    child.send({ type: 'start' } satisfies ToChild);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, MEASURE_MS));
    const result = waitFor(child, 'result', 30_000);
    child.send({ type: 'stop' } satisfies ToChild);
    const seconds = (performance.now() - t0) / 1000;
    const after = server.gateway.stats();
    clearInterval(timer);
    const r = (await result) as Extract<FromChild, { type: 'result' }>;
    const total = r.histogram.reduce((a, b) => a + b, 0);
    return {
      clients,
      connectMs: ready.ms,
      connected: ready.connected,
      expectedPerS: ready.connected * INSTRUMENTS.length * UPDATES_PER_S * 2,
      deliveredPerS: r.received / seconds,
      p50: percentile(r.histogram, total, 50),
      p99: percentile(r.histogram, total, 99),
      max: percentile(r.histogram, total, 100),
      cutOff: after.cutOff - before.cutOff,
      serializedPerS: (after.serialized - before.serialized) / seconds,
      note: ready.failed ? `${ready.failed} failed to connect` : '',
    };
  } finally {
    child.kill();
    await server.close();
  }
}

export async function feedBench(): Promise<void> {
  console.log(
    'Live feed fan-out (books + tickers of 5 instruments, 10 updates/s each; clients in a child process)',
  );
  const limit = fdLimit();
  const rows: Row[] = [];
  for (const clients of CASES) {
    if (limit !== null && limit < clients + FD_MARGIN) {
      console.log(
        `  ${clients.toLocaleString('en')} clients: skipped — ulimit -n is ${limit}, each process needs about ` +
          `${(clients + FD_MARGIN).toLocaleString('en')} descriptors (raise it with \`ulimit -n ${clients * 2 + 1000}\`).`,
      );
      continue;
    }
    try {
      rows.push(await runCase(clients));
    } catch (err) {
      console.log(`  ${clients.toLocaleString('en')} clients: not measured — ${(err as Error).message}`);
    }
  }
  const header = [
    'clients',
    'connect s',
    'expected msg/s',
    'delivered msg/s',
    'delivered %',
    'p50 ms',
    'p99 ms',
    'max ms',
    'cut off',
    'serialized/s',
  ];
  const body = rows.map((r) => [
    r.connected.toLocaleString('en'),
    (r.connectMs / 1000).toFixed(1),
    Math.round(r.expectedPerS).toLocaleString('en'),
    Math.round(r.deliveredPerS).toLocaleString('en'),
    `${((100 * r.deliveredPerS) / r.expectedPerS).toFixed(1)}%`,
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    r.cutOff.toLocaleString('en'),
    Math.round(r.serializedPerS).toLocaleString('en'),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  for (const b of body) console.log(line(b));
  for (const r of rows) if (r.note) console.log(`  ${r.clients.toLocaleString('en')} clients: ${r.note}`);
  console.log(
    `  ulimit -n: ${limit ?? 'unknown'}; serialized/s = pushes serialized (once each, whatever the number of ` +
      'subscribers); cut off = sockets terminated for > 1 MiB unsent.',
  );
}

if (process.env.FEED_BENCH_ROLE === 'clients') {
  await clientsMain(process.argv[2] ?? '', Number(process.argv[3] ?? 0));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await feedBench();
}
