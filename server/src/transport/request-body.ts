/**
 * The request's body as the transport reads it, before any schema: the parsers that take every body as text
 * (so malformed JSON is a business answer, not an HTTP error), and the unwrapping of the envelope with its
 * sign, timestamp and replay checks (`protection` on), or the plain JSON object (off).
 */
import { TIMESTAMP_WINDOW_S } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../kernel/context';
import { DomainError, ValidationError } from '../kernel/errors';
import { computeSignNode, openEnvelopeNode } from './envelope';
import { createSignRecorder } from './request-signs';

/** Bodies larger than this are refused with HTTP 413 before any work is done. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Bodies arrive as text and are parsed by `unwrap`, so malformed JSON is a business answer, not an HTTP error. */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => {
    done(null, body);
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, body),
  );
}

/** Parses the raw text of a body: `{}` when empty; a refusal (the envelope's or the validation's) when not JSON. */
function parseText(raw: unknown, protection: boolean): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return raw.length > 0 ? JSON.parse(raw) : {};
  } catch {
    throw new DomainError(protection ? 'BadEnvelope' : 'ValidationFailed', {
      field: 'body',
      reason: 'invalid_format',
    });
  }
}

/** Opens an envelope's payload into its inner object; BadEnvelope when it does not open or is not an object. */
function openInner(payload: string, key: AppDeps['config']['envelopeKey']): Record<string, unknown> {
  const text = openEnvelopeNode(payload, key);
  if (text === null) throw new DomainError('BadEnvelope');
  let inner: unknown;
  try {
    inner = JSON.parse(text);
  } catch {
    throw new DomainError('BadEnvelope');
  }
  if (!isRecord(inner)) throw new DomainError('BadEnvelope');
  return inner;
}

/** Makes the body's unwrapper: each sign is recorded once (a replay is refused). */
export function createUnwrap(deps: Pick<AppDeps, 'config' | 'clock' | 'store'>) {
  const { config, clock, store } = deps;
  const signs = createSignRecorder(store, clock);

  /** Opens and checks an enveloped body; returns the payload without `sign`, `timestamp` and `nonce`. */
  return async function unwrap(raw: unknown): Promise<Record<string, unknown>> {
    const outer = parseText(raw, config.protection);
    if (!config.protection) {
      if (outer === undefined || outer === null) return {};
      if (!isRecord(outer)) throw new ValidationError('body', 'invalid_type');
      return outer;
    }
    if (!isRecord(outer) || typeof outer.payload !== 'string') throw new DomainError('PlainRequestRefused');
    const { sign, timestamp, nonce, ...payload } = openInner(outer.payload, config.envelopeKey);
    const ts = typeof timestamp === 'string' && /^\d+$/.test(timestamp) ? Number(timestamp) : timestamp;
    if (typeof ts !== 'number' || !Number.isInteger(ts)) throw new DomainError('StaleTimestamp');
    const nowS = Math.floor(clock.now().getTime() / 1000);
    if (Math.abs(nowS - ts) > TIMESTAMP_WINDOW_S) throw new DomainError('StaleTimestamp');
    if (
      typeof sign !== 'string' ||
      sign !== computeSignNode({ ...payload, timestamp, nonce }, config.signSecret)
    ) {
      throw new DomainError('BadSign');
    }
    if (!(await signs.record(sign))) throw new DomainError('ReplayedRequest');
    return payload;
  };
}
