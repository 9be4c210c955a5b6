/**
 * Cluster mode: what handing calls to a spot book's instance costs. Three server processes on one PostgreSQL
 * database with NATS and Redis (the machine's: TEST_DATABASE_URL / BENCH_DATABASE_URL, TEST_NATS_URL,
 * TEST_REDIS_URL), HAProxy in front (Debian's `haproxy`). The same signed, sealed BTC-USDT submitTrade bodies
 * go, in one run, (1) straight to the instance holding the BTC-USDT book's lease, (2) through HAProxy to that
 * instance alone (no forwarding), (3) through HAProxy to all three with the repository's configuration (each
 * names its book in x-nexa-book, and HAProxy sends it to the instance whose /writerz?group=spot.BTC-USDT
 * answers 200), (4) the same in round robin (two calls in three are
 * checked on another instance and handed over NATS), (5) straight to the holder again and (6) through HAProxy to the
 * two other instances only (every order handed over; the holder's main-thread time an order is the writer's own
 * share), and (7) to a plain Fastify echo (the load generator's reach). Orders/s, p50
 * and p99 of each; the cost of three instances is (3) against (2), and the hop's own (4) against (2). This machine has 2 cores shared
 * by the three instances, PostgreSQL and the load threads: three instances cannot be faster here; the figure
 * is the price of the hop, not the room it makes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_ENVELOPE_KEY, DEMO_SIGN_SECRET, decodeKey } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { haproxyConfig } from '../scripts/haproxy-config.mjs';
import { systemClock } from '../server/src/kernel/clock';
import { createLedger, SYSTEM } from '../server/src/ledger';
import { queryRows, type Store } from '../server/src/store';
import { type ChildServer, childStore, freePort, startChild } from '../server/test/child-server';
import { call, PUBLIC_HOST, signedInUser, type TestServer } from '../server/test/harness';
import { countOk, load, pids, procStat, type Row, row, sealedOrders } from './trade';

const USERS = 32;
const ORDERS = Number(process.env.CLUSTER_BENCH_CALLS ?? 2000);
const WARMUP = Number(process.env.CLUSTER_BENCH_WARMUP ?? 1500);
const FAILOVER_ROUNDS = Number(process.env.FAILOVER_ROUNDS ?? 5);
const PROFILE = process.env.CLUSTER_BENCH_PROFILE;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const envelopeKey = decodeKey(DEMO_ENVELOPE_KEY);

export async function clusterBench(): Promise<void> {
  const nats = process.env.TEST_NATS_URL;
  const redis = process.env.TEST_REDIS_URL;
  if (!(nats && redis && (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL))) {
    console.log('cluster: skipped (set TEST_DATABASE_URL, TEST_NATS_URL and TEST_REDIS_URL)');
    return;
  }
  if (spawnSync('sh', ['-c', 'command -v haproxy']).status !== 0) {
    console.log('cluster: skipped (HAProxy is missing: `apt-get install haproxy` as root)');
    return;
  }
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
  const store = await childStore();
  const prefix = `b${randomBytes(4).toString('hex')}`;
  const children: ChildServer[] = [];
  const proxies: ReturnType<typeof spawn>[] = [];
  const db = await store.open();
  try {
    // Many sign-ins from this one address: the per-address limits (shared by the instances) set out of the way.
    await db.db.execute(sql`insert into settings (key, value) values
    ('auth.login_per_ip_per_minute', '100000'::jsonb), ('admin.login_per_ip_per_minute', '100000'::jsonb)
    on conflict (key) do update set value = excluded.value`);
    const instance = (i: number) =>
      startChild(
        store,
        120_000,
        {
          NATS_URL: nats,
          REDIS_URL: redis,
          CLUSTER_PREFIX: prefix,
          INSTANCE_NAME: `b${i + 1}`,
          PUBLIC_URL: `http://${PUBLIC_HOST}`,
          CHECK_ANSWERS: 'off',
          LOG_LEVEL: 'error',
        },
        // CLUSTER_BENCH_PROFILE=<dir>: each instance writes a V8 processor profile there when it stops.
        PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [],
      );
    for (let i = 0; i < 3; i++) {
      children.push(await instance(i));
      if (i === 0) await sleep(3_000);
    }
    // The orders' book runs on the holder of its lease (the writers' work on another instance).
    const writer = children[await until(() => writerIndex(db), 60_000)] as ChildServer;
    const all = await startProxy(children);
    proxies.push(all.proc);
    const spreadAll = await startProxy(children, true);
    proxies.push(spreadAll.proc);
    const alone = await startProxy([writer]);
    proxies.push(alone.proc);

    const via = { ...writer.srv, host: PUBLIC_HOST };
    const users: string[] = [];
    for (let i = 0; i < USERS; i++) users.push((await signedInUser(via)).token);
    // Funded straight through the ledger (the deposit flow is not what is measured).
    const ledger = createLedger({ store: db, clock: systemClock });
    const ids = await queryRows<{ id: number }>(
      db.db,
      sql`select id from users order by id desc limit ${USERS}`,
    );
    await db.db.transaction(async (tx) => {
      for (const { id } of ids)
        for (const [asset, amount] of [
          ['USDT', 10n ** 13n],
          ['BTC', 10n ** 11n],
        ] as const)
          await ledger.credit(tx, {
            account: { userId: Number(id), asset, kind: 'spot' },
            system: SYSTEM.deposits,
            amount,
            cause: 'deposit',
          });
    });

    const rows: Row[] = [];
    const sealing = { signSecret: DEMO_SIGN_SECRET, envelopeKey, host: PUBLIC_HOST };
    // Every instance warmed first (its code compiled, its session cache filled) so no row pays for that.
    await load(all.url, await sealedOrders(sealing, users, '60000', WARMUP));
    const direct = await sealedOrders(sealing, users, '60000', ORDERS);
    const r1 = await load(writer.srv.url, direct);
    rows.push(
      row("one instance: the BTC-USDT book's holder, directly", r1, await countOk(envelopeKey, r1.answers)),
    );
    /** Fresh orders through `url`, as a row, with the processor time each process spent on them. */
    const measured = async (label: string, url: string) => {
      const orders = await sealedOrders(sealing, users, '60000', ORDERS);
      const cpu = cpuBy(children, writer);
      const from = process.hrtime.bigint() / 1000n;
      const r = await load(url, orders);
      const spent = cpu();
      // With a profile asked for: the row's window on the machine's monotonic clock (µs, as V8's profiles
      // stamp their samples), to read one row's samples out of the holder's profile.
      if (PROFILE)
        console.log(
          `profile window of pid ${writer.pid}: ${from} ${process.hrtime.bigint() / 1000n} ${label}`,
        );
      rows.push(row(label, r, await countOk(envelopeKey, r.answers)));
      return spent;
    };
    const spentAlone = await measured('one instance behind HAProxy (no forwarding)', alone.url);
    const spentAll = await measured(
      "three instances behind HAProxy, orders sent to the books' holder",
      all.url,
    );
    const spentTurns = await measured(
      'three instances behind HAProxy, round robin (2 in 3 forwarded)',
      spreadAll.url,
    );
    // The issue's measure, the holder's main thread an order, without the proxies above: each checks every
    // instance's readiness and every book's holder, work the holder does whatever its load.
    for (const p of proxies.splice(0)) p.kill('SIGTERM');
    // HAProxy in front of the two instances that do not hold the book: every order is opened, checked and
    // signed off there, and the book's holder only runs it (what the writer's own share of an order is).
    const others = await startProxy(
      children.filter((c) => c !== writer),
      true,
    );
    proxies.push(others.proc);
    // What the holder's thread spends with no orders (its leases, its books' demo maker, the health checks
    // of the one proxy left), per second, to tell the orders' share from it.
    const idle = cpuBy(children, writer);
    const idleFrom = performance.now();
    await sleep(5_000);
    const idlePerS = idle()['holder thread'] / ((performance.now() - idleFrom) / 1000);
    const spentDirect = await measured(
      "one instance: the BTC-USDT book's holder, directly (again, counted)",
      writer.srv.url,
    );
    const directS = rows.at(-1)?.seconds ?? 0;
    const batches0 = await batchesOf(writer);
    const spentForwarded = await measured(
      "two instances behind HAProxy, every order handed to the book's holder",
      others.url,
    );
    const forwardedS = rows.at(-1)?.seconds ?? 0;
    const batches1 = await batchesOf(writer);
    const batchCount = batches1.count - batches0.count;
    console.log(
      `every order handed to the holder: ${batchCount} batches, mean ${(batchCount > 0 ? (batches1.orders - batches0.orders) / batchCount : 0).toFixed(1)} orders`,
    );
    const echo = Fastify();
    echo.post('/v1/order/submitTrade', async (req) => ({ code: 200, msg: 'Success', data: req.body }));
    await echo.listen({ port: 0, host: '127.0.0.1' });
    const addr = echo.server.address();
    const echoUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    // Warmed like the instances (two rounds not counted), so its figure is not its code's first compile.
    for (let i = 0; i < 2; i++) await load(echoUrl, direct);
    // Three rounds of the same bodies in one load: the echo is fast, one round would weigh the load's start.
    const r3 = await load(echoUrl, [...direct, ...direct, ...direct]);
    rows.push(row('plain Fastify echo (reference)', r3, r3.answers.filter((a) => a !== '').length));
    await echo.close();

    const rate = (r: Row) => (r.seconds > 0 ? r.n / r.seconds : 0);
    console.log(`\ncluster: ${ORDERS} submitTrade each, ${USERS} users, request protection on`);
    console.log('| path | calls | ok | orders/s | p50 ms | p99 ms |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of rows)
      console.log(
        `| ${r.label} | ${r.n} | ${r.ok} | ${rate(r).toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`,
      );
    const [one, oneProxied, three, turned] = rows as [Row, Row, Row, Row];
    const cost = (of: Row, base: Row) => ((1 - rate(of) / rate(base)) * 100).toFixed(1);
    console.log(
      `three instances against one, both behind HAProxy: ${cost(three, oneProxied)} % with orders sent to the books' holder (target ≤ 15 %), ${cost(turned, oneProxied)} % in round robin (the hop's own cost)`,
    );
    console.log(`three (orders sent to the books' holder) against it directly: ${cost(three, one)} %`);
    console.log('\nprocessor ms per order, by process (Linux /proc):');
    console.log(`| path | ${CPU_PARTS.join(' | ')} | all |`);
    console.log(`| --- | ${CPU_PARTS.map(() => '---').join(' | ')} | --- |`);
    for (const [label, spent] of [
      ['one instance behind HAProxy', spentAlone],
      ["three instances, orders sent to the books' holder", spentAll],
      ['three instances, round robin', spentTurns],
      ["two instances, every order handed to the book's holder", spentForwarded],
    ] as const) {
      const ms = CPU_PARTS.map((k) => (spent[k] * 1000) / ORDERS);
      const sum = ms.reduce((a, b) => a + b, 0);
      console.log(`| ${label} | ${ms.map((v) => v.toFixed(3)).join(' | ')} | ${sum.toFixed(3)} |`);
    }
    // The issue's measure: the server thread's processor time an order against the echo's a call. The echo's
    // is this process's main thread while it served the echo (the load runs on worker threads).
    const echoCalls = Math.max(1, r3.latencies.length);
    const echoUs = ((r3.cpu.threads.get('server thread') ?? 0) * 1e6) / echoCalls;
    const echoKernelUs = ((r3.cpu.threads.get('server thread (kernel)') ?? 0) * 1e6) / echoCalls;
    console.log(
      `\nthe book's holder's main thread, µs an order, against the echo's main thread a call (${echoUs.toFixed(0)} µs, ${echoKernelUs.toFixed(0)} of it in the kernel); with no orders it spends ${(idlePerS * 1000).toFixed(1)} ms a second, taken out in "net":`,
    );
    for (const [label, spent, seconds] of [
      ['the holder, called directly', spentDirect, directS],
      ['every order checked on another instance, run on the holder', spentForwarded, forwardedS],
    ] as const) {
      const us = (spent['holder thread'] * 1e6) / ORDERS;
      const kernel = (spent['holder kernel'] * 1e6) / ORDERS;
      const net = ((spent['holder thread'] - idlePerS * seconds) * 1e6) / ORDERS;
      const x = (v: number) => (v / Math.max(1, echoUs)).toFixed(1);
      console.log(
        `  ${label}: ${us.toFixed(0)} µs (${x(us)}×; ${kernel.toFixed(0)} of it in the kernel), net ${net.toFixed(0)} µs (${x(net)}×; aim ≤ 3×)`,
      );
    }
    for (const p of proxies.splice(0)) p.kill('SIGTERM');
    await failover(db, children, instance, users);
  } finally {
    for (const p of proxies) p.kill('SIGTERM');
    for (const c of children) await (PROFILE ? c.stop() : c.kill());
    await db.close();
    await store.drop();
  }
}

