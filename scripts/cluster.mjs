#!/usr/bin/env node
// `npm run cluster`: three instances of the server on the machine's PostgreSQL, NATS and Redis, behind
// HAProxy (Debian's `haproxy`), printed address http://localhost:8080. Each instance is restarted when it
// ends (an instance that lost the writers' lease ends on purpose and comes back as a stand-by).
// Environment: DATABASE_URL (default: database nexa_cluster on 127.0.0.1), NATS_URL, REDIS_URL, PORT (8080),
// INSTANCES (3).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';
import { haproxyConfig } from './haproxy-config.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const count = Number(process.env.INSTANCES ?? 3);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nexa_cluster';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const haproxy = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
if (!haproxy) {
  console.error('HAProxy is missing: install it with `apt-get install haproxy` (as root).');
  process.exit(1);
}
ensureBuilt(root);

// The database is made when missing (the server migrates it).
const url = new URL(databaseUrl);
const name = url.pathname.replace(/^\//, '');
const admin = new URL(databaseUrl);
admin.pathname = '/postgres';
const pg = await import('pg');
const client = new pg.default.Client({ connectionString: admin.toString() });
await client.connect();
const found = await client.query('select 1 from pg_database where datname = $1', [name]);
if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
await client.end();

const ports = Array.from({ length: count }, (_, i) => port + 1 + i);
const dir = mkdtempSync(join(tmpdir(), 'nexa-cluster-'));
const cfg = haproxyConfig({
  root,
  bind: `127.0.0.1:${port}`,
  lists: join(root, 'deploy'),
  servers: ports.map((p, i) => [`n${i + 1}`, `127.0.0.1:${p}`]),
});
writeFileSync(join(dir, 'haproxy.cfg'), cfg);

let stopping = false;
const children = new Set();
function instance(i) {
  const env = {
    ...process.env,
    PORT: String(ports[i]),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    INSTANCE_NAME: `n${i + 1}`,
    WEB_DIST: process.env.WEB_DIST ?? join(root, 'web', 'dist'),
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    TRUST_PROXY: 'true',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    console.log(`instance n${i + 1} ended (${signal ?? code}); starting it again`);
    setTimeout(() => instance(i), 1_000);
  });
}
for (let i = 0; i < count; i++) instance(i);
const proxy = spawn(haproxy, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: 'inherit' });
children.add(proxy);
console.log(
  `cluster: ${count} instances on ${ports.join(', ')} behind HAProxy at http://localhost:${port} ` +
    `(store ${url.host}${url.pathname}, NATS ${natsUrl}, Redis ${redisUrl}); metrics at each instance's /metrics`,
);
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    stopping = true;
    for (const c of children) c.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3_000).unref();
  });
