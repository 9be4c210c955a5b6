// What one client can hold of the HTTP server: a body over the limit is refused by its declared length before
// it is read, and a chunked one at the limit, in the contract's error shape, and the connection is closed so
// the rest is never read; connections that send nothing, and idle kept-alive ones, are closed; one address
// holds a bounded number of connections. Raw sockets, so the test sends exactly what an attacker would.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
let port = 0;
const MAX_CONNECTIONS = 8;
beforeAll(async () => {
  srv = await startServer({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '3000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
      HTTP_MAX_CONNECTIONS_PER_IP: String(MAX_CONNECTIONS),
    },
  });
  port = Number(new URL(srv.url).port);
});
afterAll(() => srv.close());

interface Raw {
  readonly socket: Socket;
  /** Everything the server sent so far. */
  text(): string;
  /** Resolves when the server closed the connection (or after `ms`, with false). */
  closed(ms: number): Promise<boolean>;
}

async function open(): Promise<Raw> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let isClosed = false;
  const waiters: Array<() => void> = [];
  socket.on('data', (d) => {
    received += d.toString();
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    isClosed = true;
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    text: () => received,
    closed: (ms) =>
      isClosed
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const t = setTimeout(() => resolve(false), ms);
            waiters.push(() => {
              clearTimeout(t);
              resolve(true);
            });
          }),
  };
}

const bodyOf = (text: string) =>
  JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('HTTP limits', () => {
  it('refuses a body by its declared length before reading it, in the contract shape, and closes', async () => {
    const c = await open();
    c.socket.write(
      'POST /api/user/info HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nlang: korean\r\n' +
        `content-length: ${8 * 1024 * 1024}\r\n\r\n`,
    );
    // Not a byte of the body is sent: the answer cannot have waited for it.
    expect(await c.closed(5000)).toBe(true);
    expect(c.text()).toMatch(/^HTTP\/1\.1 413/);
    expect(bodyOf(c.text())).toMatchObject({ code: 1015, error: 'BodyTooLarge', msg: '요청이 너무 큽니다' });
  });

  it('stops reading a chunked body at the limit and closes the connection', async () => {
    const c = await open();
    c.socket.write(
      'POST /api/user/info HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const total = 64 * 1024 * 1024;
    let sent = 0;
    let closed = false;
    void c.closed(60_000).then((v) => {
      closed = v;
    });
    while (sent < total && !closed && !c.socket.destroyed) {
      const ok =
        c.socket.write(`${chunk.length.toString(16)}\r\n`) && c.socket.write(chunk) && c.socket.write('\r\n');
      sent += chunk.length;
      if (!ok) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 1000);
          c.socket.once('drain', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    }
    expect(await c.closed(5000)).toBe(true);
    // The server stopped reading long before the client was through.
    expect(sent).toBeLessThan(total);
    expect(c.text()).toMatch(/^HTTP\/1\.1 413/);
    expect(bodyOf(c.text())).toMatchObject({ error: 'BodyTooLarge' });
  });

  it('closes connections that send nothing, and kept-alive ones left idle', async () => {
    const silent = await Promise.all(Array.from({ length: 5 }, () => open()));
    const kept = await open();
    kept.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: keep-alive\r\n\r\n');
    const results = await Promise.all([...silent, kept].map((c) => c.closed(10_000)));
    expect(results).toEqual([true, true, true, true, true, true]);
    expect(kept.text()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('holds one address to its connections, counted on the socket, whatever X-Forwarded-For says', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => open()));
    const extra = await open();
    extra.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\nx-forwarded-for: 10.9.8.7\r\n\r\n');
    expect(await extra.closed(3000)).toBe(true);
    expect(extra.text()).toBe('');
    // A closed one frees its place.
    for (const c of held) c.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const again = await open();
    again.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 300));
    expect(again.text()).toMatch(/^HTTP\/1\.1 200/);
    again.socket.destroy();
    // A signed-in call still goes through on a fresh connection.
    expect((await signedInUser(srv)).token.length).toBeGreaterThan(20);
  });
});
