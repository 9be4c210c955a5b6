import type { WebSocket } from '@fastify/websocket';

/**
 * A push framed once for every subscriber: the whole WebSocket frame (RFC 6455 §5.2: final text
 * frame, server to client, so unmasked) and, as a view into it, the payload alone.
 */
export interface TextFrame {
  readonly frame: Buffer;
  readonly payload: Buffer;
}

/** Frames a text message: header (2, 4 or 10 bytes by payload length) and payload in one buffer. */
export function textFrame(text: string): TextFrame {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN + opcode 1 (text)
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, header, 'utf8');
  return { frame, payload: frame.subarray(header) };
}

/** The TCP socket under a WebSocket, as far as the gateway uses it. */
export interface Transport {
  write(data: Buffer): boolean;
  cork(): void;
  uncork(): void;
}

/** What `ws` keeps private and the gateway looks at; every field may be missing in another version. */
interface WsInside {
  readonly _socket?: Partial<Transport>;
  readonly _sender?: {
    readonly _state?: unknown;
    readonly _queue?: { readonly length: number };
    readonly _firstFragment?: unknown;
  };
}

const asTransport = (ws: WebSocket): Transport | undefined => {
  const raw = (ws as unknown as WsInside)._socket;
  return raw &&
    typeof raw.write === 'function' &&
    typeof raw.cork === 'function' &&
    typeof raw.uncork === 'function'
    ? (raw as Transport)
    : undefined;
};

/** The socket to cork so several sends leave in one write, when `ws` exposes it. */
export const corkable = (ws: WebSocket): Transport | undefined => asTransport(ws);

/**
 * The socket to write pre-built frames to, or undefined when `ws` must send them itself: only while
 * its sender is idle (nothing being compressed or queued, not inside a fragmented message), so bytes
 * written here land between whole messages, in order with what `ws` itself sent. Bytes written here
 * count in `ws.bufferedAmount` (the socket's own buffer), so the slow-consumer limit still sees them.
 */
export function idleTransport(ws: WebSocket): Transport | undefined {
  const sender = (ws as unknown as WsInside)._sender;
  if (sender?._state !== 0 || sender._queue?.length !== 0 || sender._firstFragment !== true) return undefined;
  return asTransport(ws);
}
