/**
 * Cluster mode: what handing calls to the writers' instance costs. Three server processes on one PostgreSQL
 * database with NATS and Redis (the machine's: TEST_DATABASE_URL / BENCH_DATABASE_URL, TEST_NATS_URL,
 * TEST_REDIS_URL), HAProxy in front (Debian's `haproxy`). The same signed, sealed submitTrade bodies go, in
 * one run, (1) straight to the instance holding the writers' lease (no forwarding), (2) through HAProxy to
 * all three (two calls in three are checked on a stand-by and handed over NATS), and (3) to a plain Fastify
 * echo (the load generator's reach). Orders/s, p50 and p99 of each; the forwarding cost is (2) against
 * (1). This machine has 2 cores shared by the three instances, PostgreSQL and the load threads: three
 * instances cannot be faster here; the figure is the price of the hop, not the room it makes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_ENVELOPE_KEY, DEMO_SIGN_SECRET, decodeKey } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { systemClock } from '../server/src/kernel/clock';
import { createLedger, SYSTEM } from '../server/src/ledger';
import { queryRows } from '../server/src/store';
import { type ChildServer, childStore, freePort, startChild } from '../server/test/child-server';
import { PUBLIC_HOST, signedInUser } from '../server/test/harness';
import { countOk, load, type Row, row, sealedOrders } from './trade';

const USERS = 32;
const ORDERS = Number(process.env.CLUSTER_BENCH_CALLS ?? 2000);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const envelopeKey = decodeKey(DEMO_ENVELOPE_KEY);

export async function clusterBench(): Promise<void> {
  const nats = process.env.TEST_NATS_URL;
  const redis = process.env.TEST_REDIS_URL;
  if (!(nats && redis && (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL))) {
    console.log('cluster: skipped (set TEST_DATABASE_URL, TEST_NATS_URL and TEST_REDIS_URL)');
    return;
  }
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
  const store = await childStore();
  const prefix = `b${randomBytes(4).toString('hex')}`;
  const children: ChildServer[] = [];
  let proxy: ReturnType<typeof spawn> | null = null;
  const db = await store.open();
  try {
    // Many sign-ins from this one address: the per-address limits (shared by the instances) set out of the way.
    await db.db.execute(sql`insert into settings (key, value) values
    ('auth.login_per_ip_per_minute', '100000'::jsonb), ('admin.login_per_ip_per_minute', '100000'::jsonb)
    on conflict (key) do update set value = excluded.value`);
    for (let i = 0; i < 3; i++) {
      children.push(
        await startChild(store, 120_000, {
          NATS_URL: nats,
          REDIS_URL: redis,
          CLUSTER_PREFIX: prefix,
          INSTANCE_NAME: `b${i + 1}`,
          PUBLIC_URL: `http://${PUBLIC_HOST}`,
          CHECK_ANSWERS: 'off',
          LOG_LEVEL: 'error',
        }),
      );
      if (i === 0) await sleep(3_000);
    }
    const [lease] = await queryRows<{ owner: string }>(
      db.db,
      sql`select owner from cluster_leases where key = 'writers'`,
    );
    const writer = children[Number((lease?.owner ?? 'b1').slice(1)) - 1] as ChildServer;
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'nexa-bench-haproxy-'));
    const cfg = readFileSync(join(ROOT, 'deploy', 'haproxy.cfg'), 'utf8')
      .replace('@PORT@', String(port))
      .replace(
        '@SERVERS@',
        children.map((c, i) => `  server b${i + 1} ${c.srv.url.replace('http://', '')} check`).join('\n'),
      );
    writeFileSync(join(dir, 'haproxy.cfg'), cfg);
    proxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
    await sleep(3_000);
    const haproxyUrl = `http://127.0.0.1:${port}`;

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
    const direct = await sealedOrders(sealing, users, '60000', ORDERS);
    const r1 = await load(writer.srv.url, direct);
    rows.push(row('one instance: the writer, directly', r1, await countOk(envelopeKey, r1.answers)));
    const spread = await sealedOrders(sealing, users, '60000', ORDERS);
    const r2 = await load(haproxyUrl, spread);
    rows.push(row('three instances behind HAProxy', r2, await countOk(envelopeKey, r2.answers)));
    const echo = Fastify();
    echo.post('/v1/order/submitTrade', async (req) => ({ code: 200, msg: 'Success', data: req.body }));
    await echo.listen({ port: 0, host: '127.0.0.1' });
    const addr = echo.server.address();
    const r3 = await load(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, direct);
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
    const [one, three] = rows as [Row, Row];
    console.log(
      `forwarding cost on throughput: ${((1 - rate(three) / rate(one)) * 100).toFixed(1)} % (target ≤ 15 %)`,
    );
  } finally {
    proxy?.kill('SIGTERM');
    for (const c of children) await c.kill();
    await db.close();
    await store.drop();
  }
}

if (process.argv[1]?.endsWith('cluster.ts')) await clusterBench();
