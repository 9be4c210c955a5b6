import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { systemClock } from '../src/clock';
import { call, startServer, type TestServer } from './harness';

// A fresh start of the demo: the reference market walks, the maker quotes real orders, candles form.
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({
    env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '100' },
    clock: systemClock as never,
  });
});
afterAll(() => srv.close());

interface Depth {
  asks: Array<[string, string, number]>;
  bids: Array<[string, string, number]>;
}

describe('reference market', () => {
  it('shows a living book, candles and a books snapshot on the socket', async () => {
    let depth: Depth = { asks: [], bids: [] };
    for (let i = 0; i < 60 && (depth.asks.length < 5 || depth.bids.length < 5); i++) {
      await sleep(250);
      depth = (await call<Depth>(srv, '/v1/market/depth', { instId: 'BTC-USDT', n: 10 })).body.data;
    }
    expect(depth.asks.length).toBeGreaterThanOrEqual(5);
    expect(depth.bids.length).toBeGreaterThanOrEqual(5);
    const bestBid = Number(depth.bids[0]?.[0]);
    const bestAsk = Number(depth.asks[0]?.[0]);
    expect(bestBid).toBeLessThan(bestAsk);
    const candles = await call<unknown[][]>(srv, '/v1/market/candles', { instId: 'BTC-USDT', bar: '1m' });
    expect(candles.body.data.length, JSON.stringify(candles.body)).toBeGreaterThan(0);
    expect(candles.body.data[0]).toHaveLength(6);

    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`);
    const first = new Promise<Record<string, unknown>>((resolve) => {
      ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString()) as Record<string, unknown>;
        if (msg.action === 'snapshot') resolve(msg);
      });
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] }));
    const snap = (await first) as { data: Array<{ asks: unknown[]; bids: unknown[] }> };
    expect(snap.data[0]?.asks.length).toBeGreaterThan(0);
    ws.close();
    expect(await srv.app.ledger.audit()).toEqual([]);
  }, 40_000);
});
