import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../context';

/** Socket closed when no text `ping` arrived for this long. */
export const IDLE_TIMEOUT_MS = 30_000;
/** A consumer whose unsent bytes exceed this is cut off rather than allowed to hold memory. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export const CHANNELS = ['books', 'tickers', 'update_order'] as const;
export type Channel = (typeof CHANNELS)[number];

interface Arg {
  channel: Channel;
  instId?: string;
}

function parseArgs(value: unknown): Arg[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) return null;
  const out: Arg[] = [];
  for (const a of value) {
    if (typeof a !== 'object' || a === null) return null;
    const { channel, instId } = a as Record<string, unknown>;
    if (typeof channel !== 'string' || !(CHANNELS as readonly string[]).includes(channel)) return null;
    if (instId !== undefined && typeof instId !== 'string') return null;
    out.push(
      instId === undefined ? { channel: channel as Channel } : { channel: channel as Channel, instId },
    );
  }
  return out;
}

/**
 * The live feed at /ws, in OKX v5 shape: `{op:'subscribe'|'unsubscribe', args:[{channel, instId}]}`,
 * answers `{event, arg}`, text `ping` → `pong`. The market issue publishes books, tickers and
 * order updates through it; `update_order` needs a token.
 */
export function registerGateway(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<AuthUser | null>,
) {
  app.get('/ws', { websocket: true }, (socket: WebSocket, req) => {
    const query = req.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    // Resolved while messages may already arrive: handlers await it rather than miss them.
    const userReady = token ? authenticate(token).catch(() => null) : Promise.resolve(null);
    const subs = new Set<string>();
    let idle = setTimeout(() => socket.close(4000, 'idle'), IDLE_TIMEOUT_MS);

    const sendJson = (msg: unknown) => {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(msg));
    };

    socket.on('message', async (raw) => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(4000, 'idle'), IDLE_TIMEOUT_MS);
      const text = raw.toString();
      if (text === 'ping') {
        socket.send('pong');
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
        sendJson({ event: 'error', code: '60012', msg: 'Invalid request' });
        return;
      }
      const user = await userReady;
      for (const arg of parsed) {
        if (arg.channel === 'update_order' && !user) {
          sendJson({ event: 'error', code: '60011', msg: 'Please log in', arg });
          continue;
        }
        const key = `${arg.channel}:${arg.instId ?? ''}`;
        if (op === 'subscribe') subs.add(key);
        else subs.delete(key);
        sendJson({ event: op, arg });
      }
    });
    socket.on('close', () => clearTimeout(idle));
    socket.on('error', () => socket.terminate());
  });
}
