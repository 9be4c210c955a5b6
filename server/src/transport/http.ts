import {
  type ApiResponse,
  computeSign,
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
  VALIDATION_REASONS,
} from '@nexa/contract';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, AuthUser, Ctx, Handler, Handlers, OperatorUser } from '../kernel/context';
import { DomainError, ValidationError, validationFromZod } from '../kernel/errors';
import { schema } from '../store';
import { isStoreUnavailable, storeFailureText } from '../store/unavailable';
import { openEnvelopeNode, sealEnvelopeNode } from './envelope';
import { createSignRecorder } from './request-signs';

/** Bodies larger than this are refused with HTTP 413 before any work is done. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** Registers one POST route per call of the contract. */
export function registerTransport(app: FastifyInstance, deps: AppDeps, opts: TransportOptions): void {
  const { config, clock, store } = deps;

  // Bodies arrive as text and are parsed here, so malformed JSON is a business answer, not an HTTP error.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => {
    done(null, body);
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, body),
  );

  async function send(
    reply: FastifyReply,
    lang: Lang,
    body: ApiResponse,
    status = 200,
  ): Promise<FastifyReply> {
    reply.header('cache-control', 'no-store');
    if (!config.protection) return reply.code(status).send(body);
    const payload = sealEnvelopeNode(JSON.stringify(body), config.envelopeKey);
    void lang;
    return reply.code(status).send({ payload });
  }

  function failure(err: DomainError, lang: Lang): ApiResponse {
    const name: ErrorName = err.errorName;
    const params: Record<string, string> = { ...err.params };
    if (err instanceof ValidationError) params.reason = VALIDATION_REASONS[err.reason][lang];
    return {
      code: ERRORS[name].code,
      msg: errorMessage(name, lang, params),
      data: err.data ?? null,
      error: name,
    };
  }

  const signs = createSignRecorder(store, clock);

  /** Opens and checks an enveloped body; returns the payload without `sign`, `timestamp` and `nonce`. */
  async function unwrap(raw: unknown): Promise<Record<string, unknown>> {
    let outer: unknown = raw;
    if (typeof raw === 'string') {
      try {
        outer = raw.length > 0 ? JSON.parse(raw) : {};
      } catch {
        throw new DomainError(config.protection ? 'BadEnvelope' : 'ValidationFailed', {
          field: 'body',
          reason: 'invalid_format',
        });
      }
    }
    if (!config.protection) {
      if (outer === undefined || outer === null) return {};
      if (!isRecord(outer)) throw new ValidationError('body', 'invalid_type');
      return outer;
    }
    if (!isRecord(outer) || typeof outer.payload !== 'string') throw new DomainError('PlainRequestRefused');
    const text = openEnvelopeNode(outer.payload, config.envelopeKey);
    if (text === null) throw new DomainError('BadEnvelope');
    let inner: unknown;
    try {
      inner = JSON.parse(text);
    } catch {
      throw new DomainError('BadEnvelope');
    }
    if (!isRecord(inner)) throw new DomainError('BadEnvelope');
    const { sign, timestamp, nonce, ...payload } = inner;
    const ts = typeof timestamp === 'string' && /^\d+$/.test(timestamp) ? Number(timestamp) : timestamp;
    if (typeof ts !== 'number' || !Number.isInteger(ts)) throw new DomainError('StaleTimestamp');
    const nowS = Math.floor(clock.now().getTime() / 1000);
    if (Math.abs(nowS - ts) > TIMESTAMP_WINDOW_S) throw new DomainError('StaleTimestamp');
    if (
      typeof sign !== 'string' ||
      sign !== computeSign({ ...payload, timestamp, nonce }, config.signSecret)
    ) {
      throw new DomainError('BadSign');
    }
    if (!(await signs.record(sign))) throw new DomainError('ReplayedRequest');
    return payload;
  }

  for (const path of endpointPaths) {
    const ep = endpoints[path];
    const handler = (opts.handlers as Partial<Record<EndpointPath, Handler<EndpointPath>>>)[path];
    if (ep.status === 'live' && !handler) throw new Error(`no handler for live call ${path}`);

    app.post(path, async (req, reply) => {
      const lang = langFromHeader(req.headers[LANG_HEADER] as string | undefined);
      try {
        const payload = await unwrap(req.body);
        const token = tokenFrom(req);
        const operator = ep.operator && token ? await opts.authenticateOperator(token) : null;
        const user = !ep.operator && token ? await opts.authenticate(token) : null;
        if (ep.auth && !(ep.operator ? operator : user)) throw new DomainError('SessionInvalid');
        // Before any schema or store sees it: no control or direction characters in any string.
        // Nor invalid Unicode (a lone surrogate), which a jsonb column would refuse deep inside a write.
        const unsafe = findTextProblem(payload);
        if (unsafe !== null) throw new ValidationError(unsafe.path, unsafe.reason);
        const parsed = ep.request.safeParse(payload, { reportInput: true });
        if (!parsed.success) throw validationFromZod(parsed.error);
        if (ep.status !== 'live' || !handler) throw new DomainError('NotAvailable');
        if (operator && ep.access) await opts.authorizeOperator(operator, ep.access);
        const ctx: Ctx<EndpointPath> = {
          body: parsed.data as never,
          lang,
          ip: req.ip,
          user,
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
        if (config.checkAnswers) ep.data.parse(data);
        return send(reply, lang, { code: ERRORS.Success.code, msg: errorMessage('Success', lang), data });
      } catch (err) {
        if (err instanceof DomainError) {
          if (
            config.env !== 'production' &&
            !TRANSPORT_ERRORS.has(err.errorName) &&
            !ep.errors.includes(err.errorName)
          ) {
            // A handler answered something its call does not declare: the contract is wrong. Loud outside production.
            throw new Error(`${path} answered ${err.errorName}, which its contract does not declare`);
          }
          return send(reply, lang, failure(err, lang));
        }
        if (isStoreUnavailable(err)) {
          // The store is away (an outage, a restart): a clear answer to retry, HTTP 503, never a hang or a 500.
          req.log.warn({ path, cause: storeFailureText(err) }, 'store unavailable');
          return send(reply, lang, failure(new DomainError('StoreUnavailable'), lang), 503);
        }
        throw err;
      }
    });
  }
}
