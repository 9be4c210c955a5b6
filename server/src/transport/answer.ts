/**
 * How every outcome leaves the transport: `{code, msg, data, error}` in the caller's language, never cached,
 * sealed in an envelope when `protection` is on; a `DomainError` becomes its catalogue's answer.
 */
import {
  type ApiResponse,
  ERRORS,
  type ErrorName,
  errorMessage,
  type Lang,
  VALIDATION_REASONS,
} from '@nexa/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../kernel/context';
import { type DomainError, ValidationError } from '../kernel/errors';
import { sealEnvelopeNode } from './envelope';

/** Makes the sender of answers for the transport's configuration. */
export function createSend(config: AppDeps['config']) {
  return async function send(
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
  };
}

export type Send = ReturnType<typeof createSend>;

/** A refusal's answer: its code, its message in the language (a validation's reason named), its data. */
export function failure(err: DomainError, lang: Lang): ApiResponse {
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
