/**
 * A node's HTTP API as the Tron and Bitcoin sources read it: one POST with a JSON body, a deadline on the
 * whole exchange (a hanging node fails the step of its own network only), credentials taken out of the URL
 * into a header, and an answer that is JSON or an error. What the answer must look like is the caller's
 * schema; anything else is `NodeAnswerError`, which the watcher treats as the node being down (the step
 * fails, nothing is recorded, the next poll tries again).
 */
import type { z } from 'zod';

/** The node did not answer, answered late, or answered something that is not what its API documents. */
export class NodeAnswerError extends Error {
  override readonly name = 'NodeAnswerError';
}

export interface NodeEndpoint {
  /** Where requests go, without credentials. */
  readonly base: string;
  /** Headers every request carries (basic auth from the URL, an API key). */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeout_ms: number;
}

/**
 * The endpoint of a node's URL: `user:password@` in the URL becomes a basic-auth header (fetch refuses
 * credentials in a URL), the rest is the base requests are made against.
 */
export function nodeEndpoint(
  url: string,
  timeout_ms: number,
  headers: Readonly<Record<string, string>> = {},
): NodeEndpoint {
  const u = new URL(url);
  const auth: Record<string, string> = {};
  if (u.username || u.password) {
    const user = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    auth.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    u.username = '';
    u.password = '';
  }
  return { base: u.toString().replace(/\/+$/, ''), headers: { ...headers, ...auth }, timeout_ms };
}

/** The answer's HTTP status and parsed JSON body (null when it is not JSON). */
export interface RawAnswer {
  readonly status: number;
  readonly json: unknown;
}

/** POSTs `body` to `path` and reads the whole answer before the deadline. Never names the URL's secrets. */
export async function postJson(node: NodeEndpoint, path: string, body: unknown): Promise<RawAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${node.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...node.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(node.timeout_ms),
    });
    text = await res.text();
  } catch (err) {
    const what = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new NodeAnswerError(`node ${what} on ${path}`);
  }
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

/** The answer checked against its documented shape; anything else is the node being down. */
export function shaped<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new NodeAnswerError(`node answered ${what} in an unexpected shape`);
  return parsed.data;
}

/** Node amounts in their own units → platform minor units, rounded down (dust stays on chain). */
export function unitsToMinor(units: bigint, decimals: number, scale: number): bigint {
  const shift = decimals - scale;
  const factor = 10n ** BigInt(Math.abs(shift));
  return shift >= 0 ? units / factor : units * factor;
}
