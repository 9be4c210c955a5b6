// Operators on a user's money: the ledger accounts, the journal with the balance each posting left
// (checked against a recomputation over deposits, transfers, holds and trades, page after page), an
// address's past use across users, the withdrawal item's link to its user, and the wallet's dashboard part.
import { parseAmount } from '@nexa/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { walletDeposits } from '../src/modules/wallet/tables';
import { schema } from '../src/store';
import {
  api,
  call,
  depositConfirmed,
  newOperatorToken,
  newWallet,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let admin: string;
let finance: string;
let support: string;

const db = () => srv.app.deps.store.db;

async function member() {
  const u = await signedInUser(srv);
  const me = present(await srv.app.modules.auth.authenticate(u.token), 'user');
  return { ...u, id: me.id, uid: me.uid, address: me.address };
}

async function accountsOf(userId: number): Promise<number> {
  const [r] = await db()
    .select({ n: count() })
    .from(schema.ledgerAccounts)
    .where(eq(schema.ledgerAccounts.userId, userId));
  return r?.n ?? 0;
}

type Posting = {
  id: number;
  account: string;
  asset: string;
  bucket: string;
  cause: string;
  amount: string;
  balance_after: string;
};

async function wholeJournal(userId: number, filter: Record<string, unknown> = {}): Promise<Posting[]> {
  const all: Posting[] = [];
  for (let page = 1; ; page++) {
    const res = await api(
      srv,
      '/admin/wallet/journal',
      { user_id: userId, page, size: 100, ...filter },
      { token: finance },
    );
    expect(res.body.code).toBe(200);
    all.push(...res.body.data.list);
    if (res.body.data.list.length < 100) {
      expect(all).toHaveLength(res.body.data.total);
      return all;
    }
  }
}

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
  support = await newOperatorToken(srv, admin, 'helpdesk', ['support']);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
});
afterAll(() => srv.close());

describe('balances', () => {
  it('lists every account the user holds, and reading opens none', async () => {
    const fresh = await member();
    const empty = await api(srv, '/admin/wallet/balances', { user_id: fresh.id }, { token: support });
    expect(empty.body.data).toEqual({ list: [] });
    await wholeJournal(fresh.id);
    expect(await accountsOf(fresh.id)).toBe(0);

    const u = await member();
    await depositConfirmed(srv, u.token, finance, '100');
    const moved = await api(
      srv,
      '/api/transferBalance/index',
      { asset: 'USDT', from: 'spot', to: 'futures', amount: '30' },
      { token: u.token },
    );
    expect(moved.body.code).toBe(200);
    const b = await api(srv, '/admin/wallet/balances', { user_id: u.id }, { token: support });
    expect(b.body.data.list).toEqual(
      expect.arrayContaining([
        { account: 'spot', asset: 'USDT', available: '70', frozen: '0' },
        { account: 'futures', asset: 'USDT', available: '30', frozen: '0' },
      ]),
    );
    expect(b.body.data.list).toHaveLength(2);
  });
});

