/**
 * Telling "the store is not there right now" (a lost connection, a database shutting down or starting,
 * a timeout) from every other failure: the first is answered with StoreUnavailable (HTTP 503, retry
 * later), never with a crash; the second stays what it is.
 */

/** Raised without asking the database, while the store is known to be away (or this instance fenced). */
export class StoreUnavailableError extends Error {
  constructor(reason: string) {
    super(`store unavailable: ${reason}`);
    this.name = 'StoreUnavailableError';
  }
}

/** PostgreSQL's codes of a connection lost, a server shutting down or not yet up, or a query cut off. */
const PG_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

/** Node's codes of a socket that cannot reach the server or lost it. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection goes or cannot be had (it sets no code on these). */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'is not queryable',
  'Client was closed',
  'Connection ended',
];

function codeOf(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a failure (or one it wraps, as drizzle wraps the driver's) means the store is away. */
export function isStoreUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if (e instanceof StoreUnavailableError) return true;
    const code = codeOf(e);
    if (code && (PG_CODES.has(code) || SOCKET_CODES.has(code) || code.startsWith('08'))) return true;
    const message = e instanceof Error ? e.message : '';
    if (MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The driver's own words for a failure (the innermost cause): safe to log, unlike drizzle's wrapper, whose
 * message repeats the statement and its values.
 */
export function storeFailureText(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const cause = typeof e === 'object' && e !== null ? (e as { cause?: unknown }).cause : undefined;
    if (cause === undefined || cause === null) break;
    e = cause;
  }
  if (!(e instanceof Error)) return String(e);
  const code = codeOf(e);
  return code ? `${code}: ${e.message}` : e.message;
}
