import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

function open(query = ''): Promise<{ ws: WebSocket; next: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws${query}`);
    const queue: string[] = [];
    const waiters: Array<(m: string) => void> = [];
    ws.on('message', (data) => {
      const text = data.toString();
      const w = waiters.shift();
      if (w) w(text);
      else queue.push(text);
    });
    ws.on('open', () =>
      resolve({
        ws,
        next: () =>
          new Promise<string>((res) => {
            const m = queue.shift();
            if (m !== undefined) res(m);
            else waiters.push(res);
          }),
      }),
    );
    ws.on('error', reject);
  });
}

describe('live feed socket', () => {
  it('answers text ping with pong and ignores malformed messages', async () => {
    const { ws, next } = await open();
    ws.send('{not json');
    ws.send('ping');
    expect(await next()).toBe('pong');
    ws.close();
  });

  it('acknowledges OKX-shaped subscriptions to public channels', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT' }] }));
    expect(JSON.parse(await next())).toEqual({
      event: 'subscribe',
      arg: { channel: 'tickers', instId: 'BTC-USDT' },
    });
    ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'nonsense' }] }));
    expect(JSON.parse(await next())).toMatchObject({ event: 'error' });
    ws.close();
  });

  it('keeps update_order private: refused without a token, accepted with one', async () => {
    const anon = await open();
    anon.ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'update_order' }] }));
    expect(JSON.parse(await anon.next())).toMatchObject({ event: 'error', code: '60011' });
    anon.ws.close();
    const { token } = await signedInUser(srv);
    const mine = await open(`?token=${encodeURIComponent(token)}`);
    mine.ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'update_order' }] }));
    expect(JSON.parse(await mine.next())).toEqual({ event: 'subscribe', arg: { channel: 'update_order' } });
    mine.ws.close();
  });
});
