/**
 * Bitcoin Core's JSON-RPC as the watcher (`bitcoin.ts`) and the hot wallet (`bitcoin-pay.ts`) call it: one
 * call, its envelope and result checked against the documented shape, errors with Bitcoin Core's codes.
 */
import { z } from 'zod';
import { NodeAnswerError, type NodeEndpoint, postJson, shaped } from './node-http';

/** Bitcoin's own decimals (satoshis per coin: 10^8). */
export const BTC_DECIMALS = 8;

export const HASH = z.string().regex(/^[0-9a-fA-F]{64}$/);

export class RpcError extends Error {
  constructor(
    readonly code: number,
    method: string,
  ) {
    super(`node refused ${method} (${code})`);
  }
}

const Envelope = z.object({
  result: z.unknown(),
  error: z.object({ code: z.number().int(), message: z.string() }).nullable().optional(),
  id: z.union([z.number(), z.string(), z.null()]),
});

export const Output = z.object({
  value: z.number().finite().min(0).max(21_000_000),
  n: z.number().int().min(0),
  scriptPubKey: z.object({
    address: z.string().optional(),
    addresses: z.array(z.string()).optional(),
  }),
});

/** A BTC amount as the node writes it (a JSON number with up to 8 decimals) in satoshis, exactly. */
export function satoshis(value: number): bigint {
  const sats = Math.round(value * 10 ** BTC_DECIMALS);
  if (!Number.isSafeInteger(sats) || Math.abs(value * 10 ** BTC_DECIMALS - sats) > 1e-3) {
    throw new NodeAnswerError('node answered an amount with more than 8 decimals');
  }
  return BigInt(sats);
}

/**
 * Bitcoin Core's JSON-RPC: one call, its answer's envelope and result checked. `path`: where calls go under the
 * node's URL (`/`; a wallet's calls go to `/wallet/<name>`, with no slash after it).
 */
export function createRpc(node: NodeEndpoint, path = '/') {
  let nextId = 1;
  async function rpc<S extends z.ZodType>(
    schema: S,
    method: string,
    params: unknown[],
  ): Promise<z.output<S>> {
    const id = nextId++;
    const answer = await postJson(node, path, { jsonrpc: '1.0', id, method, params });
    // Bitcoin Core answers an RPC error with HTTP 500 and the error in the body.
    const env = Envelope.safeParse(answer.json);
    if (env.success && env.data.error) throw new RpcError(env.data.error.code, method);
    if (answer.status !== 200) throw new NodeAnswerError(`node answered HTTP ${answer.status} on ${method}`);
    if (!env.success || env.data.id !== id) throw new NodeAnswerError(`node answered ${method} out of shape`);
    return shaped(schema, env.data.result, method);
  }
  return rpc;
}
