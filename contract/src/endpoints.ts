import type { z } from 'zod';
import { callTable } from './domain';
import { DOMAINS } from './domains';
import { plannedEndpoints } from './planned';

/**
 * Every call the platform answers, the single source of truth for server routes and the web client: each
 * listed domain's calls, then the planned calls no domain answers yet.
 */
export const endpoints = callTable(DOMAINS, plannedEndpoints);

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;

/** Paths whose domain is built; each needs a handler (a missing one is a compile error). */
export type LivePath = {
  [P in EndpointPath]: Endpoints[P]['status'] extends 'live' ? P : never;
}[EndpointPath];

/** The domain a call belongs to, as its folder of the contract names it. */
export type DomainOf<P extends EndpointPath> = Endpoints[P]['domain'];
/** Domains with at least one live call. */
export type LiveDomain = DomainOf<LivePath>;
/** The live calls of one domain. */
export type LivePathOf<D extends string> = {
  [P in LivePath]: Endpoints[P]['domain'] extends D ? P : never;
}[LivePath];

export type RequestInput<P extends EndpointPath> = z.input<Endpoints[P]['request']>;
export type RequestOutput<P extends EndpointPath> = z.output<Endpoints[P]['request']>;
export type ResponseData<P extends EndpointPath> = z.output<Endpoints[P]['data']>;

export const endpointPaths = Object.keys(endpoints) as EndpointPath[];

/** The answer of every call: HTTP 200 with this body (spec section 7). */
export interface ApiResponse<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** Symbolic error name for machines; absent on success. */
  error?: string;
}
