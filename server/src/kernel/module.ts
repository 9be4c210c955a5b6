import type { Cause, LiveDomain, LivePathOf } from '@nexa/contract';
import type { LoanCover, ProgramReport } from '../ports/solvency';
import type { BusEvent } from './bus';
import type { Handler } from './context';
import type { SettingsCatalogue } from './settings';

/** One handler per live call of a domain: a call of the domain without one does not compile. */
export type DomainHandlers<D extends string> = { [P in LivePathOf<D>]: Handler<P> };

/**
 * What a module may touch beyond its own tables, declared in one place. The app hands each module a
 * ledger and a bus that refuse anything else (a bug, never a user's error): a module cannot post another
 * domain's records, pay out of another program's pool, or speak for another domain on the bus.
 */
export interface ModuleOwnership {
  /** The ledger causes the module posts: its contract domains' own (each cause has exactly one owner). */
  readonly causes: readonly Cause[];
  /** Causes of other modules it posts on their behalf through a port the app wires (the spot books settle the exchange). */
  readonly postsFor?: readonly Cause[];
  /** System accounts it moves money to or from: an exact name, or a prefix ending in ':'. */
  readonly systemAccounts: readonly string[];
  /** What it publishes on the in-memory bus. */
  readonly publishes: readonly BusEvent[];
}

/** A module that moves no money and publishes nothing. */
export const OWNS_NOTHING: ModuleOwnership = { causes: [], systemAccounts: [], publishes: [] };

/**
 * A figure of the operator dashboard: how many, and how much of an asset (null where it is a count only).
 * Keys are the console's: deposits, withdrawals, signups, spot_volume, spot_fees, futures_volume, futures_fees.
 */
export interface DashboardFigure {
  readonly key: string;
  readonly asset: string | null;
  readonly count: number;
  /** Minor units of `asset`. */
  readonly amount: bigint | null;
}
/**
 * An open operator queue: deposits, withdrawals, kyc, merchants, products, claims_dry (claims waiting on a
 * pool that cannot pay them), with its oldest item's time.
 */
export interface DashboardQueue {
  readonly key: string;
  readonly count: number;
  readonly oldest: Date | null;
}
/** A network's hot wallet: what it holds, its floor, and the withdrawals waiting for it to be refilled. */
export interface DashboardHotWallet {
  readonly chain: string;
  readonly asset: string;
  /** Null when the node or the signer did not answer. */
  readonly address: string | null;
  /** Minor units of `asset`; null when unknown. */
  readonly amount: bigint | null;
  /** The network's own coin paying the gas, decimal text; null when unknown. */
  readonly native: string | null;
  /** The floor (`withdraw.hot_wallet_min`), minor units of `asset`. */
  readonly min: bigint;
  /** Below the floor, or withdrawals are queued for it. */
  readonly low: boolean;
  readonly queued: number;
}
export interface DashboardPart {
  readonly figures?: readonly DashboardFigure[];
  readonly queues?: readonly DashboardQueue[];
  readonly hotWallets?: readonly DashboardHotWallet[];
}

/** A request outside the envelope transport (an upload, an issuer's webhook): raw bytes in, raw bytes out. */
export interface RawRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Buffer;
  readonly ip: string;
}
export interface RawReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: Buffer | string | object;
}
/** A route of its own a module serves beside the calls of the contract, with the largest body it takes. */
export interface RawRoute {
  readonly method: 'GET' | 'PUT' | 'POST';
  readonly url: string;
  readonly bodyLimit: number;
  handle(req: RawRequest): Promise<RawReply>;
}

/**
 * What a domain brings to the app once built (its entry's `build`). The app loops over the list of modules
 * for routes, sweeps, start and shutdown, and the console reads their dashboard parts, setting checks,
 * programs and loans taken together.
 */
