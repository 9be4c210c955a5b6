import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'hardhat/internal/core/config/config-resolution.js';
import { createProvider } from 'hardhat/internal/core/providers/construction.js';

/** The EIP-1193 `request` of the in-process node. */
export type RpcRequest = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

export interface LocalNode {
  /** JSON-RPC over HTTP on 127.0.0.1, as a real node would serve it. */
  readonly url: string;
  readonly chainId: number;
  readonly request: RpcRequest;
  /** While true, every HTTP call fails with 503 (an RPC outage). */
  failing: boolean;
  /** When set, `eth_getLogs` over more blocks than this is refused, as hosted nodes do. */
  logRangeLimit: number | null;
  close(): Promise<void>;
}

interface RpcCall {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local EVM node: Hardhat 2's network (EDR) running inside the test process, with no
 * config file, no network access and no accounts of its own that the tests rely on
 * (tests sign with their own keys and fund them with `hardhat_setBalance`), behind a
 * small JSON-RPC HTTP server so the adapter talks to it by URL like to any node.
 * Automine is on (each sent transaction is mined in a block of its own); tests add
 * confirmations with `evm_mine` / `hardhat_mine`.
 */
export async function startLocalNode(opts: { chainId?: number } = {}): Promise<LocalNode> {
  const chainId = opts.chainId ?? 31_337;
  // Hardhat wants a path for its project root; it is never read or written by the network.
  const config = resolveConfig(fileURLToPath(import.meta.url), {
    networks: {
      hardhat: {
        chainId,
        // A reverted transaction is mined and its hash returned, as on a real chain.
        throwOnTransactionFailures: false,
        loggingEnabled: false,
      },
    },
  });
  const provider = await createProvider(config, 'hardhat');
  const request: RpcRequest = (args) => provider.request(args);

  const answer = async (call: RpcCall) => {
    const base = { jsonrpc: '2.0', id: call.id ?? null };
    if (typeof call.method !== 'string') {
      return { ...base, error: { code: -32600, message: 'invalid request' } };
    }
    try {
      const params = Array.isArray(call.params) ? call.params : [];
      const limit = node.logRangeLimit;
      if (call.method === 'eth_getLogs' && limit !== null) {
        const filter = params[0] as { fromBlock?: string; toBlock?: string } | undefined;
        const span = Number(filter?.toBlock ?? 0) - Number(filter?.fromBlock ?? 0) + 1;
        if (span > limit) {
          return {
            ...base,
            error: { code: -32602, message: `eth_getLogs is limited to a ${limit} block range` },
          };
        }
      }
      return { ...base, result: (await request({ method: call.method, params })) ?? null };
    } catch (err) {
      const e = err as { code?: unknown; message?: unknown; data?: unknown };
      return {
        ...base,
        error: {
          code: typeof e.code === 'number' ? e.code : -32603,
          message: typeof e.message === 'string' ? e.message : String(err),
          ...(e.data === undefined ? {} : { data: e.data }),
        },
      };
    }
  };

  const node: LocalNode = {
    url: '',
    chainId,
    request,
    failing: false,
    logRangeLimit: null,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (node.failing) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('node unavailable');
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        const error = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(error));
        return;
      }
      const body = Array.isArray(parsed)
        ? await Promise.all(parsed.map((c) => answer(c as RpcCall)))
        : await answer(parsed as RpcCall);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(node, { url: `http://127.0.0.1:${port}` });
}
