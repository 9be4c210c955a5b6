import fastifyWebsocket from '@fastify/websocket';
import { endpoints } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import type { ClusterLink, SpotRoutes } from '../cluster';
import { SPOT_PATHS } from '../cluster/keys';
import type { Bus } from '../kernel/bus';
import type { AppDeps, Handlers } from '../kernel/context';
import type { RawRoute } from '../kernel/module';
import type { Modules } from '../modules';
import { SPOT_SETTINGS } from '../modules/spot/settings';
import { openSideConnection } from '../store';
import { registerTransport } from '../transport/http';
import { type Gateway, registerGateway } from '../transport/live/gateway';
import { registerMetrics } from '../transport/metrics';
import { splitCancels } from './split-cancel';
import type { Stores } from './stores';
import type { WorkGroup } from './work';

export interface CallsParts {
  readonly stores: Stores;
  readonly modules: Modules;
  /** Every live call's handler, as the modules declare them. */
  readonly handlers: Handlers;
  /** The modules' own routes. */
  readonly routes: readonly RawRoute[];
  /** The live gateway, once registered (its figures in the metrics). */
  readonly gateway: () => Gateway | null;
  /** Starts a group's books, writers and timers (cluster mode: on gaining its lease). */
  readonly startWork: (group: WorkGroup) => Promise<void>;
  /** Stops one spot book here, its lease handed to a lighter instance (cluster mode). */
  readonly releaseWork: (group: { readonly spot: string }) => Promise<void>;
  /** Stops the work when another instance took over. */
  readonly fence: (reason: string) => void;
}

export interface Calls {
  /** Cluster mode's writers' role (the lease and the calls handed to its holder); null for one instance. */
  readonly writers: ReturnType<NonNullable<Stores['cluster']>['runWriters']> | null;
  /** Stops sharing invalidations between instances. */
  readonly stopInvalidations: () => void;
  /** Closes the leases' own connection (cluster mode). */
  readonly closeLeases: () => Promise<void>;
}

/**
 * How calls reach their handlers: the metrics, cluster mode's roles (the lease's holder runs the calls,
 * the other instances hand them over; settings and sessions invalidated across instances), the contract's
 * calls and the modules' own routes.
 */
/**
 * Lists built from what a writers' group keeps in memory: exchange quotes from the spot books, and the lead
 * traders (copy trading's writer holds them for every fill; a stand-by has none). Handed to the group's holder.
 */
const KEPT_BY_WRITERS: ReadonlySet<string> = new Set([
  // Exchange quotes come from the spot books (their holder answers them).
  '/api/exchange/getExchangeInfo',
  '/api/neu/exchangeList',
  '/v1/copy/traders',
  '/v1/copy/traderHistory',
  // The open positions beside the closed ones are the writers' (margin, mark, the cross balance).
  '/admin/futures/positions',
]);

/**
 * Lists whose answers come from the store alone: any instance answers them itself instead of forwarding
 * them to the writers (the cluster test compares each one's answer on a stand-by and on the writers).
 */
export const STORE_READS: ReadonlySet<string> = new Set(
  Object.entries(endpoints)
    .filter(([path, e]) => e.list !== 'none' && e.status === 'live' && !KEPT_BY_WRITERS.has(path))
    .map(([path]) => path),
);

/**
 * The calls that change state (every call but the store's lists), one path a line: the file a load balancer
 * reads to send them straight to the writers' instance (deploy/haproxy-writes.lst).
 */
/**
 * The spot books of the default configuration, one a line (deploy/haproxy-books.lst): the load balancer
 * gives each a backend, the instance running it. A deployment that lists other instruments writes its own.
 */
export function booksList(): string {
  const books = SPOT_SETTINGS['market.instruments'].parse(undefined).map((x) => x.inst_id);
  return `${books.join('\n')}\n`;
}

export function writesList(spot = false): string {
  if (spot) return `${SPOT_PATHS.join('\n')}\n`;
  const writes = Object.keys(endpoints)
    .filter((path) => !STORE_READS.has(path))
    .sort();
  return `${writes.join('\n')}\n`;
}

