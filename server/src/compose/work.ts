import type { ClusterLink } from '../cluster';
import type { AppDeps } from '../kernel/context';
import type { Modules } from '../modules';
import type { ChainAdapter } from '../modules/wallet/chain';
import { pruneRequestSigns } from '../transport/http';
import type { AppModules } from './modules';
import type { AppOptions } from './options';

/** The books, writers and timers of an instance. */
export interface Work {
  /** Starts the modules, the outbox's delivery, the chain watcher, the minute's sweep and the resyncs. */
  start(): Promise<void>;
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
}

/** The work of an instance: at once for one instance; on the lease's holder in cluster mode. */
/** How long a fenced instance in cluster mode waits for its modules to stop before it ends anyway. */
const FENCED_EXIT_MS = 10_000;

export function createWork({ opts, deps, built, modules, chains, link }: WorkParts): Work {
  const { config } = opts;
  const { log } = deps;
  let outboxTimer: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let stopResync: () => void = () => {};
  let stopped: Promise<void> | null = null;
  let fencedReason: string | null = null;

  const start = async () => {
    // The live feed listens before the modules start publishing.
    for (const m of built.list) await m.start?.();
    // What a crash left in the outbox is delivered now; new events within a second of their commit.
    const drainOutbox = () =>
      deps.outbox.drain().catch((err: unknown) => log.warn({ err }, 'outbox delivery failed'));
    await drainOutbox();
    outboxTimer = setInterval(drainOutbox, 1000);
    outboxTimer.unref();
    // Each network's watcher runs where the work runs: one instance, or the writers' lease holder.
    if (config.chains && !opts.chains) for (const c of chains) c.start(config.chains.pollMs);
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

  const clearTimers = () => {
    clearInterval(sweep);
    clearInterval(outboxTimer);
  };

  const stop = () => {
    stopped ??= (async () => {
      clearTimers();
      stopResync();
      for (const c of chains) await c.stop();
      for (const m of [...built.list].reverse()) {
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

  return { start, stop, clearTimers, fence, fencedReason: () => fencedReason };
}
