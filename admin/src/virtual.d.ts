declare module 'virtual:nexa-endpoint-meta' {
  import type { OperatorRole } from '@nexa/contract';

  /** Each operator call's declared roles (empty: any operator); built from the contract (vite.config.ts). */
  const table: Readonly<Record<string, { readonly roles: readonly OperatorRole[] }>>;
  export default table;
}
