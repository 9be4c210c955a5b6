import type { LiveDomain, LivePathOf } from '@nexa/contract';
import type { Handler } from './context';

/** One handler per live call of a domain: a call of the domain without one does not compile. */
export type DomainHandlers<D extends string> = { [P in LivePathOf<D>]: Handler<P> };

/**
 * What a domain brings to the app. A module folder exports a function that builds one of these from the
 * shared machinery and the small ports the app wires in (never another module); the app loops over the
 * list of modules for routes, sweeps, start and shutdown.
 */
export interface ServerModule<D extends LiveDomain = LiveDomain> {
  /** The contract domains whose calls this module answers. */
  readonly domains: readonly D[];
  readonly handlers: DomainHandlers<D>;
  /** Once a minute: expiry sweeps and the like. */
  sweep?(): Promise<void>;
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