describe('journal', () => {
  it('keeps an exact running balance per account over deposits, transfers, holds and trades', async () => {
    const a = await member();
    const b = await member();
    await depositConfirmed(srv, a.token, finance, '500');
    await depositConfirmed(srv, a.token, finance, '250.5');
    await depositConfirmed(srv, b.token, finance, '0.01', 'BTC');
    const ok = async (p: Promise<{ body: { code: number } }>) => expect((await p).body.code).toBe(200);
    await ok(
      api(srv, '/api/transfer/index', { to: b.address, asset: 'USDT', amount: '12.34' }, { token: a.token }),
    );
    await ok(api(srv, '/api/transfer/index', { to: a.uid, asset: 'USDT', amount: '2' }, { token: b.token }));
    await ok(
      api(
        srv,
        '/api/transferBalance/index',
        { asset: 'USDT', from: 'spot', to: 'futures', amount: '40' },
        { token: a.token },
      ),
    );
    await ok(
      api(
        srv,
        '/api/transferBalance/index',
        { asset: 'USDT', from: 'futures', to: 'spot', amount: '15' },
        { token: a.token },
      ),
    );
    // A resting buy holds, a crossing sell trades against it (fees on both sides), a withdrawal holds.
    await ok(
      call(
        srv,
        '/v1/order/submitTrade',
        { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '20000', sz: '0.005' },
        { token: a.token },
      ),
    );
    await ok(
      call(
        srv,
        '/v1/order/submitTrade',
        { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '20000', sz: '0.002' },
        { token: b.token },
      ),
    );
    await ok(
      api(
        srv,
        '/api/withdraw/index',
        { asset: 'USDT', address: newWallet().address, amount: '20' },
        { token: a.token },
      ),
    );

    const lines = await wholeJournal(a.id);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    // Newest first, and every cause that happened is there.
    expect(lines.map((l) => l.id)).toEqual([...lines.map((l) => l.id)].sort((x, y) => y - x));
    const causes = new Set(lines.map((l) => l.cause));
    expect(causes.size).toBeGreaterThanOrEqual(5);

    // Recomputed from the postings alone, oldest first, per account, asset and bucket.
    const running = new Map<string, bigint>();
    const scale = (asset: string) => (asset === 'BTC' ? 8 : 6);
    /** A signed decimal in minor units. */
    const minor = (text: string, asset: string) =>
      text.startsWith('-')
        ? -present(parseAmount(text.slice(1), scale(asset)), text)
        : present(parseAmount(text, scale(asset)), text);
    for (const l of [...lines].reverse()) {
      const key = `${l.account}:${l.asset}:${l.bucket}`;
      const amount = minor(l.amount, l.asset);
      const next = (running.get(key) ?? 0n) + amount;
      running.set(key, next);
      expect(minor(l.balance_after, l.asset), `${key} #${l.id}`).toBe(next);
    }
    // And the running balances end where the accounts are.
    const bal = await api(srv, '/admin/wallet/balances', { user_id: a.id }, { token: finance });
    for (const acc of bal.body.data.list) {
      for (const bucket of ['available', 'frozen'] as const) {
        const kept = running.get(`${acc.account}:${acc.asset}:${bucket}`) ?? 0n;
        expect(kept, `${acc.account}:${acc.asset}:${bucket}`).toBe(
          parseAmount(acc[bucket], scale(acc.asset)),
        );
      }
    }
    expect(lines.some((l) => l.account === 'spot' && l.asset === 'BTC')).toBe(true);

    // Filters narrow it; pages are stable and never overlap.
    const futures = await wholeJournal(a.id, { account: 'futures' });
    expect(futures.length).toBe(2);
    expect(futures.every((l) => l.account === 'futures')).toBe(true);
    const btc = await wholeJournal(a.id, { asset: 'btc' });
    expect(btc.length).toBeGreaterThan(0);
    expect(btc.every((l) => l.asset === 'BTC')).toBe(true);
    const frozen = await wholeJournal(a.id, { bucket: 'frozen' });
    expect(frozen.every((l) => l.bucket === 'frozen')).toBe(true);
    expect(frozen.length).toBeGreaterThan(0);
    const pageOf = async (page: number) =>
      (await api(srv, '/admin/wallet/journal', { user_id: a.id, page, size: 3 }, { token: support })).body
        .data.list;
    const [p1, p2, p3] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect([...p1, ...p2, ...p3]).toEqual(lines.slice(0, 9));
    expect(await pageOf(2)).toEqual(p2);
  });

  it('refuses bad input and unknown users, opening nothing', async () => {
    const u = await member();
    for (const body of [
      { user_id: -1 },
      { user_id: 0 },
      { user_id: 2 ** 31 },
      { user_id: 'abc' },
      { user_id: u.id, account: 'savings' },
      { user_id: u.id, asset: '$$' },
      { user_id: u.id, bucket: 'elsewhere' },
      { user_id: u.id, size: 1000 },
      { user_id: u.id, page: -1 },
    ]) {
      const bad = await call(srv, '/admin/wallet/journal', body, { token: finance });
      expect(bad.body.error, JSON.stringify(body)).toBe('ValidationFailed');
    }
    for (const path of ['/admin/wallet/journal', '/admin/wallet/balances'] as const) {
      expect((await call(srv, path, { user_id: 2_000_000_000 }, { token: finance })).body.error).toBe(
        'NotFound',
      );
      // A user is no operator.
      expect((await call(srv, path, { user_id: u.id }, { token: u.token })).body.code).not.toBe(200);
    }
    expect(await accountsOf(u.id)).toBe(0);
  });
});

