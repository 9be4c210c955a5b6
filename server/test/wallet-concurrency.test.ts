// Races over HTTP, as clients make them: many withdrawals of the same balance at once, and
// transfers both ways between two users at once. Always on PGlite (small); on PostgreSQL
// (TEST_DATABASE_URL) with 100 calls each.
import { randomBytes } from 'node:crypto';
import { formatAmount, parseAmount } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

const minor = (text: string) => {
  const v = parseAmount(text, 6);
  if (v === null) throw new Error(`bad amount ${text}`);
  return v;
};
const usdt = (m: bigint) => formatAmount(m, 6);
const rid = () => `race-${randomBytes(8).toString('hex')}`;

/** The harness's server on the store it would choose, or on PGlite whatever the environment says. */
async function serverOn(store: 'pglite' | 'postgres'): Promise<TestServer> {
  if (store === 'postgres') return startServer();
  const saved = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    return await startServer();
  } finally {
    if (saved !== undefined) process.env.TEST_DATABASE_URL = saved;
  }
}

function races(store: 'pglite' | 'postgres', n: { withdrawals: number; transfers: number }) {
  let srv: TestServer;
  let finance: string;

  beforeAll(async () => {
    srv = await serverOn(store);
    expect(srv.app.deps.store.kind).toBe(store);
    finance = await operatorToken(srv);
  });
  afterAll(() => srv.close());

  async function funded(amount: string) {
    const u = await signedInUser(srv);
    await depositConfirmed(srv, u.token, finance, amount);
    return u;
  }

  async function balance(token: string) {
    const res = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token });
    const row = res.body.data.list.find((b) => b.asset === 'USDT');
    return { available: minor(row?.available ?? '0'), frozen: minor(row?.frozen ?? '0') };
  }

  async function expectHealthy() {
    expect(await srv.app.ledger.audit()).toEqual([]);
    expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  }

  it(`${n.withdrawals} concurrent withdrawals of the whole balance: exactly one is taken`, async () => {
    // 100 USDT + the 1 USDT fee: each request freezes the whole balance.
    const u = await funded('101');
    const results = await Promise.all(
      Array.from({ length: n.withdrawals }, (_, i) =>
        call(
          srv,
          '/api/withdraw/index',
          {
            address: `0x${randomBytes(20).toString('hex')}`,
            amount: '100',
            // Half go through the idempotency path, half without a request id.
            ...(i % 2 === 0 ? { request_id: rid() } : {}),
          },
          { token: u.token },
        ),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200)).toEqual(Array(n.withdrawals - 1).fill(2001));
    expect(
      results.filter((r) => r.body.code !== 200).every((r) => r.body.error === 'InsufficientBalance'),
    ).toBe(true);
    expect(await balance(u.token)).toEqual({ available: 0n, frozen: minor('101') });
    const list = await api(srv, '/api/withdraw/list', { page: 1 }, { token: u.token });
    expect(list.body.data.total).toBe(1);
    await expectHealthy();
  });

  it('concurrent withdrawals under the daily limit: no more is taken than the limit allows', async () => {
    // 50,000 USDT a day: eight requests of 20,000 race, with funds for all of them; the group commit puts
    // several in one batch, and each counts those before it.
    const u = await funded('200000');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(
          srv,
          '/api/withdraw/index',
          { address: `0x${randomBytes(20).toString('hex')}`, amount: '20000', request_id: rid() },
          { token: u.token },
        ),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(results.filter((r) => r.body.code !== 200).map((r) => r.body.error)).toEqual(
      Array(6).fill('DailyLimitExceeded'),
    );
    expect(await balance(u.token)).toEqual({ available: minor('159998'), frozen: minor('40002') });
    const list = await api(srv, '/api/withdraw/list', { page: 1 }, { token: u.token });
    expect(list.body.data.total).toBe(2);
    await expectHealthy();
  });

  it(`${n.transfers} concurrent transfers both ways, some unaffordable: consistent, no deadlock`, async () => {
    // A sends about 9.25 each time and gets about 2.25 back: whatever the order, A runs dry long
    // before its half is through (it can send at most n + n/2 × 3.25), so the server's order
    // decides which calls fail. B starts short too and can only pay once A's money arrives.
    const start = { a: minor(String(n.transfers)), b: minor(String(n.transfers * 0.6)) };
    const a = await funded(usdt(start.a));
    const b = await funded(usdt(start.b));
    const plan = Array.from({ length: n.transfers }, (_, i) => ({
      fromA: i % 2 === 0,
      amount: minor(i % 2 === 0 ? `${7 + (i % 5)}.25` : `${1 + (i % 3)}.25`),
      requestId: i % 4 < 2 ? rid() : undefined,
    }));
    const results = await Promise.all(
      plan.map((p) =>
        call(
          srv,
          '/api/transfer/index',
          {
            to: (p.fromA ? b : a).wallet.address,
            amount: usdt(p.amount),
            ...(p.requestId ? { request_id: p.requestId } : {}),
          },
          { token: (p.fromA ? a : b).token },
        ),
      ),
    );
    let aNet = 0n;
    let ok = 0;
    results.forEach((r, i) => {
      const p = plan[i];
      if (!p) return;
      if (r.body.code === 200) {
        ok++;
        aNet += p.fromA ? -p.amount : p.amount;
      } else {
        // Only refusals: a deadlock or serialization failure would show up here as a 500.
        expect(r.status).toBe(200);
        expect(r.body.error).toBe('InsufficientBalance');
      }
    });
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(n.transfers);
    const aEnd = await balance(a.token);
    const bEnd = await balance(b.token);
    expect(aEnd).toEqual({ available: start.a + aNet, frozen: 0n });
    expect(bEnd).toEqual({ available: start.b - aNet, frozen: 0n });
    expect(aEnd.available).toBeGreaterThanOrEqual(0n);
    expect(bEnd.available).toBeGreaterThanOrEqual(0n);
    expect(aEnd.available + bEnd.available).toBe(start.a + start.b);
    const listed = await api(srv, '/api/transfer/transferList', { page: 1 }, { token: a.token });
    expect(listed.body.data.total).toBe(ok);
    await expectHealthy();
  });
}

describe('races on PGlite', () => {
  races('pglite', { withdrawals: 10, transfers: 10 });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('races on PostgreSQL', () => {
  races('postgres', { withdrawals: 100, transfers: 100 });
});
