import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type ClientConfig, CONFIG_GLOBAL, CONFIG_MARKER } from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the caller accepts of brotli and gzip (a q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The built web app: hashed assets from the build folder with their build-time brotli and gzip copies
 * (chosen by Accept-Encoding, cached for good), and every other GET outside the API answered with the
 * app's page, the client configuration written into it, compressed once per build.
 */
export async function registerWebApp(fastify: FastifyInstance, webDist: string, client: ClientConfig) {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const script = `<script>window.${CONFIG_GLOBAL}=${JSON.stringify(client).replace(/</g, '\\u003c')}</script>`;
  // Read again whenever the build changes, so a rebuilt app is served without a restart.
  let cached: { mtimeMs: number; bodies: Record<Encoding, Buffer> } | null = null;
  const page = (): Record<Encoding, Buffer> => {
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      const html = Buffer.from(readFileSync(indexFile, 'utf8').replace(CONFIG_MARKER, script));
      cached = {
        mtimeMs,
        bodies: {
          identity: html,
          br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(html, { level: 9 }),
        },
      };
    }
    return cached.bodies;
  };
  const sendPage = (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page()[encoding]);
  };

  await fastify.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    decorateReply: false,
    // `name.br` / `name.gz` written by the build are sent in place of `name` when the caller accepts them.
    preCompressed: true,
    setHeaders(reply, path) {
      // Built assets carry a content hash in their name: cache them for good.
      if (path.startsWith(join(webDist, 'assets'))) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  fastify.get('/', async (req, reply) => sendPage(req, reply));
  fastify.setNotFoundHandler(async (req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/v1/')) {
      return sendPage(req, reply);
    }
    return reply.code(404).send({ code: 404, msg: 'Not Found', data: null });
  });
}
