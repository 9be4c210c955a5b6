/**
 * What may never reach a log line: session and operator tokens, passwords, signatures, email codes, API
 * secrets, PINs. Every line the server writes passes through here (see `loggerOptions`): URLs lose their
 * secret query values, objects their secret fields, errors the parameters and details a database attaches
 * (which hold what the caller sent), strings anything shaped like a bearer token.
 */

export const REDACTED = '[redacted]';

/** Field names whose values are secrets, wherever they appear. */
const SECRET_KEY =
  /^(authorization|cookie|set-cookie|token|.*_token|access_token|password|passwd|passphrase|secret|.*_secret|api_?key|sign|signature|sign_message|pin|new_pin|old_pin|otp|totp|recovery_codes?|email_code|verify_code|code_hash|token_hash|password_hash|private_?key|hot_wallet_key|envelope_key|mnemonic|seed)$/i;

/**
 * Query parameters whose values are secrets: the socket's `/ws?token=…`, and the signature of every signed
 * link (ours: `/uploads/…?exp=…&sig=…`; S3-style presigned ones: `X-Amz-Signature`, `X-Amz-Credential`).
 * The link's id and expiry stay: they say which link it was, and open nothing without the signature.
 */
const SECRET_PARAM =
  /([?&;](?:token|access_token|refresh_token|session|code|sig|sign|signature|secret|password|key|passphrase|pin|otp|totp|authorization|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"']*/gi;

/** A bearer credential of any shape (`Bearer eyJ…`, `Bearer <session token>`). */
const BEARER = /\bBearer\s+[^\s"',;&]+/gi;

/** 32 random bytes as base64url (session and operator tokens), wherever they appear. */
const TOKEN_SHAPE = /\b[A-Za-z0-9_-]{43}\b/g;

/** Fields of database and driver errors that carry the statement's values. */
const ERROR_VALUE_FIELDS = ['params', 'parameters', 'query', 'detail', 'where', 'internalQuery', 'body'];

/** The statement values a failed query's message lists after the query (`params: 1,abc,…`). */
const QUERY_PARAMS = /(\bparams:)[^\n]*/g;

export function redactText(text: string): string {
  return text
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(BEARER, REDACTED)
    .replace(TOKEN_SHAPE, REDACTED)
    .replace(QUERY_PARAMS, `$1 ${REDACTED}`);
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A copy of a plain value with every secret field and secret-shaped text replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value instanceof Error) return redactError(value, depth + 1);
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as a log object: type, message and stack, without the values a database attached. */
export function redactError(err: unknown, depth = 0): LoggedError {
  if (typeof err !== 'object' || err === null)
    return { type: typeof err, message: redactText(String(err)), stack: '' };
  // Errors from another realm (the embedded store's) are not `instanceof Error`: read them by shape.
  const e = err as { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  const out: LoggedError = {
    type: typeof e.name === 'string' ? e.name : (err.constructor?.name ?? 'object'),
    message: redactText(typeof e.message === 'string' ? e.message : ''),
    stack: redactText(typeof e.stack === 'string' ? e.stack : ''),
  };
  for (const [k, v] of Object.entries(err)) {
    if (k === 'message' || k === 'stack' || k === 'cause') continue;
    out[k] = ERROR_VALUE_FIELDS.includes(k) || SECRET_KEY.test(k) ? REDACTED : redactValue(v, depth + 1);
  }
  if (e.cause !== undefined && depth < 4) out.cause = redactError(e.cause, depth + 1);
  return out;
}

interface RequestLike {
  readonly method?: string;
  readonly url?: string;
  readonly ip?: string;
  readonly socket?: { readonly remoteAddress?: string };
}

/** Pino options for every logger of the server: request, error and every other line redacted. */
export function loggerOptions() {
  return {
    serializers: {
      req: (req: RequestLike) => ({
        method: req.method,
        url: redactText(req.url ?? ''),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      err: (err: unknown) => redactError(err),
      error: (err: unknown) => redactError(err),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' || isPlain(a) || Array.isArray(a) ? redactValue(a) : a)),
        );
      },
    },
  };
}
