// A live socket whose client never reads holds at most MAX_HELD_BYTES (1 MiB) of the server's memory: what the
// process buffers for it (cut off before it passes MAX_BUFFERED_BYTES) and what the kernel holds in its send
// buffer (capped per socket at SO_SNDBUF; uncapped, Linux lets it grow to net.ipv4.tcp_wmem's maximum, about
// 4 MB). The kernel's share is read from /proc/net/tcp (bytes written and not yet acknowledged), so that part
// runs on Linux. A client that reads goes on receiving every push.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type BookLevel, type Bus, createMemoryBus } from '../src/kernel/bus';
import {
  KERNEL_HELD_MAX,
  MAX_BUFFERED_BYTES,
  MAX_HELD_BYTES,
  sendBufferCapUnavailable,
} from '../src/transport/live/send-buffer';
import { type GatewayServer, startGatewayServer } from '../src/transport/live/standalone';

const LINUX = existsSync('/proc/net/tcp');
let bus: Bus;
let gw: GatewayServer;

beforeAll(async () => {
  bus = createMemoryBus();
  gw = await startGatewayServer({ bus, authenticate: async () => null });
});
afterAll(() => gw.close());

/** Bytes the kernel holds for the connection from local port `from` to `to` (written, not acknowledged). */
function kernelQueue(from: number, to: number): number | null {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 5) continue;
      const port = (addr: string | undefined) => Number.parseInt(addr?.split(':')[1] ?? '', 16);
      if (port(f[1]) === from && port(f[2]) === to) return Number.parseInt(f[4]?.split(':')[0] ?? '', 16);
    }
  }
  return null;
}

interface Client {
  readonly ws: WebSocket;
  readonly closed: Promise<void>;
  got: number;
}

async function client(instId: string): Promise<Client> {
  const ws = new WebSocket(gw.wsUrl);
  const c: Client = { ws, closed: new Promise((r) => ws.once('close', () => r())), got: 0 };
  ws.on('error', () => {});
  await new Promise((r) => ws.once('open', r));
  const ready = new Promise<void>((resolve) => {
    ws.on('message', () => {
      // The subscription's ack and the book's snapshot, then its updates.
      if (++c.got === 2) resolve();
    });
  });
  ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'books', instId }] }));
  await ready;
  c.got = 0;
  return c;
}

const level = (px: string, sz: string): BookLevel => [px, sz, 1];

describe('a live socket whose client never reads', () => {
  it('is capped in the kernel, cut before it holds 1 MiB in all, and a reading client goes on', async () => {
    expect(sendBufferCapUnavailable()).toBeNull();
    expect(MAX_BUFFERED_BYTES + KERNEL_HELD_MAX).toBe(MAX_HELD_BYTES);
    const instId = 'SNDBUF-USDT';
    const slow = await client(instId);
    const fast = await client(instId);
    slow.ws.pause();
    // The server's side of the slow connection: its local port is the client's remote one.
    const serverPort = Number(new URL(gw.wsUrl).port);
    const clientPort = (slow.ws as unknown as { _socket: { localPort: number } })._socket.localPort;
    const updates = 200;
    const fastDone = new Promise<void>((resolve) => {
      fast.ws.on('message', () => {
        if (fast.got === updates) resolve();
      });
    });
    let kernelMax = 0;
    // About 27 KB an update: 5.4 MB in all, far past what the slow socket may hold.
    const wide = (k: number) => Array.from({ length: 1000 }, (_, i) => level(`${1000 + i}.5`, String(k + 1)));
    for (let k = 1; k <= updates; k++) {
      bus.publish('book.update', { instId, seq: k, asks: wide(k), bids: [], ts: k });
      // Paced on the reading client, so it keeps up whatever the machine's load.
      while (fast.got < k - 5) await new Promise((r) => setImmediate(r));
      if (LINUX) kernelMax = Math.max(kernelMax, kernelQueue(serverPort, clientPort) ?? 0);
    }
    await fastDone;
    const stats = gw.gateway.stats();
    expect(stats.cutOff).toBe(1);
    expect(stats.uncapped).toBe(0);
    // The process held no more than its share when it cut the socket off.
    expect(stats.cutHeldMax).toBeGreaterThan(0);
    expect(stats.cutHeldMax).toBeLessThanOrEqual(MAX_BUFFERED_BYTES);
    if (LINUX) {
      // The kernel held its share at most (uncapped it was measured at 3.9 MB), so both stayed under 1 MiB.
      expect(kernelMax).toBeGreaterThan(0);
      expect(kernelMax).toBeLessThanOrEqual(KERNEL_HELD_MAX);
      expect(stats.cutHeldMax + kernelMax).toBeLessThanOrEqual(MAX_HELD_BYTES);
      console.info(`live sndbuf: kernel held at most ${kernelMax} B, the process ${stats.cutHeldMax} B`);
      // Reset, not closed: nothing of the connection stays in the kernel waiting for the client to read.
      expect(kernelQueue(serverPort, clientPort)).toBeNull();
    }
    slow.ws.resume();
    await slow.closed;
    expect(fast.got).toBe(updates);
    expect(fast.ws.readyState).toBe(WebSocket.OPEN);
    fast.ws.close();
  });
});
