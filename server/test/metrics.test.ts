// Prometheus metrics at /metrics: calls by path with their latency, orders, writer batches, the live
// feed's sockets and Node's own; read by the machine itself, or with the configured bearer token only.
import { afterAll, expect, it } from 'vitest';
import { call, signedInUser, startServer, type TestServer } from './harness';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

it('answers the machine itself with calls, orders, batches, sockets and the event loop', async () => {
  const srv = await startServer();
  servers.push(srv);
  const u = await signedInUser(srv);
  expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(200);
  await call(
    srv,
    '/v1/order/submitTrade',
    { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '1', sz: '1' },
    {
      token: u.token,
    },
  );
  const res = await fetch(`${srv.url}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/nexa_call_seconds_count\{path="\/api\/user\/info",status="200"\} 1/);
  expect(text).toMatch(/nexa_orders_total\{path="\/v1\/order\/submitTrade",status="200"\} 1/);
  expect(text).toContain('nexa_ws_clients 0');
  expect(text).toContain('nexa_writer_lease_held 1');
  expect(text).toContain('nexa_nodejs_eventloop_lag_seconds');
});

it('asks for the bearer token when one is configured', async () => {
  const srv = await startServer({ env: { METRICS_TOKEN: 'metrics-token-for-tests' } });
  servers.push(srv);
  expect((await fetch(`${srv.url}/metrics`)).status).toBe(403);
  const forged = await fetch(`${srv.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
  expect(forged.status).toBe(403);
  const ok = await fetch(`${srv.url}/metrics`, {
    headers: { authorization: 'Bearer metrics-token-for-tests' },
  });
  expect(ok.status).toBe(200);
});
