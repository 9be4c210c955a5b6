import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { PROBE } from './readiness';

/** What the metrics read from the rest of the app when Prometheus scrapes. */
export interface MetricsSources {
  /** Committed batches by size since start, per writer (`spot`, `futures`). */
  readonly batches: () => ReadonlyArray<{ writer: string; sizes: ReadonlyMap<number, number> }>;
  readonly ws: () => { connections: number; cutOff: number; sent: number };
  readonly pool: () => { total: number; idle: number; waiting: number } | null;
  /** Cluster mode: whether this instance holds the writers' lease; null for one instance. */
  readonly writer: () => boolean | null;
}

export interface Metrics {
  /** Counts one call handed to the writers' instance, by how it ended. */
  forwarded(outcome: 'ok' | 'error' | 'unavailable'): void;
}

const ORDER_PATHS = new Set(['/v1/order/submitTrade', '/v1/order/batch', '/api/contract/order']);

/**
 * Prometheus metrics at `/metrics` (prom-client): calls and their latency by path, orders placed, the
 * writers' batch sizes, whether this instance holds the writers, calls forwarded to them, live-feed
 * sockets and drops, the store's pool, and Node's own (event-loop lag, heap, CPU). Answered to the
 * machine itself, or to a caller with `Authorization: Bearer <METRICS_TOKEN>` when that is set; the
 * caller's address is the socket's, never a header's.
 */
export function registerMetrics(
  app: FastifyInstance,
  sources: MetricsSources,
  token: string | undefined,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nexa_' });
  const calls = new Histogram({
    name: 'nexa_call_seconds',
    help: 'Calls answered, by path and HTTP status, with their latency',
    labelNames: ['path', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const orders = new Counter({
    name: 'nexa_orders_total',
    help: 'Order calls answered, by path and HTTP status',
    labelNames: ['path', 'status'],
    registers: [registry],
  });
  const forwarded = new Counter({
    name: 'nexa_forwarded_calls_total',
    help: "Calls handed to the writers' instance (cluster mode), by outcome",
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'nexa_writer_batches',
    help: 'Committed writer batches since start, by writer and batch size',
    labelNames: ['writer', 'size'],
    registers: [registry],
    collect() {
      this.reset();
      for (const w of sources.batches())
        for (const [size, n] of w.sizes) this.set({ writer: w.writer, size: String(size) }, n);
    },
  });
  new Gauge({
    name: 'nexa_writer_lease_held',
    help: "1 when this instance holds the writers' lease (cluster mode), 0 when it stands by",
    registers: [registry],
    collect() {
      const held = sources.writer();
      this.set(held === null || held ? 1 : 0);
    },
  });
  new Gauge({
    name: 'nexa_ws_clients',
    help: 'Open live-feed sockets',
    registers: [registry],
    collect() {
      this.set(sources.ws().connections);
    },
  });
  new Gauge({
    name: 'nexa_ws_cut_off',
    help: 'Live-feed sockets cut off for holding too much unsent, since start',
    registers: [registry],
    collect() {
      this.set(sources.ws().cutOff);
    },
  });
  new Gauge({
    name: 'nexa_store_pool_connections',
    help: "The store's PostgreSQL pool: connections by state",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = sources.pool();
      if (!p) return;
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const path = req.routeOptions.url;
    if (!path || req.method !== 'POST') return;
    const status = String(reply.statusCode);
    calls.observe({ path, status }, reply.elapsedTime / 1000);
    if (ORDER_PATHS.has(path)) orders.inc({ path, status });
  });

  app.get('/metrics', PROBE, async (req, reply) => {
    const address = req.socket.remoteAddress ?? '';
    const local = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
    const bearer = req.headers.authorization;
    if (token ? bearer !== `Bearer ${token}` : !local) return reply.code(403).send('forbidden\n');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });

  return { forwarded: (outcome) => forwarded.inc({ outcome }) };
}
