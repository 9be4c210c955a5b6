import type { ClientConfig } from './client-config';
import type { ApiResponse } from './endpoints';
import { decodeKey, openEnvelope, sealEnvelope, signPayload } from './envelope';

/**
 * A client's side of request protection: the body of a call as it goes on the wire, and the answer as the
 * client reads it. Pure apart from Web Crypto and the clock it is given; no schemas (the phone app bundles it).
 */
export interface EnvelopeCodec {
  /** The body of a call: plain JSON, or signed and sealed as `{"payload": envelope}` when protection is on. */
  encode(body: Readonly<Record<string, unknown>>): Promise<string>;
  /** The answer's body; null when it is not JSON, its envelope does not open, or it is not an answer. */
  decode(text: string): Promise<ApiResponse<unknown> | null>;
}

export interface EnvelopeCodecOptions
  extends Pick<ClientConfig, 'protection' | 'envelopeKey' | 'signSecret'> {
  /** The clock the sign's timestamp reads, in seconds. */
  readonly now?: () => number;
}

/** Whether a value has the shape of every call's answer: a numeric `code` and a `data` field. */
export function isResponseBody(value: unknown): value is ApiResponse<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).code === 'number' &&
    'data' in value
  );
}

/** The codec for a deployment's settings; a malformed envelope key throws here, when protection is on. */
export function createEnvelopeCodec(options: EnvelopeCodecOptions): EnvelopeCodec {
  const key = options.protection ? decodeKey(options.envelopeKey) : null;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));

  return {
    async encode(body) {
      if (!key) return JSON.stringify(body);
      const signed = signPayload(body, options.signSecret, now());
      return JSON.stringify({ payload: await sealEnvelope(JSON.stringify(signed), key) });
    },

    async decode(text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return null;
      }
      // An enveloped answer is opened; a plain one (protection off) is taken as it is.
      if (key && typeof parsed === 'object' && parsed !== null) {
        const payload = (parsed as Record<string, unknown>).payload;
        if (typeof payload === 'string') {
          const opened = await openEnvelope(payload, key);
          if (opened === null) return null;
          try {
            parsed = JSON.parse(opened);
          } catch {
            return null;
          }
        }
      }
      return isResponseBody(parsed) ? parsed : null;
    },
  };
}
