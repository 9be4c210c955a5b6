import fastifyCors from '@fastify/cors';
import { BOOK_HEADER, LANG_HEADER } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/** Status of a live-feed upgrade from a page of another origin. */
export const ORIGIN_REFUSED = 403;

/**
 * The API on another host than the app (API_BASE): CORS answers for the app's origins only. A call from one
 * of them gets `Access-Control-Allow-Origin` naming it, and its preflight the methods and headers the app
 * sends (the JSON body's type, the session token, the language; an upload's PUT with its type); no cookies
 * are used, so no credentials are allowed. Any other origin gets no CORS headers at all, and its preflight
 * is not answered. A live-feed upgrade whose Origin is not one of them is refused (a browser always names
 * the page's origin; a client without one, such as a server, is not a page another site controls).
 * With no origins listed nothing is registered: the app calls its own host, as it always did.
 */
export async function registerCors(fastify: FastifyInstance, appOrigins: readonly string[]): Promise<void> {
  if (appOrigins.length === 0) return;
  const allowed = new Set(appOrigins);
  await fastify.register(fastifyCors, {
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT'],
    allowedHeaders: ['content-type', 'authorization', LANG_HEADER, BOOK_HEADER],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
  // After the socket plugin's own request hook, which has the refused socket closed once answered.
  fastify.addHook('preValidation', async (req, reply) => {
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') return;
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    return reply.code(ORIGIN_REFUSED).send({ code: ORIGIN_REFUSED, msg: 'Origin not allowed', data: null });
  });
}
