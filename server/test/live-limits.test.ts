import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOO_MANY_CONNECTIONS } from '../src/transport/live/gateway';
import { startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
  await srv.app.settings.set('live.max_connections_per_ip', 3);
});
afterAll(() => srv.close());

/** Opens a socket; resolves with it once open, and tells how (and whether) it was closed within a while. */
async function connect(): Promise<{ ws: WebSocket; closed: Promise<number | null> }> {
  const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`);
  const closed = new Promise<number | null>((resolve) => {
    ws.on('close', (code) => resolve(code));
    setTimeout(() => resolve(null), 500);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, closed };
}

describe('live feed connections per address', () => {
  it('closes a connection beyond the allowance at once (1008), and a closed one frees its place', async () => {
    const held = [await connect(), await connect(), await connect()];
    const extra = await connect();
    expect(await extra.closed).toBe(TOO_MANY_CONNECTIONS);
    for (const h of held) expect(await h.closed).toBeNull();
    const first = held[0];
    if (!first) throw new Error('no socket');
    first.ws.close();
    await first.closed;
    await new Promise((r) => setTimeout(r, 100));
    const again = await connect();
    expect(await again.closed).toBeNull();
    for (const h of [...held.slice(1), again]) h.ws.close();
  });
});
