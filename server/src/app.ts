import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { type ClientConfig, ERRORS, errorMessage, langFromHeader } from '@nexa/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ClusterLink } from './cluster';
import { withStartLock } from './cluster/start-lock';
import type { Config } from './config';
import { createAssetRegistry } from './kernel/assets';
import { type Bus, createMemoryBus } from './kernel/bus';
import { type Clock, systemClock } from './kernel/clock';
import type { AppDeps, Handlers } from './kernel/context';
import { logMailer, type Mailer, smtpMailer } from './kernel/mailer';
import { createOutbox } from './kernel/outbox';
import { MemoryRateLimiter } from './kernel/rate-limit';
import { createSettings, type Settings } from './kernel/settings';
import { createLedger, type Ledger } from './ledger';
import { buildModules, type Modules, SETTINGS } from './modules';
import { createEvmChain, type ChainAdapter as EvmAdapter, type OnConfirmed } from './modules/wallet/chain';
import type { ChainAdapter } from './modules/wallet/common';
import { openApiDocument } from './openapi';
import { seedBase, seedDemo } from './seed';
import type { Store } from './store';
import type { InstanceLock } from './store/instance-lock';
import { openInstanceStore } from './store/open-instance';
import { isStoreUnavailable } from './store/unavailable';
import { registerAdminApp } from './transport/admin-app';
import { registerCors } from './transport/cors';
import { BODY_LIMIT_BYTES, pruneRequestSigns, registerTransport } from './transport/http';
import { refuseTooLarge, registerHttpLimits, serverOptions } from './transport/http-limits';
import { type Gateway, registerGateway } from './transport/live/gateway';
import { registerMetrics } from './transport/metrics';
import { registerReadiness } from './transport/readiness';
import { loggerOptions } from './transport/redact';
import { registerWebApp } from './transport/web-app';

const ASSETS_DIR = fileURLToPath(new URL('../assets', import.meta.url));

/** The text of an SVG the server serves under /static/, or null (any other address, or a path outside). */
async function staticSvg(src: string): Promise<string | null> {
  if (!src.startsWith('/static/') || !src.endsWith('.svg')) return null;
  const file = resolve(ASSETS_DIR, `.${src.slice('/static'.length)}`);
  if (!file.startsWith(`${ASSETS_DIR}${sep}`)) return null;
  return readFile(file, 'utf8').catch(() => null);
}

export interface AppOptions {
  readonly config: Config;
  readonly clock?: Clock;
  /** An already open store (tests share one); otherwise opened from the config. */
  readonly store?: Store;
  readonly mailer?: Mailer;
  /** A chain adapter for deposits and withdrawals; without one, operators confirm deposits. */
  readonly chain?: ChainAdapter | null;
  /** Log lines go nowhere (tests). */
  readonly quiet?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  readonly logStream?: NodeJS.WritableStream;
  /** The event bus (market → live feed); an in-process one by default. */
  readonly bus?: Bus;
  /**
   * Cluster mode: this instance lost the writers' lease (another took over). Its work has stopped; the
   * process should end and be started again (main.ts exits).
   */
  readonly onFenced?: (reason: string) => void;
}

export interface App {
  readonly fastify: FastifyInstance;
  readonly deps: AppDeps;
  readonly modules: Modules;
  /** Every module's settings, typed (operators' tools and tests). */
  readonly settings: Settings<typeof SETTINGS>;
  /** Every live call's handler, as the modules declare them. */
  readonly handlers: Handlers;
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The EVM watcher and sender when CHAIN_RPC_URL is set. */
  readonly evm: EvmAdapter | null;
  /** Cluster mode's connections and this instance's role; null for one instance. */
  readonly cluster: { readonly link: ClusterLink; writer(): boolean } | null;
  close(): Promise<void>;
}

function clientConfig(config: Config): ClientConfig {
  return {
    protection: config.protection,
    envelopeKey: config.envelopeKeyText,
    signSecret: config.signSecret,
    chainId: config.chainId,
    wsPath: '/ws',
    apiBase: config.apiHosts.apiBase,
    wsBase: config.apiHosts.wsBase,
  };
}