/** The spot writers' committed batches and their orders so far, from an instance's /metrics (read locally). */
async function batchesOf(c: ChildServer): Promise<{ count: number; orders: number }> {
  const text = await (await fetch(`${c.srv.url}/metrics`)).text();
  let count = 0;
  let orders = 0;
  for (const m of text.matchAll(
    /^nexa_writer_batches\{[^}]*writer="spot[^"]*"[^}]*size="(\d+)"[^}]*\} (\d+)/gm,
  )) {
    count += Number(m[2]);
    orders += Number(m[1]) * Number(m[2]);
  }
  return { count, orders };
}

const CPU_PARTS = ['writer', 'stand-bys', 'nats-server', 'haproxy', 'postgres'] as const;
type CpuPart = (typeof CPU_PARTS)[number] | 'holder thread' | 'holder kernel';

/**
 * Processor seconds of one process, from /proc (0 when it is gone or not Linux). With `thread`, of that
 * process's main thread alone (its JavaScript; V8's and libuv's helper threads left out).
 */
const procSeconds = (pid: string, thread = false) =>
  procStat(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`) ?? { name: '', s: 0, kernel: 0 };

/** Starts counting each part's processor time; the function it answers gives the seconds spent since. */
function cpuBy(children: readonly ChildServer[], writer: ChildServer): () => Record<CpuPart, number> {
  const snap = (): Record<CpuPart, number> => {
    const holder = procSeconds(String(writer.pid), true);
    const out: Record<CpuPart, number> = {
      writer: 0,
      'stand-bys': 0,
      'nats-server': 0,
      haproxy: 0,
      postgres: 0,
      'holder thread': holder.s,
      'holder kernel': holder.kernel,
    };
    for (const c of children) out[c === writer ? 'writer' : 'stand-bys'] += procSeconds(String(c.pid)).s;
    for (const pid of pids()) {
      const { name, s } = procSeconds(pid);
      if (name.startsWith('postgres')) out.postgres += s;
      else if (name === 'nats-server' || name === 'haproxy') out[name] += s;
    }
    return out;
  };
  const before = snap();
  return () => {
    const after = snap();
    const parts = [...CPU_PARTS, 'holder thread', 'holder kernel'] as const;
    return Object.fromEntries(parts.map((k) => [k, after[k] - before[k]])) as Record<CpuPart, number>;
  };
}

/** HAProxy with the repository's configuration in front of the given instances; answers its address. */
async function startProxy(backends: readonly ChildServer[], roundRobin = false) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'nexa-bench-haproxy-'));
  let cfg = haproxyConfig({
    root: ROOT,
    bind: `127.0.0.1:${port}`,
    lists: join(ROOT, 'deploy'),
    servers: backends.map((c, i) => [`b${i + 1}`, c.srv.url.replace('http://', '')] as const),
  });
  // Every call to any instance in turn: what the hop over NATS costs when a call must take it.
  if (roundRobin) cfg = cfg.replace(/^\s*use_backend .*$/gm, '');
  writeFileSync(join(dir, 'haproxy.cfg'), cfg);
  const proc = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
  await sleep(3_000);
  return { proc, url: `http://127.0.0.1:${port}` };
}

