/**
 * What one client can hold of the HTTP server: connections that send nothing, or send slowly, are closed
 * (headers within `headersTimeoutMs`, the whole request within `requestTimeoutMs`, an idle kept-alive
 * connection after `keepAliveTimeoutMs`); one client address holds at most `maxConnectionsPerIp` open
 * connections (live-feed sockets included), counted on the socket's own remote address, never on a header
 * (behind a trusted proxy every connection is the proxy's: there requests in flight are counted per client
 * address the proxy names); and a body larger than its route takes is refused by its declared
 * `content-length` before a byte of it is read, or, sent in chunks, as soon as it passes the limit, and the
 * connection is closed so the rest is never read.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorName, errorMessage, LANG_HEADER, langFromHeader } from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Fastify's options for the timeouts of `config.http`. */
export function serverOptions(config: Pick<Config, 'http'>) {
  const h = config.http;
  return {
    keepAliveTimeout: h.keepAliveTimeoutMs,
    requestTimeout: h.requestTimeoutMs,
    http: {
      headersTimeout: h.headersTimeoutMs,
      requestTimeout: h.requestTimeoutMs,
      // How often Node looks for connections past those limits (its default, 30 s, would let them linger).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(h.headersTimeoutMs / 2))),
    },
  };
}

/** An answer of the transport's own in the contract's shape, localized by the request's language header. */
function answer(req: FastifyRequest, reply: FastifyReply, status: number, name: ErrorName) {
  const lang = langFromHeader(req.headers[LANG_HEADER] as string | undefined);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ code: ERRORS[name].code, msg: errorMessage(name, lang), data: null, error: name });
}

/**
 * A body over its limit: 413 in the contract's shape, and the connection closed once the answer is out, so
 * what the client still sends is never read (a kept-alive connection would read it all to reach the next).
 */
export function refuseTooLarge(req: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  req.raw.unpipe();
  lingerOnClose(req);
  return answer(req, reply, 413, 'BodyTooLarge');
}

/** How long a refused connection is drained, at most, before it is closed whatever the client still sends. */
const LINGER_MS = 2_000;

/**
 * Closes a refused connection the way that keeps its answer: a socket closed with bytes still unread is reset,
 * and the reset can reach the client before it has read the 413 (it would see nothing at all). So once the
 * answer is out (Node then calls `destroySoon`), only the sending side is closed; what still arrives is read
 * and dropped until the client closes too (it sees the answer and the close) or `LINGER_MS` has passed.
 */
function lingerOnClose(req: FastifyRequest): void {
  const socket = req.raw.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    req.raw.resume();
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** Caps connections per client address and refuses bodies over their route's limit before reading them. */
export function registerHttpLimits(
  app: FastifyInstance,
  config: Pick<Config, 'http' | 'trustProxy'>,
  defaultBodyLimit: number,
): void {
  app.addHook('onRequest', async (req, reply) => {
    const declared = Number(req.headers['content-length']);
    const limit = req.routeOptions.bodyLimit ?? defaultBodyLimit;
    if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, reply);
  });
  if (config.trustProxy) capRequestsPerClient(app, config.http.maxConnectionsPerIp);
  else capConnections(app.server, config.http.maxConnectionsPerIp);
}

/** At most `max` open connections per remote address; the one beyond is closed before it is read. */
export function capConnections(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? '';
    const held = open.get(ip) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(ip, held + 1);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}

/** Behind a trusted proxy: at most `max` requests in flight per client address the proxy names. */
function capRequestsPerClient(app: FastifyInstance, max: number): void {
  const inFlight = new Map<string, number>();
  const counted = new WeakSet<FastifyRequest>();
  const release = (req: FastifyRequest) => {
    if (!counted.delete(req)) return;
    const left = (inFlight.get(req.ip) ?? 1) - 1;
    if (left > 0) inFlight.set(req.ip, left);
    else inFlight.delete(req.ip);
  };
  app.addHook('onRequest', async (req, reply) => {
    const held = inFlight.get(req.ip) ?? 0;
    if (held >= max) return answer(req, reply, 429, 'RateLimited');
    inFlight.set(req.ip, held + 1);
    counted.add(req);
    // A live-feed socket has no response to finish: it counts until its connection closes.
    req.raw.socket?.once('close', () => release(req));
  });
  app.addHook('onResponse', async (req) => release(req));
  app.addHook('onRequestAbort', async (req) => release(req));
}
