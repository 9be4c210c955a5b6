import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import { type Gateway, type GatewayOptions, registerGateway } from './gateway';

export interface GatewayServer {
  /** ws://host:port/ws */
  readonly wsUrl: string;
  readonly gateway: Gateway;
  close(): Promise<void>;
}

/**
 * The live gateway alone on a port of its own, registered as the app registers it (same plugin
 * options): for benchmarks, and for tests that feed it a bus of their own.
 */
export async function startGatewayServer(
  opts: GatewayOptions & { readonly host?: string; readonly port?: number },
): Promise<GatewayServer> {
  const fastify = Fastify({ logger: false });
  await fastify.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const gateway = registerGateway(fastify, opts);
  await fastify.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const addr = fastify.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    wsUrl: `ws://${opts.host ?? '127.0.0.1'}:${port}/ws`,
    gateway,
    close: () => fastify.close(),
  };
}
