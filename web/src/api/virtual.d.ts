declare module 'virtual:nexa-endpoint-meta' {
  import type { EndpointPath, ListStyle } from '@nexa/contract';

  const table: Readonly<Record<EndpointPath, { auth: boolean; list: ListStyle; pageSize: number }>>;
  export default table;
}
