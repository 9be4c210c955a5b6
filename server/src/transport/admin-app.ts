import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ClientConfig, CONFIG_MARKER } from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressedPage, configScript, type Encoding, IMMUTABLE, sendPage } from './web-app';

/**
 * The built operator console under `/admin`: its hashed assets (`/admin/assets/…`, with their build-time
 * brotli and gzip copies, cached for good) and, for every other GET under `/admin`, the console's page with
 * the client configuration written into it (the console routes in the browser). Its calls are the POSTs
 * under `/admin/…`, which the transport answers as before.
 */
export async function registerAdminApp(fastify: FastifyInstance, adminDist: string, client: ClientConfig) {
  const indexFile = join(adminDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const script = configScript(client);
  // Read again whenever the build changes, so a rebuilt console is served without a restart.
  let cached: { mtimeMs: number; bodies: Record<Encoding, Buffer> } | null = null;
  const page = (): Record<Encoding, Buffer> => {
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        bodies: compressedPage(readFileSync(indexFile, 'utf8').replace(CONFIG_MARKER, script)),
      };
    }
    return cached.bodies;
  };

  await fastify.register(fastifyStatic, {
    root: join(adminDist, 'assets'),
    prefix: '/admin/assets/',
    index: false,
    wildcard: true,
    decorateReply: false,
    preCompressed: true,
    setHeaders(reply) {
      reply.header('cache-control', IMMUTABLE);
    },
  });
  const sendConsole = async (req: FastifyRequest, reply: FastifyReply) => sendPage(req, reply, page());
  fastify.get('/admin', sendConsole);
  fastify.get('/admin/*', sendConsole);
}
