import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import type { ClientConfig } from '@nexa/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { createEvmChain, type ChainAdapter as EvmAdapter, type OnConfirmed } from './chain';
import type { Config } from './config';
import { createHandlers, type Modules } from './handlers';
import { type Bus, createMemoryBus } from './kernel/bus';
import { type Clock, systemClock } from './kernel/clock';
import type { AppDeps } from './kernel/context';
import { logMailer, type Mailer, smtpMailer } from './kernel/mailer';
import { MemoryRateLimiter } from './kernel/rate-limit';
import { createSettings } from './kernel/settings';
import { createLedger, type Ledger } from './ledger';
import { registerGateway } from './live/gateway';
import { createCandleService } from './market/candles';
import { createOkxFeed } from './market/feed';
import { createReferenceMarket, type ReferenceMarket } from './market/reference';
import { createMarket } from './market/service';
import { createAdmin } from './modules/admin';
import { createAuth } from './modules/auth';
import { createContent } from './modules/content';
import { createUsers } from './modules/users';
import { createWallet } from './modules/wallet';
import type { ChainAdapter } from './modules/wallet/common';
import { openApiDocument } from './openapi';
import { seedBase, seedDemo } from './seed';
import { openStore, type Store } from './store';
import { BODY_LIMIT_BYTES, pruneRequestSigns, registerTransport } from './transport/http';
import { loggerOptions } from './transport/redact';
import { registerWebApp } from './transport/web-app';

const ASSETS_DIR = fileURLToPath(new URL('../assets', import.meta.url));

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
}

export interface App {
  readonly fastify: FastifyInstance;
  readonly deps: AppDeps;
  readonly modules: Modules;
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The EVM watcher and sender when CHAIN_RPC_URL is set. */
  readonly evm: EvmAdapter | null;
  close(): Promise<void>;
}

function clientConfig(config: Config): ClientConfig {
  return {
    protection: config.protection,
    envelopeKey: config.envelopeKeyText,
    signSecret: config.signSecret,
    chainId: config.chainId,
    wsPath: '/ws',
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
  });
  const ownsStore = !opts.store;
  const store = opts.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const log = fastify.log;
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
    limiter: new MemoryRateLimiter(),
    log,
    mailer,
    settings: createSettings(store),
  };
  await seedBase(store);
  if (config.seedDemo) await seedDemo(store, deps.clock);
  // Settings and assets are read once here: code inside a database transaction never waits on the store for them.
  await deps.settings.preload();

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
          scale: 6,
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
  const bus = opts.bus ?? createMemoryBus();
  const market = createMarket({ ...deps, ledger, bus });
  // The exchange converts on the spot books, and wallet values read their prices: one price source.
  const wallet = createWallet({ ...deps, ledger, chain, venue: market });
  creditDeposit = (tx, d) => wallet.deposits.credit(tx, d);
  await wallet.assets.all();
  const admin = createAdmin({ ...deps, ledger, wallet });
  // With OKX as the price source, OKX's tickers are the ones published.
  const candles = createCandleService(
    { ...deps, bus, trades: market },
    { publishTickers: config.marketSource !== 'okx' },
  );
  const modules: Modules = {
    auth: createAuth(deps),
    users: createUsers(deps),
    content: createContent(deps),
    wallet,
    admin,
    market,
    candles,
    reference: null,
  };
  if (config.adminBootstrap) {
    const [name = '', password = ''] = config.adminBootstrap.split(':');
    await admin.createOperator(name, password, ['admin']);
  }
  if (config.seedDemo) {
    // Demo operators (documented in the README); a real deployment uses ADMIN_BOOTSTRAP.
    await admin.createOperator('admin', 'nexa-admin', ['admin']);
    await admin.createOperator('finance', 'nexa-finance', ['finance']);
  }

  fastify.setErrorHandler((err, req, reply) => {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) return reply.code(413).send({ code: 413, msg: 'Payload Too Large', data: null });
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: 500, msg: 'Internal Server Error', data: null });
  });

  registerTransport(fastify, deps, {
    handlers: createHandlers(modules),
    authenticate: modules.auth.authenticate,
    authenticateOperator: admin.authenticate,
    authorizeOperator: admin.authorize,
  });

  await fastify.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerGateway(fastify, {
    bus,
    authenticate: modules.auth.authenticate,
    maxConnectionsPerIp: () => deps.settings.get('live.max_connections_per_ip'),
  });
  // The feed listens before the market publishes: every book is rebuilt from the store's open
  // orders (its snapshot reaches the feed), then the reference market starts.
  await market.start();
  // Candles read back what they kept and replay stored trades after it before anything new trades.
  await candles.start();
  if (config.marketSource === 'sim') {
    const reference = createReferenceMarket(
      { ...deps, ledger, bus, market },
      {
        stepMs: config.simStepMs,
        maker: config.seedDemo,
        lastPrice: candles.lastClose,
        // A first start of the demo walks three days of past, so every chart has a history.
        history: config.seedDemo ? { ms: 3 * 24 * 3_600_000, record: candles.record } : undefined,
      },
    );
    await reference.start();
    (modules as { reference: ReferenceMarket | null }).reference = reference;
  }
  const okx =
    config.marketSource === 'okx'
      ? createOkxFeed({ url: config.okxWsUrl, instruments: market.instIds(), bus, log })
      : null;
  okx?.start();

  const openapi = openApiDocument();
  fastify.get('/docs', async () => openapi);
  fastify.get('/docs/openapi.json', async () => openapi);
  fastify.get('/healthz', async () => ({ ok: true }));

  await fastify.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/static/', decorateReply: false });

  if (config.webDist) await registerWebApp(fastify, config.webDist, clientConfig(config));

  if (evm && config.chain && !opts.chain) evm.start(config.chain.pollMs);

  const sweep = setInterval(() => {
    modules.auth.sweep().catch((err: unknown) => log.warn({ err }, 'nonce sweep failed'));
    wallet.sweepQuotes().catch((err: unknown) => log.warn({ err }, 'quote sweep failed'));
    pruneRequestSigns(deps).catch((err: unknown) => log.warn({ err }, 'request sign sweep failed'));
  }, 60_000);
  sweep.unref();

  return {
    fastify,
    deps,
    modules,
    ledger,
    bus,
    evm,
    async close() {
      clearInterval(sweep);
      modules.reference?.stop();
      okx?.stop();
      await evm?.stop();
      await fastify.close();
      await market.close();
      await candles.close();
      if (ownsStore) await store.close();
    },
  };
}
