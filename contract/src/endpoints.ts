import type { z } from 'zod';
import type { Endpoint } from './endpoint';
import { adminEndpoints } from './endpoints/admin';
import { authEndpoints } from './endpoints/auth';
import { contentEndpoints } from './endpoints/content';
import { plannedEndpoints } from './endpoints/planned';
import { tradingEndpoints } from './endpoints/trading';
import { walletEndpoints } from './endpoints/wallet';

/** Every call the platform answers: the single source of truth for server routes and the web client. */
export const endpoints = {
  ...authEndpoints,
  ...contentEndpoints,
  ...walletEndpoints,
  ...tradingEndpoints,
  ...adminEndpoints,
  ...plannedEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;

/** Paths whose domain is built; each needs a handler (a missing one is a compile error). */
export type LivePath = {
  [P in EndpointPath]: Endpoints[P]['status'] extends 'live' ? P : never;
}[EndpointPath];

export type RequestInput<P extends EndpointPath> = z.input<Endpoints[P]['request']>;
export type RequestOutput<P extends EndpointPath> = z.output<Endpoints[P]['request']>;
export type ResponseData<P extends EndpointPath> = z.output<Endpoints[P]['data']>;

export const endpointPaths = Object.keys(endpoints) as EndpointPath[];

export function getEndpoint(path: string): Endpoint | undefined {
  return Object.hasOwn(endpoints, path) ? (endpoints as Record<string, Endpoint>)[path] : undefined;
}

/** The answer of every call: HTTP 200 with this body (spec section 7). */
export interface ApiResponse<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** Symbolic error name for machines; absent on success. */
  error?: string;
}
