import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyBooksPush, LiveBook, type LiveBooksPush, type LiveTickersPush } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type Bus, type BusEvents, createMemoryBus } from '../src/kernel/bus';
import { idleTransport, textFrame } from '../src/transport/live/frames';
import { type GatewayServer, startGatewayServer } from '../src/transport/live/standalone';

// The gateway's fan-out on a bus of its own: pushes framed once, each socket's share of a burst in
// one write, every frame intact and in order whatever its length.

describe('text frames', () => {
  it('carries the payload length in 7, 7+16 or 7+64 bits, unmasked, final, text', () => {
    for (const [length, header] of [
      [0, [0x81, 0]],
      [125, [0x81, 125]],
      [126, [0x81, 126, 0, 126]],
      [65_535, [0x81, 126, 0xff, 0xff]],
      [65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]],
      [70_000, [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]],
    ] as const) {
      const text = 'x'.repeat(length);
      const { frame, payload } = textFrame(text);
      expect([...frame.subarray(0, header.length)]).toEqual(header);
      expect(frame.length).toBe(header.length + length);
      expect(payload.toString()).toBe(text);
    }
  });

  it('counts bytes, not characters', () => {
    const { frame, payload } = textFrame('€'.repeat(50)); // 150 bytes in UTF-8
    expect([...frame.subarray(0, 4)]).toEqual([0x81, 126, 0, 150]);
    expect(payload.toString()).toBe('€'.repeat(50));
  });

  it("finds ws's sender idle on an open server socket (the pre-built path is taken)", async () => {
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const serverSide = new Promise<WebSocket>((r) => wss.once('connection', r));
    const client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`);
    const ws = await serverSide;
    expect(idleTransport(ws)).toBeDefined();
    const got = new Promise<string>((r) => client.once('message', (m) => r(m.toString())));
    idleTransport(ws)?.write(textFrame('{"a":1}').frame);
    expect(await got).toBe('{"a":1}');
    client.close();
    wss.close();
    http.close();
  });
});

let bus: Bus;
let server: GatewayServer;

beforeAll(async () => {
  bus = createMemoryBus();
  server = await startGatewayServer({ bus, authenticate: async () => null });
});
afterAll(() => server.close());

interface Client {
  ws: WebSocket;
  /** Every message after the subscription answers, parsed. */
  readonly got: unknown[];
  /** Resolves once `n` messages arrived after the answers. */
  until(n: number): Promise<void>;
}

/** Opens a socket, subscribes to `args` and waits for every answer (and snapshot). */
async function subscribed(
  args: Array<{ channel: string; instId?: string }>,
  initial: number,
): Promise<Client> {
  const ws = new WebSocket(server.wsUrl);
  await new Promise((r) => ws.once('open', r));
  const got: unknown[] = [];
  let setup = 0;
  let wake: (() => void) | null = null;
  let want = 0;
  const ready = new Promise<void>((resolve) => {
    ws.on('message', (raw) => {
      if (setup < initial) {
        if (++setup === initial) resolve();
        return;
      }
      got.push(JSON.parse(raw.toString()));
      if (wake && got.length >= want) wake();
    });
  });
  ws.send(JSON.stringify({ op: 'subscribe', args }));
  await ready;
  return {
    ws,
    got,
    until: (n) =>
      got.length >= n
        ? Promise.resolve()
        : new Promise((r) => {
            want = n;
            wake = r;
          }),
  };
}

const L = (px: string, sz: string, count = 1): [string, string, number] => [px, sz, count];
const ticker = (instId: string, last: string, ts: number): BusEvents['ticker'] => ({
  instId,
  last,
  open24h: '1',
  high24h: '2',
  low24h: '1',
  vol24h: '10',
  changePercent: '0.00',
  ts,
});

describe('fan-out', () => {
  it("writes each socket's share of a burst at once, frames intact and in order", async () => {
    const x = 'FOX-USDT';
    const y = 'FOY-USDT';
    bus.publish('book.snapshot', { instId: x, seq: 1, asks: [L('200', '1')], bids: [L('100', '1')], ts: 1 });
    // a: book of X and ticker of Y; b: book of X only; c: every ticker and the ticker of X again.
    const a = await subscribed(
      [
        { channel: 'books', instId: x },
        { channel: 'tickers', instId: y },
      ],
      3,
    );
    const b = await subscribed([{ channel: 'books', instId: x }], 2);
    const c = await subscribed([{ channel: 'tickers', instId: x }, { channel: 'tickers' }], 2);
    const before = server.gateway.stats();

    // One burst, published in one turn: 20 book updates (short, middling and over 64 KiB) and
    // 5 tickers of each instrument.
    const wide = (k: number, n: number) => Array.from({ length: n }, (_, i) => L(`${300 + i}.${k}`, '1'));
    for (let k = 1; k <= 20; k++) {
      const n = k === 7 ? 3_000 : k % 3 === 0 ? 40 : 1;
      bus.publish('book.update', {
        instId: x,
        seq: 1 + k,
        asks: wide(k, n),
        bids: [L('100', String(k))],
        ts: k,
      });
      if (k % 4 === 0) {
        bus.publish('ticker', ticker(x, String(k), k));
        bus.publish('ticker', ticker(y, String(k), k));
      }
    }
    await Promise.all([a.until(25), b.until(20), c.until(10)]);

    // Each socket was written once, all its pushes in that write.
    const after = server.gateway.stats();
    expect(after.writes - before.writes).toBe(3);
    expect(after.sent - before.sent).toBe(25 + 20 + 10);
    expect(after.serialized - before.serialized).toBe(30);

    // The books chain and check out, the tickers come in publishing order, nothing twice.
    for (const client of [a, b]) {
      const book = new LiveBook();
      book.reset([['200', '1', '0', '1']], [['100', '1', '0', '1']], 1);
      const books = client.got.filter(
        (m): m is LiveBooksPush => (m as LiveBooksPush).arg.channel === 'books',
      );
      expect(books.map((m) => m.data[0].seqId)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
      for (const m of books) expect(applyBooksPush(book, m)).toBe('ok');
      expect(books[6]?.data[0].asks).toHaveLength(3_000);
    }
    const tickers = (client: Client) =>
      client.got
        .filter((m): m is LiveTickersPush => (m as LiveTickersPush).arg.channel === 'tickers')
        .map((m) => `${m.data[0].instId} ${m.data[0].last}`);
    expect(tickers(a)).toEqual(['4', '8', '12', '16', '20'].map((l) => `${y} ${l}`));
    expect(tickers(c)).toEqual(['4', '8', '12', '16', '20'].flatMap((l) => [`${x} ${l}`, `${y} ${l}`]));
    // In order within the socket: a's ticker of 4 comes after the book update of 4 and before that of 5.
    const order = a.got.map((m) =>
      (m as LiveBooksPush).arg.channel === 'books'
        ? `b${(m as LiveBooksPush).data[0].seqId - 1}`
        : `t${(m as LiveTickersPush).data[0].last}`,
    );
    expect(order.indexOf('t4')).toBe(order.indexOf('b4') + 1);
    for (const client of [a, b, c]) client.ws.close();
  });

  it('sends the same bytes to many sockets and keeps later bursts apart', async () => {
    const instId = 'FOM-USDT';
    const clients = await Promise.all(
      Array.from({ length: 40 }, () => subscribed([{ channel: 'tickers', instId }], 1)),
    );
    for (let round = 1; round <= 3; round++) {
      const before = server.gateway.stats();
      for (let k = 0; k < 4; k++) bus.publish('ticker', ticker(instId, `${round}.${k}`, round));
      await Promise.all(clients.map((cl) => cl.until(round * 4)));
      const after = server.gateway.stats();
      expect(after.writes - before.writes).toBe(40);
      expect(after.serialized - before.serialized).toBe(4);
    }
    for (const cl of clients) {
      expect(cl.got.map((m) => (m as LiveTickersPush).data[0].last)).toEqual(
        [1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((k) => `${r}.${k}`)),
      );
      cl.ws.close();
    }
  });
});