export async function registerCalls(fastify: FastifyInstance, parts: CallsParts): Promise<Calls> {
  const { stores, modules, handlers } = parts;
  const { store, deps, link, cluster } = stores;
  const { admin } = modules;
  let writerHeld: () => boolean | null = () => null;
  // What another instance changed while this one stood by, read again before a group's books start.
  const gain = async (group: WorkGroup) => {
    await deps.settings.preload();
    await deps.assets.load();
    await parts.startWork(group);
  };
  const metrics = registerMetrics(
    fastify,
    {
      batches: () => [
        { writer: 'spot', sizes: modules.spot.batchSizes() },
        { writer: 'futures', sizes: modules.futures.batchSizes() },
      ],
      ws: () => parts.gateway()?.stats() ?? { connections: 0, cutOff: 0, sent: 0 },
      pool: () => store.poolStats?.() ?? null,
      writer: () => writerHeld(),
    },
    deps.config.metricsToken,
  );
  // The leases renew on a connection of their own: never behind the work's queries for a free one.
  const leaseConnection =
    link && deps.config.databaseUrl
      ? openSideConnection(deps.config.databaseUrl, `nexa-lease-${link.config.instance}`, (err) =>
          deps.log.warn({ cause: err.message }, 'lease connection failed'),
        )
      : null;
  // Each spot book has a lease of its own: its instruments' terms are read before the leases are sought.
  if (link && cluster) await modules.spot.configure();
  const spotIds = link && cluster ? modules.spot.instIds() : [];
  const routes = spotRoutes(modules, spotIds);
  const writers =
    link && cluster && leaseConnection
      ? cluster.runWriters(link, {
          store,
          leaseDb: leaseConnection.db,
          handlers,
          log: deps.log,
          groups: [
            // The writers' work weighs as half the spot books: with three instances, one runs it and the
            // two others share the books.
            {
              key: cluster.WRITERS_LEASE,
              weight: Math.max(1, Math.ceil(spotIds.length / 2)),
              onGain: () => gain('writers'),
            },
            ...spotIds.map((instId) => ({
              key: cluster.spotLease(instId),
              onGain: () => gain({ spot: instId }),
              onRelease: () => parts.releaseWork({ spot: instId }),
            })),
          ],
          keyOf: (path, body) => cluster.leaseOfCall(path, body, routes),
          spreadMs: link.config.spreadMs,
          onLose: (reason) => parts.fence(reason),
          count: metrics.forwarded,
          readsAnywhere: STORE_READS,
        })
      : null;
  if (writers) writerHeld = () => writers.lease.held();
  const routed = writers ? splitCancels(writers.handlers, modules) : handlers;
  const stopInvalidations =
    link && cluster
      ? cluster.shareInvalidations(link, {
          settings: deps.settings,
          onSessionForgotten: modules.auth.onSessionForgotten,
          dropSession: modules.auth.dropCachedSession,
          log: deps.log,
        })
      : () => {};
  registerTransport(fastify, deps, {
    handlers: routed,
    authenticate: modules.auth.authenticate,
    authenticateOperator: admin.authenticate,
    authorizeOperator: admin.authorize,
  });
  await registerModuleRoutes(fastify, parts.routes);
  return { writers, stopInvalidations, closeLeases: async () => leaseConnection?.close() };
}

/**
 * Modules' own routes (uploads, issuers' webhooks) take their bodies as raw bytes: a signature over the
 * body must be checked on exactly what arrived.
 */
async function registerModuleRoutes(fastify: FastifyInstance, routes: readonly RawRoute[]): Promise<void> {
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const r of routes) {
      scope.route({
        method: r.method,
        url: r.url,
        bodyLimit: r.bodyLimit,
        handler: async (req, reply) => {
          const headers: Record<string, string | undefined> = {};
          for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v[0] : v;
          const out = await r.handle({
            params: (req.params ?? {}) as Record<string, string>,
            query: (req.query ?? {}) as Record<string, string>,
            headers,
            body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
            ip: req.ip,
          });
          reply.code(out.status);
          for (const [k, v] of Object.entries(out.headers ?? {})) reply.header(k, v);
          return reply.send(out.body);
        },
      });
    }
  });
}

/** The live feed at /ws, following the bus (a cluster's asks another instance for a book it missed). */
export async function registerLive(
  fastify: FastifyInstance,
  parts: {
    readonly bus: Bus;
    readonly deps: AppDeps;
    readonly modules: Modules;
    readonly link: ClusterLink | null;
  },
): Promise<Gateway> {
  const { link } = parts;
  await fastify.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  return registerGateway(fastify, {
    bus: parts.bus,
    authenticate: parts.modules.auth.authenticate,
    maxConnectionsPerIp: () => parts.deps.settings.get('live.max_connections_per_ip'),
    ...(link ? { resync: (instId: string) => link.bus.resync(instId) } : {}),
  });
}

/** What the routing reads to find a call's spot book: the configured instruments and the exchange's quotes. */
function spotRoutes(modules: Modules, instIds: readonly string[]): SpotRoutes {
  const known = new Set(instIds);
  const pairOf = (a: string, b: string) =>
    known.has(`${a}-${b}`) ? `${a}-${b}` : known.has(`${b}-${a}`) ? `${b}-${a}` : null;
  return {
    has: (instId) => known.has(instId),
    pairOf,
    async quoteInstrument(quoteId) {
      const q = await modules.wallet.quotePair(quoteId);
      return q ? pairOf(q.from, q.to) : null;
    },
  };
}
