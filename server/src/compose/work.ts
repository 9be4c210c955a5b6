import type { ClusterLink } from '../cluster';
import type { AppDeps } from '../kernel/context';
import type { Modules } from '../modules';
import type { ChainAdapter } from '../modules/wallet/chain';
import { pruneRequestSigns } from '../transport/http';
import type { AppModules } from './modules';
import type { AppOptions } from './options';
import type { Spread } from './spread';

/**
 * What an instance runs: everything (one instance), or in cluster mode the writers' groups whose leases this
 * instance takes: one spot book (`{ spot: instId }`) each, and `writers` (every other module, the outbox,
 * the chain watchers, the sweeps).
 */
export type WorkGroup = 'all' | 'writers' | { readonly spot: string };

/** The books, writers and timers of an instance. */
export interface Work {
  /** Starts a group's modules and, with the writers' work, the outbox's delivery, the chain watcher, the minute's sweep and the resyncs. */
  start(group?: WorkGroup): Promise<void>;
  /**
   * Cluster mode: stops one spot book here, its lease going to another instance (what queued before
   * commits); a later `start` of the same book builds it from the store again.
   */
  release(group: { readonly spot: string }): Promise<void>;
  /** Stops them once (later calls wait for the same stop): timers, chain watcher, modules in reverse. */
  stop(): Promise<void>;
  /** Clears the outbox's and the sweep's timers. */
  clearTimers(): void;
  /** Another instance took over: the work stops, and in cluster mode the process is told to end. */
  fence(reason: string): void;
  /** Why the instance was fenced, or null. */
  fencedReason(): string | null;
}

export interface WorkParts {
  readonly opts: AppOptions;
  readonly deps: AppDeps;
  readonly built: AppModules['built'];
  readonly modules: Modules;
  /** The networks' watchers: started with the work (on the writers' lease holder in cluster mode). */
  readonly chains: readonly ChainAdapter[];
  readonly link: ClusterLink | null;
  /** Cluster mode: where the groups run and what crosses between them. */
  readonly spread: Spread | null;
}

/** The work of an instance: at once for one instance; on the lease's holder in cluster mode. */
/** How long a fenced instance in cluster mode waits for its modules to stop before it ends anyway. */
const FENCED_EXIT_MS = 10_000;

export function createWork({ opts, deps, built, modules, chains, link, spread }: WorkParts): Work {
  const { config } = opts;
  const { log } = deps;
  let outboxTimer: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let stopped: Promise<void> | null = null;
  let fencedReason: string | null = null;

  /** Every module but the spot books' (cluster mode's writers' group), or all. */
  const modulesOf = (group: 'all' | 'writers') =>
    built.list.filter((m) => group === 'all' || !m.domains.includes('spot'));
  const spotModule = built.list.find((m) => m.domains.includes('spot'));
  const started: Array<(typeof built.list)[number]> = [];
  const stops: Array<() => void> = [];
  /** What each spot book started beside it (its maker's service), stopped with the book. */
  const bookStops = new Map<string, () => void>();

  /** Cluster mode: one spot book, on taking its lease. */
  const startSpot = async (instId: string) => {
    const first = spotModule !== undefined && !started.includes(spotModule);
    if (spotModule && first) started.push(spotModule);
    await modules.spot.start([instId]);
    if (!spread || !link) return;
    spread.here.spot.add(instId);
    // The writers' instance quotes the demo's maker here.
    bookStops.set(instId, spread.serveMaker(modules.spot.makerVenue, instId));
    // Another instance's feed asks for a book again here (each book is republished where it is open).
    if (first) stops.push(link.bus.onResync((id) => void modules.spot.republish(id).catch(() => {})));
  };

  const startWriters = async (group: 'all' | 'writers') => {
    if (group === 'writers') {
      // The instruments' terms (the walk and the candles know them); the books themselves run elsewhere, and
      // open orders of an instrument no longer configured, which no book's lease covers, are canceled here.
      await modules.spot.configure();
      await modules.spot.cancelUnlisted();
    }
    // The live feed listens before the modules start publishing.
    for (const m of modulesOf(group)) {
      await m.start?.();
      started.push(m);
    }
    // What a crash left in the outbox is delivered now; new events within a second of their commit.
    const drainOutbox = () =>
      deps.outbox.drain().catch((err: unknown) => log.warn({ err }, 'outbox delivery failed'));
    await drainOutbox();
    outboxTimer = setInterval(drainOutbox, 1000);
    outboxTimer.unref();
    // Each network's watcher runs where the work runs: one instance, or the writers' lease holder.
    if (config.chains && !opts.chains) for (const c of chains) c.start(config.chains.pollMs);
    sweep = setInterval(() => {
      for (const m of modulesOf(group))
        m.sweep?.().catch((err: unknown) => log.warn({ err }, 'sweep failed'));
      pruneRequestSigns(deps).catch((err: unknown) => log.warn({ err }, 'request sign sweep failed'));
    }, 60_000);
    sweep.unref();
    if (!link) return;
    // Another instance's live feed that missed part of a book asks for it again.
    stops.push(link.bus.onResync((instId) => void modules.futures.republish(instId).catch(() => {})));
    if (!spread) return;
    spread.here.writers = true;
    // The spot books' instance bands its orders around the index the swaps use; this instance's feed (its
    // prices) asks for every book the books' instance published before it listened.
    stops.push(spread.tellIndex(modules.spot.instIds, modules.futures.indexPrice));
    for (const instId of modules.spot.instIds()) link.bus.resync(instId);
  };

  const start = async (group: WorkGroup = 'all') => {
    if (typeof group === 'object') await startSpot(group.spot);
    else await startWriters(group);
  };

  const release = async ({ spot: instId }: { readonly spot: string }) => {
    bookStops.get(instId)?.();
    bookStops.delete(instId);
    spread?.here.spot.delete(instId);
    await modules.spot.closeBook(instId);
  };

  const clearTimers = () => {
    clearInterval(sweep);
    clearInterval(outboxTimer);
  };

  const stop = () => {
    stopped ??= (async () => {
      clearTimers();
      for (const stopOne of [...stops, ...bookStops.values()]) stopOne();
      for (const c of chains) await c.stop();
      for (const m of [...started].reverse()) {
        await m.close?.().catch((err: unknown) => log.warn({ err }, 'module stop failed'));
      }
    })();
    return stopped;
  };

  const fence = (reason: string) => {
    fencedReason = reason;
    log.error({ reason }, 'fenced: writers and timers stopped; every call answers StoreUnavailable');
    // Cluster mode: the instance ends to start again as a stand-by. One instance fenced by the database's
    // lock stays up, answering 503 and saying `fenced` on /readyz, until an operator restarts it.
    // Ended once its modules stopped, or after FENCED_EXIT_MS if one does not: nothing it still runs can
    // commit (its transactions are fenced), so an instance never lingers fenced in a cluster.
    const bounded = new Promise<void>((resolve) => setTimeout(resolve, FENCED_EXIT_MS).unref());
    void Promise.race([stop(), bounded]).then(() => {
      if (link) opts.onFenced?.(reason);
    });
  };

  return { start, release, stop, clearTimers, fence, fencedReason: () => fencedReason };
}
