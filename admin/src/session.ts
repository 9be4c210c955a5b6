import { OPERATOR_ROLES, type OperatorRole } from '@nexa/contract';

/** The signed-in operator, kept for the tab only (sessionStorage): closing the tab signs out. */
export interface OperatorSession {
  readonly token: string;
  readonly name: string;
  readonly roles: readonly OperatorRole[];
  readonly expiresAt: string;
  readonly secondFactor: boolean;
}

const KEY = 'nexa-admin-session';

function isSession(v: unknown): v is OperatorSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.token === 'string' &&
    typeof s.name === 'string' &&
    Array.isArray(s.roles) &&
    typeof s.expiresAt === 'string' &&
    typeof s.secondFactor === 'boolean'
  );
}

export function loadSession(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isSession(parsed)) return null;
    return Date.parse(parsed.expiresAt) > Date.now() ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(s: OperatorSession | null): void {
  try {
    if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the session lives in memory only.
  }
}

export function currentToken(): string | null {
  return loadSession()?.token ?? null;
}

/** The roles of a sign-in's answer that the console knows. */
export function toRoles(roles: readonly string[]): OperatorRole[] {
  return OPERATOR_ROLES.filter((r) => roles.includes(r));
}
