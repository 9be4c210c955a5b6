import { getEndpoint, type OperatorRole } from '@nexa/contract';
import type { AdminPath } from './api';

/**
 * Whether roles may make an operator call, as the contract declares it (an admin may make every call; an
 * empty list: any operator). The console hides what the roles cannot call; the server enforces it.
 */
export function mayCall(roles: readonly OperatorRole[], path: AdminPath): boolean {
  if (roles.includes('admin')) return true;
  const access = getEndpoint(path)?.access;
  if (!access) return false;
  return access.roles.length === 0 || access.roles.some((r) => roles.includes(r));
}
