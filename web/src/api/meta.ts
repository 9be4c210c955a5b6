import table from 'virtual:nexa-endpoint-meta';
import type { EndpointPath, ListStyle } from '@nexa/contract';

/** What the client needs at run time about a call, derived from the contract table at build time. */
export interface EndpointMeta {
  readonly auth: boolean;
  readonly list: ListStyle;
  readonly pageSize: number;
}

export function endpointMeta(path: EndpointPath): EndpointMeta {
  const meta = (table as Readonly<Record<string, EndpointMeta>>)[path];
  if (!meta) throw new Error(`no such endpoint: ${path}`);
  return meta;
}
