import type { FastifyInstance } from 'fastify';
import type { ClusterLink } from './cluster';
import { SPOT_LEASE_PREFIX } from './cluster/keys';
import { buildAppModules } from './compose/modules';
import type { AppOptions } from './compose/options';
import { registerPages, storeReadiness } from './compose/pages';
import { createServer, registerErrorHandler } from './compose/server';
import { openStores } from './compose/stores';
import { registerCalls, registerLive } from './compose/transport';
import { createWork, type WorkGroup } from './compose/work';
import type { Bus } from './kernel/bus';
import type { AppDeps, Handlers } from './kernel/context';
import type { Settings } from './kernel/settings';
import type { Ledger } from './ledger';
import { type Modules, SETTINGS } from './modules';
import type { ChainAdapter } from './modules/wallet/chain';
import { registerCors } from './transport/cors';
import type { Gateway } from './transport/live/gateway';

export type { AppOptions } from './compose/options';

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
  /** The watched networks (CHAIN_NETWORKS or CHAIN_RPC_URL); `evm` is Ethereum's, null without it. */
  readonly chains: readonly ChainAdapter[];
  readonly evm: ChainAdapter | null;
  /** Cluster mode's connections and this instance's role; null for one instance. */
  readonly cluster: { readonly link: ClusterLink; writer(): boolean } | null;
  close(): Promise<void>;
}

/**
 * The app, composed in start order (each step in `compose/`): the HTTP server; the stores (seeded, settings
 * and assets read); the modules; the transport (calls, modules' routes, the live feed); the work (books,
 * writers, timers: at once for one instance, on gaining the writers' lease in cluster mode); the pages.
 */
export async function buildApp(opts: AppOptions): Promise<App> {
  const fastify = createServer(opts);
  // Before every route: the app's origins on another host get their CORS answers, other pages' sockets none.
  await registerCors(fastify, opts.config.apiHosts.appOrigins);
  // The lease can be won, or the store's lock lost, while the app is still being composed: starting the
  // work waits for the composition to end, and a fence that came early applies once it has.
  let composed: () => void = () => {};
  const whenComposed = new Promise<void>((resolve) => {
    composed = resolve;
  });
  let earlyFence: string | null = null;
  let fence: (reason: string) => void = (reason) => {
    earlyFence ??= reason;
  };
  const stores = await openStores(opts, fastify.log, (reason) => fence(reason));
  const { store, ownsStore, lock, link, deps } = stores;
  const { ledger, chains, bus, built, modules, spread } = await buildAppModules(opts, stores);
  registerErrorHandler(fastify);

  const handlers = Object.assign({}, ...built.list.map((m) => m.handlers)) as Handlers;
  let gateway: Gateway | null = null;
  // Cluster mode: the holder of the writers' lease runs the calls; the other instances hand them over.
  let startWork: (group?: WorkGroup) => Promise<void> = (group) => whenComposed.then(() => startWork(group));
  let releaseWork: (group: { readonly spot: string }) => Promise<void> = (group) =>
    whenComposed.then(() => releaseWork(group));
  const { writers, stopInvalidations, closeLeases } = await registerCalls(fastify, {
    stores,
    modules,
    handlers,
    routes: built.list.flatMap((m) => m.routes ?? []),
    gateway: () => gateway,
    startWork: (group) => startWork(group),
    releaseWork: (group) => releaseWork(group),
    fence: (reason) => fence(reason),
  });
  gateway = await registerLive(fastify, { bus, deps, modules, link });
  spread?.topFrom(gateway.top);
  // The books, writers and timers: at once for one instance; on the lease's holder in cluster mode.
  const work = createWork({ opts, deps, built, modules, chains, link, spread });
  startWork = work.start;
  releaseWork = work.release;
  if (!link) await startWork();

  await registerPages(fastify, opts.config, modules, storeReadiness(stores, work.fencedReason), (group) =>
    writers
      ? group === 'spot'
        ? writers.served().some((key) => key.startsWith(SPOT_LEASE_PREFIX))
        : writers.serving(group)
      : work.fencedReason() === null,
  );

  // Writers and timers stop once: when another instance took the lock (fenced), or at close.
  fence = work.fence;
  if (earlyFence !== null) work.fence(earlyFence);
  composed();

  return {
    fastify,
    deps,
    modules,
    settings: deps.settings.of(SETTINGS),
    handlers,
    ledger,
    bus,
    chains,
    evm: chains.find((c) => c.chain === 'evm') ?? null,
    cluster: link && writers ? { link, writer: () => writers.lease.held() } : null,
    async close() {
      work.clearTimers();
      for (const c of chains) await c.stop();
      await fastify.close();
      await work.stop();
      stopInvalidations();
      await writers?.stop();
      await closeLeases();
      spread?.close();
      await link?.close();
      if (ownsStore) await store.close();
      await lock?.release();
    },
  };
}
