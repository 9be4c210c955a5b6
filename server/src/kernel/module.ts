import type { Cause, LiveDomain, LivePathOf } from '@nexa/contract';
import type { BusEvent } from './bus';
import type { Handler } from './context';

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
export interface DashboardPart {
  readonly figures?: readonly DashboardFigure[];
  readonly queues?: readonly DashboardQueue[];
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
 * What a domain brings to the app. A module folder exports a function that builds one of these from the
 * shared machinery and the small ports the app wires in (never another module); the app loops over the
 * list of modules for routes, sweeps, start and shutdown.
 */
export interface ServerModule<D extends LiveDomain = LiveDomain> {
  /** The contract domains whose calls this module answers. */
  readonly domains: readonly D[];
  readonly handlers: DomainHandlers<D>;
  /** Its causes, system accounts and bus events (the ledger and bus it was given hold it to them). */
  readonly owns: ModuleOwnership;
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

/** Live domains no module of the list answers: `never` when the list is complete. */
export type MissingDomains<M extends readonly AnyModule[]> = Exclude<
  LiveDomain,
  M[number]['domains'][number]
>;
