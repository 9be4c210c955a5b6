import { ERRORS, errorMessage, langFromHeader } from '@nexa/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { isStoreUnavailable } from '../store/unavailable';
import { BODY_LIMIT_BYTES } from '../transport/http';
import { refuseTooLarge, registerHttpLimits, serverOptions } from '../transport/http-limits';
import { loggerOptions } from '../transport/redact';
import type { AppOptions } from './options';

/** The HTTP server: its logger, body and connection limits, and whether it trusts a proxy. */
export function createServer(opts: AppOptions): FastifyInstance {
  const { config } = opts;
  const fastify = Fastify({
    logger: opts.quiet
      ? false
      : {
          level: config.logLevel,
          ...loggerOptions(),
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    ...serverOptions(config),
  });
  registerHttpLimits(fastify, config, BODY_LIMIT_BYTES);
  return fastify;
}

/** What a request that failed outside its call's answers gets: 413, 503 while the store is away, or 500. */
export function registerErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler((err, req, reply) => {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) return refuseTooLarge(req, reply);
    if (isStoreUnavailable(err)) {
      const lang = langFromHeader(req.headers.lang as string | undefined);
      return reply.code(503).send({
        code: ERRORS.StoreUnavailable.code,
        msg: errorMessage('StoreUnavailable', lang),
        data: null,
        error: 'StoreUnavailable',
      });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: 500, msg: 'Internal Server Error', data: null });
  });
}
