// A socket that keeps asking for book snapshots (up to 400 levels a side each) gets an error frame past its
// budget and is closed if it goes on; a healthy socket beside it is served throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SNAPSHOT_BURST } from '../src/transport/live/snapshot-budget';
import { startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

interface Client {
  readonly ws: WebSocket;
  readonly frames: string[];
  readonly closed: Promise<number>;
}

async function client(): Promise<Client> {
  const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`);
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(d.toString()));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, frames, closed };
}

const books = (n: number) =>
  JSON.stringify({
    op: 'subscribe',
    args: Array.from({ length: n }, () => ({ channel: 'books', instId: 'BTC-USDT' })),
  });

describe('live feed snapshot requests', () => {
  it('answers a socket past its snapshot budget with an error frame, then closes it; others go on', async () => {
    const healthy = await client();
    const abuser = await client();
    // Within the budget: every snapshot served.
    abuser.ws.send(books(SNAPSHOT_BURST - 5));
    await new Promise((r) => setTimeout(r, 300));
    const served = abuser.frames.filter((f) => f.includes('"action":"snapshot"')).length;
    expect(served).toBe(SNAPSHOT_BURST - 5);
    expect(abuser.frames.some((f) => f.includes('60014'))).toBe(false);
    // Past it: error frames, then the socket is closed (policy violation).
    for (let i = 0; i < 20 && abuser.ws.readyState === WebSocket.OPEN; i++) abuser.ws.send(books(50));
    expect(await abuser.closed).toBe(1008);
    const errors = abuser.frames.filter((f) => f.includes('"code":"60014"'));
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.parse(errors[0] ?? '{}')).toMatchObject({
      event: 'error',
      msg: 'Too many snapshot requests',
    });
    // The healthy socket is served as before.
    healthy.ws.send(books(1));
    healthy.ws.send('ping');
    await new Promise((r) => setTimeout(r, 300));
    expect(healthy.frames).toContain('pong');
    expect(healthy.frames.some((f) => f.includes('"action":"snapshot"'))).toBe(true);
    healthy.ws.close();
  });
});
