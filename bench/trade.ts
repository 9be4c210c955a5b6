// End to end: submitTrade calls per second over HTTP (signed, enveloped, signed-in users, ledger
// settlement, persistence), against a plain Fastify echo route on the same machine as the baseline.
import Fastify from 'fastify';
import { systemClock } from '../server/src/kernel/clock';
import { call, depositConfirmed, signedInUser, startServer, type TestServer } from '../server/test/harness';

const CALLS = Number(process.env.TRADE_BENCH_CALLS ?? 1000);
const CONCURRENCY = 8;

async function fund(srv: TestServer, token: string, asset: string, amount: string, finance: string) {
  // A deposit the operator confirms (a second operator approves it from the four-eyes threshold on).
  await depositConfirmed(srv, token, finance, amount, asset);
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function run(label: string, n: number, one: (i: number) => Promise<boolean>) {
  const lat: number[] = [];
  let ok = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t = performance.now();
        if (await one(i)) ok++;
        lat.push(performance.now() - t);
      }
    }),
  );
  const s = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  return { label, n, ok, s, perSec: n / s, p50: pct(lat, 0.5), p99: pct(lat, 0.99) };
}

export async function tradeBench(): Promise<void> {
  const srv = await startServer({ clock: systemClock as never });
  const rows = [];
  try {
    const login = await call<{ token: string }>(srv, '/admin/auth/login', {
      name: 'finance',
      password: 'nexa-finance',
    });
    const finance = login.body.data.token;
    const buyer = await signedInUser(srv);
    const seller = await signedInUser(srv);
    await fund(srv, buyer.token, 'USDT', '10000000', finance);
    await fund(srv, seller.token, 'BTC', '1000', finance);
    // Alternating resting sells and crossing buys: half the calls rest, half fill.
    rows.push(
      await run('submitTrade (HTTP, envelope, ledger)', CALLS, async (i) => {
        const sell = i % 2 === 0;
        const res = await call(
          srv,
          '/v1/order/submitTrade',
          { instId: 'BTC-USDT', side: sell ? 'sell' : 'buy', type: 'limit', px: '65000', sz: '0.001' },
          { token: sell ? seller.token : buyer.token },
        );
        return res.body.code === 200;
      }),
    );
  } finally {
    await srv.close();
  }
  const echo = Fastify();
  echo.post('/echo', async (req) => ({ code: 200, msg: 'Success', data: req.body }));
  await echo.listen({ port: 0, host: '127.0.0.1' });
  const addr = echo.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/echo`;
  rows.push(
    await run('plain Fastify echo (baseline)', CALLS * 5, async (i) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '65000', sz: '0.001', i }),
      });
      return (await res.json()).code === 200;
    }),
  );
  await echo.close();
  const base = rows[1]?.perSec ?? 1;
  console.log(`end-to-end order calls, ${CONCURRENCY} concurrent clients, embedded store (PGlite)`);
  console.log(
    '  call                                    calls   ok     s    calls/s  p50 ms  p99 ms  vs baseline',
  );
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(38)} ${String(r.n).padStart(6)} ${String(r.ok).padStart(5)} ${r.s.toFixed(1).padStart(5)} ${r.perSec.toFixed(0).padStart(9)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${(r.perSec / base).toFixed(3)}×`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await tradeBench();