export async function buildApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const fastify = Fastify({
    logger: opts.quiet
      ? false
      : {
          level: config.logLevel,
          ...loggerOptions(),
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    ...serverOptions(config),
  });
  registerHttpLimits(fastify, config, BODY_LIMIT_BYTES);
  // Before every route: the app's origins on another host get their CORS answers, other pages' sockets none.
  await registerCors(fastify, config.apiHosts.appOrigins);
  const ownsStore = !opts.store;
  const log = fastify.log;
  // A store the app opens itself is a process's: it takes the single-writer lock first (a second
  // instance on the same database refuses to start), and is fenced if another instance takes it later.
  let fence: (reason: string) => void = () => {};
  let lock: InstanceLock | null = null;
  let store: Store;
  if (opts.store) store = opts.store;
  else {
    const opened = await openInstanceStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log,
      onFenced: (reason) => fence(reason),
      cluster: config.cluster !== null,
    });
    store = opened.store;
    lock = opened.lock;
  }
  // Cluster mode's clients (NATS, Redis) are loaded only when it is on.
  const cluster = config.cluster ? await import('./cluster') : null;
  const link = config.cluster && cluster ? await cluster.connectCluster(config.cluster, log) : null;
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : // Codes go to the log only outside production (a demo without mail); production keeps them in the outbox.
        logMailer((l) => log.info(l), { withText: config.env !== 'production' }));
  const deps: AppDeps = {
    config,
    store,
    clock: opts.clock ?? systemClock,
    limiter: link?.limiter ?? new MemoryRateLimiter(),
    log,
    mailer,
    settings: createSettings(store, SETTINGS),
    assets: createAssetRegistry(store),
    outbox: createOutbox({ store, log }),
  };
  // Instances starting together seed one after another (the seeds are idempotent, not concurrent).
  const startLocked = <T>(fn: () => Promise<T>) =>
    config.cluster && config.databaseUrl ? withStartLock(config.databaseUrl, fn) : fn();
  await startLocked(async () => {
    await seedBase(store);
    if (config.seedDemo) await seedDemo(store, deps.clock);
  });
  // Settings and assets are read once here: code inside a database transaction never waits on the store for them.
  await deps.settings.preload();
  await deps.assets.load();

  const ledger = createLedger({ store, clock: deps.clock });
  // The chain adapter credits through the wallet, and the wallet asks the adapter for addresses.
  let creditDeposit: OnConfirmed = async () => {
    throw new Error('wallet not ready');
  };
  const evm = config.chain
    ? createEvmChain({
        store,
        clock: deps.clock,
        chain: 'evm',
        rpcUrl: config.chain.rpcUrl,
        chainId: config.chain.chainId,
        token: {
          address: config.chain.tokenAddress as `0x${string}`,
          decimals: config.chain.tokenDecimals,
          asset: 'USDT',
          scale: deps.assets.get('USDT').scale,
        },
        depositXpub: config.chain.depositXpub,
        confirmations: config.chain.confirmations,
        hotWalletKey: config.chain.hotWalletKey,
        onConfirmed: (tx, d) => creditDeposit(tx, d),
        log,
      })
    : null;
  const chain: ChainAdapter | null =
    opts.chain ??
    (evm && config.chain ? { ...evm, asset: 'USDT', confirmations: config.chain.confirmations } : null);
  const bus = opts.bus ?? link?.bus ?? createMemoryBus();
  const built = buildModules({ ...deps, ledger, chain, bus });
  const modules = built.apis;
  const { admin, wallet } = modules;
  creditDeposit = (tx, d) => wallet.deposits.credit(tx, d);
  await startLocked(async () => {
    if (config.adminBootstrap) {
      const [name = '', password = ''] = config.adminBootstrap.split(':');
      await admin.createOperator(name, password, ['admin']);
    }
    if (config.seedDemo) {
      // Demo operators (documented in the README); a real deployment uses ADMIN_BOOTSTRAP.
      await admin.createOperator('admin', 'nexa-admin', ['admin']);
      await admin.createOperator('finance', 'nexa-finance', ['finance']);
    }
  });

  fastify.setErrorHandler((err, req, reply) => {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) return refuseTooLarge(req, reply);
    if (isStoreUnavailable(err)) {
      const lang = langFromHeader(req.headers.lang as string | undefined);
      return reply.code(503).send({
        code: ERRORS.StoreUnavailable.code,
        msg: errorMessage('StoreUnavailable', lang),
        data: null,
        error: 'StoreUnavailable',
      });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: 500, msg: 'Internal Server Error', data: null });
  });

  const handlers = Object.assign({}, ...built.list.map((m) => m.handlers)) as Handlers;
  let gateway: Gateway | null = null;
  let writerHeld: () => boolean | null = () => null;
  const metrics = registerMetrics(
    fastify,
    {
      batches: () => [
        { writer: 'spot', sizes: modules.spot.batchSizes() },
        { writer: 'futures', sizes: modules.futures.batchSizes() },
      ],
      ws: () => gateway?.stats() ?? { connections: 0, cutOff: 0, sent: 0 },
      pool: () => store.poolStats?.() ?? null,
      writer: () => writerHeld(),
    },
    config.metricsToken,
  );
  // Cluster mode: the holder of the writers' lease runs the calls; the other instances hand them over.
  let startWork: () => Promise<void> = async () => {};
  const writers =
    link && cluster
      ? cluster.runWriters(link, {
          store,
          handlers,
          log,
          onGain: async () => {
            // What another instance changed while this one stood by, read again before the books start.
            await deps.settings.preload();
            await deps.assets.load();
            await startWork();
          },
          onLose: (reason) => fence(reason),
          count: metrics.forwarded,
        })
      : null;
  if (writers) writerHeld = () => writers.lease.held();
  const stopInvalidations =
    link && cluster
      ? cluster.shareInvalidations(link, {
          settings: deps.settings,
          onSessionForgotten: modules.auth.onSessionForgotten,
          dropSession: modules.auth.dropCachedSession,
          log,
        })
      : () => {};
  registerTransport(fastify, deps, {
    handlers: writers?.handlers ?? handlers,
    authenticate: modules.auth.authenticate,
    authenticateOperator: admin.authenticate,
    authorizeOperator: admin.authorize,
  });

  // Modules' own routes (uploads, issuers' webhooks) take their bodies as raw bytes: a signature over the
  // body must be checked on exactly what arrived.
  const rawRoutes = built.list.flatMap((m) => m.routes ?? []);
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const r of rawRoutes) {
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

  await fastify.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  gateway = registerGateway(fastify, {
    bus,
    authenticate: modules.auth.authenticate,
    maxConnectionsPerIp: () => deps.settings.get('live.max_connections_per_ip'),
    ...(link ? { resync: (instId: string) => link.bus.resync(instId) } : {}),
  });
  // The books, writers and timers: at once for one instance; on the lease's holder in cluster mode.
  let outboxTimer: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let stopResync: () => void = () => {};
  startWork = async () => {
    // The live feed listens before the modules start publishing.
    for (const m of built.list) await m.start?.();
    // What a crash left in the outbox is delivered now; new events within a second of their commit.
    const drainOutbox = () =>
      deps.outbox.drain().catch((err: unknown) => log.warn({ err }, 'outbox delivery failed'));
    await drainOutbox();
    outboxTimer = setInterval(drainOutbox, 1000);
    outboxTimer.unref();
    if (evm && config.chain && !opts.chain) evm.start(config.chain.pollMs);
    sweep = setInterval(() => {
      for (const m of built.list) m.sweep?.().catch((err: unknown) => log.warn({ err }, 'sweep failed'));
      pruneRequestSigns(deps).catch((err: unknown) => log.warn({ err }, 'request sign sweep failed'));
    }, 60_000);
    sweep.unref();
    // Another instance's live feed that missed part of a book asks for it again.
    stopResync =
      link?.bus.onResync((instId) => {
        void modules.spot.republish(instId).catch(() => {});
        void modules.futures.republish(instId).catch(() => {});
      }) ?? (() => {});
  };
  if (!link) await startWork();

  const openapi = openApiDocument();
  fastify.get('/docs', async () => openapi);
  fastify.get('/docs/openapi.json', async () => openapi);
  fastify.get('/healthz', async () => ({ ok: true }));
  registerReadiness(fastify, async () => {
    if (lock?.fenced || fencedReason)
      return { reason: 'fenced', detail: fencedReason ?? lock?.refusal() ?? '' };
    const why = lock?.refusal() ?? link?.unready() ?? (await store.unready());
    return why === null ? null : { reason: 'store', detail: why };
  });

  await fastify.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/static/', decorateReply: false });

  if (config.webDist) {
    // Home's first banner is named in its page, so the phone fetches and draws it before the app's code.
    await registerWebApp(fastify, config.webDist, clientConfig(config), {
      homeBanner: async () => {
        const src = (await modules.content.banners('en'))[0]?.image;
        return src ? { src, svg: await staticSvg(src) } : null;
      },
    });
  }
  if (config.adminDist) await registerAdminApp(fastify, config.adminDist, clientConfig(config));

  // Writers and timers stop once: when another instance took the lock (fenced), or at close.
  let stopped: Promise<void> | null = null;
  let fencedReason: string | null = null;
  const stopWork = () => {
    stopped ??= (async () => {
      clearInterval(sweep);
      clearInterval(outboxTimer);
      stopResync();
      await evm?.stop();
      for (const m of [...built.list].reverse()) {
        await m.close?.().catch((err: unknown) => log.warn({ err }, 'module stop failed'));
      }
    })();
    return stopped;
  };
  fence = (reason) => {
    fencedReason = reason;
    log.error({ reason }, 'fenced: writers and timers stopped; every call answers StoreUnavailable');
    // Cluster mode: the instance ends to start again as a stand-by. One instance fenced by the database's
    // lock stays up, answering 503 and saying `fenced` on /readyz, until an operator restarts it.
    void stopWork().then(() => {
      if (link) opts.onFenced?.(reason);
    });
  };

  return {
    fastify,
    deps,
    modules,
    settings: deps.settings.of(SETTINGS),
    handlers,
    ledger,
    bus,
    evm,
    cluster: link && writers ? { link, writer: () => writers.lease.held() } : null,
    async close() {
      clearInterval(sweep);
      clearInterval(outboxTimer);
      await evm?.stop();
      await fastify.close();
      await stopWork();
      stopInvalidations();
      await writers?.lease.stop();
      await link?.close();
      if (ownsStore) await store.close();
      await lock?.release();
    },
  };
}