describe('an address’s past use', () => {
  it('shows withdrawals to it and deposits on it across users, and whose address it is', async () => {
    const a = await member();
    const b = await member();
    const owner = await member();
    for (const u of [a, b]) await depositConfirmed(srv, u.token, finance, '100');
    const target = owner.address;
    const wa = await api(
      srv,
      '/api/withdraw/index',
      { asset: 'USDT', address: target.toUpperCase().replace('0X', '0x'), amount: '20' },
      { token: a.token },
    );
    const wb = await api(
      srv,
      '/api/withdraw/index',
      { asset: 'USDT', address: target, amount: '15' },
      { token: b.token },
    );
    expect(wa.body.code).toBe(200);
    expect(wb.body.code).toBe(200);
    // A deposit the watcher saw arrive on the address.
    await db()
      .insert(walletDeposits)
      .values({
        userId: owner.id,
        asset: 'USDT',
        amount: 7_000_000n,
        chain: 'evm',
        txHash: `0x${'ab'.repeat(32)}`,
        address: target,
        status: 'approved',
        createdAt: srv.clock.now(),
        updatedAt: srv.clock.now(),
      });

    const use = await api(
      srv,
      '/admin/wallet/addressUse',
      { address: target.toUpperCase().replace('0X', '0x') },
      { token: support },
    );
    expect(use.body.data).toMatchObject({
      address: target,
      owner: { user_id: owner.id, uid: owner.uid, kind: 'sign_in' },
      users: 3,
      withdrawals: { total: 2 },
      deposits: { total: 1 },
    });
    expect(use.body.data.withdrawals.list).toEqual([
      expect.objectContaining({
        user_id: b.id,
        uid: b.uid,
        amount: '15',
        status: 'pending',
        stage: 'requested',
      }),
      expect.objectContaining({
        user_id: a.id,
        uid: a.uid,
        amount: '20',
        status: 'pending',
        stage: 'requested',
      }),
    ]);
    expect(use.body.data.deposits.list).toEqual([
      expect.objectContaining({ user_id: owner.id, amount: '7', status: 'approved', chain: 'evm' }),
    ]);

    const fresh = await api(
      srv,
      '/admin/wallet/addressUse',
      { address: newWallet().address },
      { token: finance },
    );
    expect(fresh.body.data).toMatchObject({
      owner: null,
      users: 0,
      withdrawals: { total: 0, list: [] },
      deposits: { total: 0 },
    });
    for (const address of ['', '   ', 'x'.repeat(121), 12]) {
      expect((await call(srv, '/admin/wallet/addressUse', { address }, { token: finance })).body.error).toBe(
        'ValidationFailed',
      );
    }

    // The withdrawal queue links each item to its user.
    const queue = await api(
      srv,
      '/admin/withdrawals/list',
      { status: 'pending', page: 1, size: 100 },
      { token: finance },
    );
    const item = queue.body.data.list.find((w) => w.id === wa.body.data.id);
    expect(item).toMatchObject({ user_id: a.id, user: { uid: a.uid } });
    const deposits = await api(srv, '/admin/deposits/list', { page: 1 }, { token: support });
    expect(deposits.body.data.list.every((d) => typeof d.user_id === 'number')).toBe(true);
  });
});

describe('dashboard', () => {
  it('counts credited deposits and sent withdrawals since a moment, and the open queues', async () => {
    srv.clock.advance(60_000);
    const since = srv.clock.now();
    // Whatever earlier tests left open stays in the queues: measure from here.
    const start = await srv.app.modules.wallet.dashboard(since);
    expect(start.figures).toEqual([]);
    const queued = (part: typeof start, key: string) =>
      present(
        part.queues?.find((q) => q.key === key),
        key,
      );
    const openW = queued(start, 'withdrawals').count;
    const openD = queued(start, 'deposits').count;

    const u = await member();
    await depositConfirmed(srv, u.token, finance, '300');
    await depositConfirmed(srv, u.token, finance, '0.5');
    const claim = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'manual', tx_hash: `0x${'cd'.repeat(32)}`, amount: '9' },
      { token: u.token },
    );
    expect(claim.body.code).toBe(200);
    const w1 = await api(
      srv,
      '/api/withdraw/index',
      { asset: 'USDT', address: newWallet().address, amount: '50' },
      { token: u.token },
    );
    srv.clock.advance(1000);
    const w2 = await api(
      srv,
      '/api/withdraw/index',
      { asset: 'USDT', address: newWallet().address, amount: '25' },
      { token: u.token },
    );
    const mid = await srv.app.modules.wallet.dashboard(since);
    expect(mid.figures).toEqual([{ key: 'deposits', asset: 'USDT', count: 2, amount: 300_500_000n }]);
    expect(queued(mid, 'withdrawals').count).toBe(openW + 2);
    expect(queued(mid, 'deposits').count).toBe(openD + 1);

    const approved = await api(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: w1.body.data.id, tx_hash: `0x${'ef'.repeat(32)}` },
      // Not the operator who credited the user by hand.
      { token: admin },
    );
    expect(approved.body.data?.stage, JSON.stringify(approved.body)).toBe('sent');
    const end = await srv.app.modules.wallet.dashboard(since);
    expect(end.figures).toEqual(
      expect.arrayContaining([
        { key: 'deposits', asset: 'USDT', count: 2, amount: 300_500_000n },
        { key: 'withdrawals', asset: 'USDT', count: 1, amount: 50_000_000n },
      ]),
    );
    expect(queued(end, 'withdrawals').count).toBe(openW + 1);
    void w2;
  });
});
