// The feed bench's reference: a plain `ws` server broadcasting the same pushes. It keeps the same
// book and ticker state (the gateway's InstrumentState), serializes each push once into a Buffer
// and hands it to every subscriber with `ws.send`: the usual broadcast loop, with nothing batched or
// pre-framed and no slow consumer cut off.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { BusEvents } from '../server/src/kernel/bus';
import { InstrumentState } from '../server/src/transport/live/feed-state';

export type FeedEvent = 'book.snapshot' | 'book.update' | 'ticker';

/** A server the bench connects its clients to and publishes on. */
export interface FeedTarget {
  readonly url: string;
  publish<E extends FeedEvent>(event: E, payload: BusEvents[E]): void;
  /** Sockets the server cut off so far (null: it never does). */
  cutOff(): number | null;
  close(): Promise<void>;
}

export async function startPlainBroadcast(): Promise<FeedTarget> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, maxPayload: 64 * 1024 });
  const subscribers = new Map<string, Set<WebSocket>>();
  const states = new Map<string, InstrumentState>();
  const state = (instId: string) => {
    let s = states.get(instId);
    if (!s) {
      s = new InstrumentState(instId);
      states.set(instId, s);
    }
    return s;
  };
  const broadcast = (key: string, push: unknown) => {
    const set = subscribers.get(key);
    if (!set) return;
    const data = Buffer.from(JSON.stringify(push));
    for (const ws of set) if (ws.readyState === WebSocket.OPEN) ws.send(data, { binary: false });
  };

  wss.on('connection', (ws) => {
    const mine: string[] = [];
    ws.on('message', (raw: WebSocket.RawData) => {
      let msg: { op?: unknown; args?: unknown };
      try {
        msg = JSON.parse(raw.toString()) as { op?: unknown; args?: unknown };
      } catch {
        return;
      }
      if (msg.op !== 'subscribe' || !Array.isArray(msg.args)) return;
      for (const arg of msg.args as Array<{ channel: string; instId: string }>) {
        const key = `${arg.channel}:${arg.instId}`;
        let set = subscribers.get(key);
        if (!set) {
          set = new Set();
          subscribers.set(key, set);
        }
        set.add(ws);
        mine.push(key);
        ws.send(JSON.stringify({ event: 'subscribe', arg }));
        if (arg.channel === 'books') ws.send(state(arg.instId).snapshot());
      }
    });
    ws.on('close', () => {
      for (const key of mine) subscribers.get(key)?.delete(ws);
    });
    ws.on('error', () => ws.terminate());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}`,
    publish: (event, payload) => {
      if (event === 'book.snapshot') {
        state(payload.instId).applySnapshot(payload as BusEvents['book.snapshot']);
      } else if (event === 'book.update') {
        const r = state(payload.instId).applyUpdate(payload as BusEvents['book.update']);
        if (r) broadcast(`books:${payload.instId}`, r.push);
      } else {
        broadcast(
          `tickers:${payload.instId}`,
          state(payload.instId).applyTicker(payload as BusEvents['ticker']),
        );
      }
    },
    cutOff: () => null,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
