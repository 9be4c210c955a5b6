import type { WebSocket } from '@fastify/websocket';
import { LIVE_PING, LIVE_PONG, type LiveArg } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../kernel/context';
import type { Conn, Counters } from './conn';
import { corkable } from './frames';
import { capSendBuffer } from './send-buffer';
import { SnapshotBudget } from './snapshot-budget';
import { answerRequest, leave, parseArgs, type Requester, type Subscriptions, signIn } from './subscriptions';

/** Socket closed when no text `ping` (or other message) arrived for this long. */
export const IDLE_TIMEOUT_MS = 30_000;

/** Close code of a connection beyond its address's allowance (RFC 6455 policy violation). */
export const TOO_MANY_CONNECTIONS = 1008;

export type Authenticate = (token: string) => Promise<AuthUser | null>;

const OPEN = 1;

/**
 * False (and the socket cut off) when `bytes` more would leave it holding more than maxBuffered unsent in
 * the process: a slow consumer. The TCP connection is reset, not closed, so the kernel frees its send
 * buffer at once instead of keeping it for an orphaned connection the client never drains.
 */
export function writable(conn: Conn, bytes: number, maxBuffered: number, counters: Counters): boolean {
  if (conn.dead || conn.socket.readyState !== OPEN) return false;
  const held = conn.socket.bufferedAmount;
  if (held + bytes <= maxBuffered) return true;
  conn.dead = true;
  counters.cutOff++;
  if (held > counters.cutHeldMax) counters.cutHeldMax = held;
  if (typeof conn.tcp.resetAndDestroy === 'function' && !conn.tcp.destroyed) conn.tcp.resetAndDestroy();
  else conn.socket.terminate();
  return false;
}

/** Sends one frame's text to one socket, unless that would make it a slow consumer (then it is cut off). */
export function deliver(conn: Conn, data: Buffer | string, maxBuffered: number, counters: Counters): void {
  if (
    writable(conn, typeof data === 'string' ? Buffer.byteLength(data) : data.length, maxBuffered, counters)
  ) {
    conn.socket.send(data, { binary: false });
    counters.sent++;
  }
}

export interface SocketRouteDeps {
  readonly authenticate: Authenticate;
  readonly idleTimeoutMs: number;
  readonly maxBuffered: number;
  readonly counters: Counters;
  /** The open sockets. */
  readonly conns: Set<Conn>;
  readonly subs: Subscriptions;
  /** Open sockets one client address may hold (read at each new connection); unlimited without it. */
  readonly maxConnectionsPerIp: (() => Promise<number>) | undefined;
  /** Id of the last push queued. */
  readonly lastId: () => number;
  /** Sends a new subscriber what its channel holds now, through `send`. */
  readonly sendCurrent: (arg: LiveArg, send: (data: string) => void) => void;
}

/**
 * Counts the socket against its address (req.ip trusts X-Forwarded-For only behind a proxy) until it
 * closes, and closes it at once when the address already holds its allowance.
 */
function limitAddress(
  byIp: Map<string, number>,
  socket: WebSocket,
  ip: string,
  maxConnectionsPerIp: (() => Promise<number>) | undefined,
): void {
  byIp.set(ip, (byIp.get(ip) ?? 0) + 1);
  socket.on('close', () => {
    const left = (byIp.get(ip) ?? 1) - 1;
    if (left > 0) byIp.set(ip, left);
    else byIp.delete(ip);
  });
  if (maxConnectionsPerIp) {
    const held = byIp.get(ip) ?? 0;
    void maxConnectionsPerIp().then((max) => {
      if (held > max) socket.close(TOO_MANY_CONNECTIONS, 'too many connections');
    });
  }
}

/**
 * The socket route at /ws: each socket's state (its caller once the token is checked, its
 * subscriptions, its snapshot budget), the idle timeout that text `ping` → `pong` (or any message)
 * holds off, and the requests, answered in one write each.
 */
export function registerSocketRoute(app: FastifyInstance, deps: SocketRouteDeps): void {
  const { counters, maxBuffered, idleTimeoutMs } = deps;
  const byIp = new Map<string, number>();

  app.get('/ws', { websocket: true }, (socket: WebSocket, req) => {
    // One address holds a bounded number of sockets.
    limitAddress(byIp, socket, req.ip, deps.maxConnectionsPerIp);
    const query = req.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    // The kernel holds a bounded share of what the socket has not delivered (see send-buffer.ts).
    if (!capSendBuffer(req.socket)) counters.uncapped++;
    const conn: Conn = { socket, tcp: req.socket, userId: null, subs: new Map(), dead: false, pending: [] };
    deps.conns.add(conn);
    // Resolved while messages may already arrive: handlers await it rather than miss them.
    const userReady = token ? deps.authenticate(token).catch(() => null) : Promise.resolve(null);
    void userReady.then((user) => {
      if (!user || conn.dead) return;
      signIn(deps.subs, conn, user.id);
    });
    let idle = setTimeout(() => socket.close(4000, 'idle'), idleTimeoutMs);
    const send = (data: string) => deliver(conn, data, maxBuffered, counters);
    const requester: Requester = {
      conn,
      subs: deps.subs,
      snapshots: new SnapshotBudget(),
      lastId: deps.lastId,
      sendJson: (msg) => send(JSON.stringify(msg)),
      sendCurrent: (arg) => deps.sendCurrent(arg, send),
      cut: () => {
        conn.dead = true;
        socket.close(TOO_MANY_CONNECTIONS, 'too many snapshot requests');
      },
    };

    socket.on('message', async (raw, isBinary) => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(4000, 'idle'), idleTimeoutMs);
      if (isBinary) return;
      const text = raw.toString();
      if (text === LIVE_PING) {
        send(LIVE_PONG);
        return;
      }
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return; // malformed messages are ignored
      }
      if (typeof msg !== 'object' || msg === null) return;
      const { op, args } = msg as Record<string, unknown>;
      if (op !== 'subscribe' && op !== 'unsubscribe') return;
      const parsed = parseArgs(args);
      if (!parsed) {
        requester.sendJson({ event: 'error', code: '60012', msg: 'Invalid request' });
        return;
      }
      const user = await userReady;
      if (conn.dead) return;
      // The answers to one request (acks, snapshots, last tickers) leave in one write.
      const transport = corkable(socket);
      transport?.cork();
      try {
        answerRequest(requester, op, parsed, user);
      } finally {
        transport?.uncork();
      }
    });
    socket.on('close', () => {
      clearTimeout(idle);
      deps.conns.delete(conn);
      leave(deps.subs, conn);
    });
    socket.on('error', () => socket.terminate());
  });
}