export interface ServerModule<D extends LiveDomain = LiveDomain> {
  /** The contract domains whose calls this module answers. */
  readonly domains: readonly D[];
  readonly handlers: DomainHandlers<D>;
  /** Routes outside the contract's calls (uploads, webhooks); the app serves their bodies raw. */
  readonly routes?: readonly RawRoute[];
  /** Once a minute: expiry sweeps and the like. */
  sweep?(): Promise<void>;
  /**
   * Checks a value an operator is about to give one of its settings, beyond the setting's type (what holds
   * across fields, what the running market needs): a sentence saying what is wrong, or null.
   */
  checkSetting?(key: string, value: unknown): string | null;
  /** Its part of the operator dashboard: what happened since a moment (the platform day's start), open queues. */
  dashboard?(since: Date): Promise<DashboardPart>;
  /** The rewards programs it runs, with their pools and what they owe, for the solvency report. */
  programs?(): Promise<readonly ProgramReport[]>;
  /** Its open loans and what secures each, for the solvency report. */
  loans?(): Promise<readonly LoanCover[]>;
  /** After every module is built and the routes are registered: rebuild state, start loops. */
  start?(): Promise<void>;
  /** On shutdown, in reverse order of the list. */
  close?(): Promise<void>;
}

/** Declares a module, checking its handlers against its domains of the contract. */
export function defineModule<const D extends LiveDomain>(m: ServerModule<D>): ServerModule<D> {
  return m;
}

/** A module of any domain, as the app loops over them. */
export interface AnyModule extends Omit<ServerModule, 'domains' | 'handlers'> {
  readonly domains: readonly LiveDomain[];
  readonly handlers: object;
}

/** What building a module gives: its service (what ports, the app and its tests reach) and its face to the app. */
export interface BuiltModule<A, M extends AnyModule = AnyModule> {
  readonly api: A;
  readonly module: M;
}

/**
 * A module as the list of modules names it, declared in its folder's `module.ts`: everything the app needs
 * to know of it is here, so adding one is one line in that list (and its ports, if it asks for any, in the
 * one place that wires them).
 */
export interface ModuleEntry<
  N extends string = string,
  D = never,
  A = unknown,
  M extends AnyModule = AnyModule,
  S extends SettingsCatalogue = SettingsCatalogue,
> {
  /** The module's name: the owner its ledger and bus speak for, the key of its service (camel-cased) in the app. */
  readonly name: N;
  /** Its settings with their types and defaults: part of the catalogue operators edit. */
  readonly settings: S;
  /** Its causes, system accounts and bus events (the ledger and bus it is built with hold it to them). */
  readonly owns: ModuleOwnership;
  /** Modules that must have started before it starts (by name); otherwise it starts in the list's order. */
  readonly startsAfter?: readonly string[];
  /**
   * Builds it from the shared machinery (a ledger and a bus held to `owns`) and the ports it asks for: what
   * its argument holds beyond the shared machinery, wired from other modules' services.
   */
  readonly build: (deps: D) => BuiltModule<A, M>;
}

/** Declares a module's entry; one without settings of its own leaves them out. */
export function defineEntry<
  const N extends string,
  D,
  A,
  M extends AnyModule,
  // biome-ignore lint/complexity/noBannedTypes: no settings of its own
  S extends SettingsCatalogue = {},
>(
  entry: Omit<ModuleEntry<N, D, A, M, S>, 'settings'> & { readonly settings?: S },
): ModuleEntry<N, D, A, M, S> {
  return { ...entry, settings: entry.settings ?? ({} as S) };
}

/** A module entry of any name, ports and service, as the list holds them. */
export type AnyEntry = ModuleEntry<string, never, unknown, AnyModule, SettingsCatalogue>;

/** Live domains no module of the list answers: `never` when the list is complete. */
export type MissingDomains<L extends readonly AnyEntry[]> = Exclude<
  LiveDomain,
  ReturnType<L[number]['build']>['module']['domains'][number]
>;
