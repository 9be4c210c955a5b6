/**
 * The HTTP transport: one POST route per call of the contract. Each request goes through the same steps:
 * the body read as text and unwrapped (`request-body.ts`: the envelope, its sign, timestamp and replay), the
 * caller from its token, the body's text and schema checks, an operator call's declared access, the handler,
 * and the answer (`answer.ts`: `{code, msg, data, error}`, sealed when protection is on).
 */
import {
  type EndpointPath,
  ERRORS,
  type ErrorName,
  endpointPaths,
  endpoints,
  errorMessage,
  findTextProblem,
  LANG_HEADER,
  type Lang,
  langFromHeader,
  type OperatorAccess,
  TIMESTAMP_WINDOW_S,
} from '@nexa/contract';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, AuthUser, Ctx, Handler, Handlers, OperatorUser } from '../kernel/context';
import { DomainError, ValidationError, validationFromZod } from '../kernel/errors';
import { schema } from '../store';
import { isStoreUnavailable, storeFailureText } from '../store/unavailable';
import { createSend, failure, type Send } from './answer';
import { createUnwrap, registerBodyParsers } from './request-body';

export { BODY_LIMIT_BYTES } from './request-body';

export interface TransportOptions {
  readonly handlers: Handlers;
  readonly authenticate: (token: string) => Promise<AuthUser | null>;
  readonly authenticateOperator: (token: string) => Promise<OperatorUser | null>;
  /** Applies an operator call's declared access (roles, second factor, actions per minute). */
  readonly authorizeOperator: (op: OperatorUser, access: OperatorAccess) => Promise<void>;
}

/** Answers the transport itself may give to any call, beside what the call declares. */
const TRANSPORT_ERRORS: ReadonlySet<ErrorName> = new Set<ErrorName>([
  'SessionInvalid',
  'ValidationFailed',
  'NotAvailable',
  'BadEnvelope',
  'BadSign',
  'StaleTimestamp',
  'ReplayedRequest',
  'PlainRequestRefused',
  'StoreUnavailable',
]);

function tokenFrom(req: FastifyRequest): string {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return '';
  return raw.startsWith('Bearer ') ? raw.slice(7).trim() : raw.trim();
}

/**
 * Forgets the signs of requests too old to be replayed: a sign is accepted only with a timestamp within
 * the window of the server's clock, so one seen more than twice the window ago can never come back.
 */
export async function pruneRequestSigns(deps: Pick<AppDeps, 'store' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - 2 * TIMESTAMP_WINDOW_S * 1000);
  const gone = await deps.store.db
    .delete(schema.requestSigns)
    .where(lt(schema.requestSigns.seenAt, before))
    .returning({ sign: schema.requestSigns.sign });
  return gone.length;
}

type Endpoint = (typeof endpoints)[EndpointPath];

/** What one call's route is handed: the machinery, the call's handler and how answers leave. */
interface Route {
  readonly deps: AppDeps;
  readonly opts: TransportOptions;
  readonly unwrap: (raw: unknown) => Promise<Record<string, unknown>>;
  readonly send: Send;
}

/** The caller of a call: its operator or its user from the bearer token, refused when the call needs one. */
async function callerOf(route: Route, ep: Endpoint, req: FastifyRequest) {
  const token = tokenFrom(req);
  const operator = ep.operator && token ? await route.opts.authenticateOperator(token) : null;
  const user = !ep.operator && token ? await route.opts.authenticate(token) : null;
  if (ep.auth && !(ep.operator ? operator : user)) throw new DomainError('SessionInvalid');
  return { operator, user };
}

/** The body checked: no unsafe text, then the call's schema. */
function checkBody(ep: Endpoint, payload: Record<string, unknown>) {
  // Before any schema or store sees it: no control or direction characters in any string.
  // Nor invalid Unicode (a lone surrogate), which a jsonb column would refuse deep inside a write.
  const unsafe = findTextProblem(payload);
  if (unsafe !== null) throw new ValidationError(unsafe.path, unsafe.reason);
  const parsed = ep.request.safeParse(payload, { reportInput: true });
  if (!parsed.success) throw validationFromZod(parsed.error);
  return parsed.data;
}

/** Runs one call: body, caller, checks, access, the handler; answers its data. */
async function runCall(
  route: Route,
  path: EndpointPath,
  handler: Handler<EndpointPath> | undefined,
  req: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
) {
  const ep = endpoints[path];
  const payload = await route.unwrap(req.body);
  const { operator, user } = await callerOf(route, ep, req);
  const body = checkBody(ep, payload);
  if (ep.status !== 'live' || !handler) throw new DomainError('NotAvailable');
  if (operator && ep.access) await route.opts.authorizeOperator(operator, ep.access);
  const ctx: Ctx<EndpointPath> = {
    body: body as never,
    lang,
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 400),
    user,
    operator,
    me() {
      if (!user) throw new DomainError('SessionInvalid');
      return user;
    },
    op() {
      if (!operator) throw new DomainError('SessionInvalid');
      return operator;
    },
  };
  const data = await handler(ctx);
  if (route.deps.config.checkAnswers) ep.data.parse(data);
  return route.send(reply, lang, { code: ERRORS.Success.code, msg: errorMessage('Success', lang), data });
}

/** A call's failure answered: a declared refusal, the store's absence (503); anything else rethrown. */
function answerError(
  route: Route,
  path: EndpointPath,
  err: unknown,
  req: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
) {
  const ep = endpoints[path];
  if (err instanceof DomainError) {
    if (
      route.deps.config.env !== 'production' &&
      !TRANSPORT_ERRORS.has(err.errorName) &&
      !ep.errors.includes(err.errorName)
    ) {
      // A handler answered something its call does not declare: the contract is wrong. Loud outside production.
      throw new Error(`${path} answered ${err.errorName}, which its contract does not declare`);
    }
    return route.send(reply, lang, failure(err, lang));
  }
  if (isStoreUnavailable(err)) {
    // The store is away (an outage, a restart): a clear answer to retry, HTTP 503, never a hang or a 500.
    req.log.warn({ path, cause: storeFailureText(err) }, 'store unavailable');
    return route.send(reply, lang, failure(new DomainError('StoreUnavailable'), lang), 503);
  }
  throw err;
}

/** Registers one POST route per call of the contract. */
export function registerTransport(app: FastifyInstance, deps: AppDeps, opts: TransportOptions): void {
  registerBodyParsers(app);
  const route: Route = { deps, opts, unwrap: createUnwrap(deps), send: createSend(deps.config) };

  for (const path of endpointPaths) {
    const ep = endpoints[path];
    const handler = (opts.handlers as Partial<Record<EndpointPath, Handler<EndpointPath>>>)[path];
    if (ep.status === 'live' && !handler) throw new Error(`no handler for live call ${path}`);

    app.post(path, async (req, reply) => {
      const lang = langFromHeader(req.headers[LANG_HEADER] as string | undefined);
      try {
        return await runCall(route, path, handler, req, reply, lang);
      } catch (err) {
        return answerError(route, path, err, req, reply, lang);
      }
    });
  }
}