/** The index (0-based, from the name `b<n>`) of the instance holding a live lease (the BTC-USDT book's), or undefined. */
async function writerIndex(db: Store, key = 'spot.BTC-USDT'): Promise<number | undefined> {
  const [lease] = await queryRows<{ owner: string; live: boolean }>(
    db.db,
    sql`select owner, expires_at > clock_timestamp() as live from cluster_leases where key = ${key}`,
  );
  return lease?.live ? Number(lease.owner.slice(1)) - 1 : undefined;
}

/**
 * Failover, FAILOVER_ROUNDS times (5): a sell rests on the spot book, its holder is killed (SIGKILL), and
 * a survivor is sent a crossing immediate-or-cancel buy every 20 ms until one comes back filled. The time
 * from the kill to that fill is one round; the killed instance then comes back as a stand-by.
 */
async function failover(
  db: Store,
  children: ChildServer[],
  instance: (i: number) => Promise<ChildServer>,
  tokens: readonly string[],
): Promise<void> {
  const [seller = '', buyer = ''] = tokens;
  const times: number[] = [];
  for (let round = 0; round < FAILOVER_ROUNDS; round++) {
    const w = await until(() => writerIndex(db));
    const survivor = children[(w + 1) % children.length] as ChildServer;
    const via = { ...survivor.srv, host: PUBLIC_HOST };
    // A sell for the buy to meet, placed through the survivor (retried while a restarted instance settles).
    await until(async () => {
      const r = await order(via, seller, { side: 'sell', type: 'limit', px: '60000', sz: '0.01' });
      return r.body.code === 200 ? true : undefined;
    });
    await (children[w] as ChildServer).kill();
    const killed = performance.now();
    await until(async () => {
      const r = await order(via, buyer, { side: 'buy', type: 'limit', tif: 'IOC', px: '60000', sz: '0.001' });
      return r.body.data?.status === 'filled' ? true : undefined;
    });
    times.push(performance.now() - killed);
    console.log(
      `failover ${round + 1}: b${w + 1} killed, first fill through a survivor ${(times.at(-1) ?? 0).toFixed(0)} ms later`,
    );
    children[w] = await instance(w);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `failover, kill to first filled order: median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms of ${times.length} (lease ${process.env.CLUSTER_LEASE_S ?? 3} s; target ≤ 5 s)`,
  );
}

const order = (srv: TestServer, token: string, o: Record<string, string>) =>
  call<{ status?: string }>(
    srv,
    '/v1/order/submitTrade',
    { instId: 'BTC-USDT', ...o, request_id: `f-${randomBytes(6).toString('hex')}` },
    { token },
  );

async function until<T>(fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`failover: nothing within ${ms} ms`);
    await sleep(20);
  }
}

if (process.argv[1]?.endsWith('cluster.ts')) await clusterBench();
