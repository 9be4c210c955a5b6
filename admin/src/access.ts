import table from 'virtual:nexa-endpoint-meta';
import type { OperatorRole } from '@nexa/contract';
import type { AdminPath } from './api';

/**
 * Whether roles may make an operator call, as the contract declares it (an admin may make every call; an
 * empty list: any operator). The console hides what the roles cannot call; the server enforces it. The
 * declared roles come from a table built from the contract at build time (vite.config.ts), so the contract's
 * schemas stay out of the console's bundle.
 */
export function mayCall(roles: readonly OperatorRole[], path: AdminPath): boolean {
  if (roles.includes('admin')) return true;
  const access = Object.hasOwn(table, path) ? table[path] : undefined;
  if (!access) return false;
  return access.roles.length === 0 || access.roles.some((r) => roles.includes(r));
}
