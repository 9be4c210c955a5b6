import { AssertionError } from 'node:assert';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { type Ledger, SYSTEM } from '../src/ledger';
import { queryRows, type Tx } from '../src/store';
import { type LedgerFixture, ledgerFixture, minor, testCause } from './ledger-fixture';

let f: LedgerFixture;
beforeAll(async () => {
  f = await ledgerFixture();
});
afterAll(() => f.drop());
afterEach(async () => {
  expect(await f.ledger.audit()).toEqual([]);
  expect((await f.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});

/** Accounts a row looks at: user accounts as absolute balances, system accounts as changes. */
const WATCHED = {
  A: { who: 'A', asset: 'USDT', kind: 'spot' },
  'A.futures': { who: 'A', asset: 'USDT', kind: 'futures' },
  'A.BTC': { who: 'A', asset: 'BTC', kind: 'spot' },
  B: { who: 'B', asset: 'USDT', kind: 'spot' },
} as const;
const WATCHED_SYSTEM = {
  deposits: [SYSTEM.deposits, 'USDT'],
  withdrawals: [SYSTEM.withdrawals, 'USDT'],
  fees: [SYSTEM.fees, 'USDT'],
  staking: [SYSTEM.rewards('staking'), 'USDT'],
  capital: [SYSTEM.capital('test'), 'USDT'],
  'desk.USDT': ['system:desk', 'USDT'],
  'desk.BTC': ['system:desk', 'BTC'],
} as const;
type Label = keyof typeof WATCHED;
type SystemLabel = keyof typeof WATCHED_SYSTEM;

interface Users {
  A: number;
  B: number;
}
type ErrorKind =
  | 'InsufficientBalance'
  | 'SystemFundsShort'
  | 'IdempotencyConflict'
  | 'ValidationFailed'
  | 'assertion';
interface Row {
  name: string;
  /** USDT on A's and B's spot accounts before the operation; `frozenA` is then frozen on A. */
  start: { A?: string; B?: string; frozenA?: string };
  op: (l: Ledger, tx: Tx, u: Users) => Promise<unknown>;
  /** Balances after: user accounts as "available/frozen" (USDT unless the label says), system accounts as the change of available. */
  want:
    | { users?: Partial<Record<Label, string>>; system?: Partial<Record<SystemLabel, string>> }
    | { error: ErrorKind };
}

const usdt = (t: string) => minor(t, 'USDT');
const spot = (userId: number, asset = 'USDT') => ({ userId, asset, kind: 'spot' as const });

const ROWS: Row[] = [
  {
    name: 'transfer part of a balance',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: usdt('30'), cause: 'transfer' }),
    want: { users: { A: '70/0', B: '30/0' } },
  },
  {
    name: 'transfer the whole balance',
    start: { A: '100', B: '1' },
    op: (l, tx, u) =>
      l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: usdt('100'), cause: 'transfer' }),
    want: { users: { A: '0/0', B: '101/0' } },
  },
  {
    name: 'transfer one minor unit too many',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: usdt('100.000001'), cause: 'transfer' }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'transfer from an empty account',
    start: { B: '5' },
    op: (l, tx, u) => l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: 1n, cause: 'transfer' }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'internal transfer spot → futures',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.transfer(tx, {
        from: spot(u.A),
        to: { userId: u.A, asset: 'USDT', kind: 'futures' },
        amount: usdt('40'),
        cause: testCause('transfer.internal'),
      }),
    want: { users: { A: '60/0', 'A.futures': '40/0' } },
  },
  {
    name: 'transfer cannot spend frozen funds',
    start: { A: '100', frozenA: '80' },
    op: (l, tx, u) =>
      l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: usdt('21'), cause: 'transfer' }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'freeze for a withdrawal',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.freeze(tx, { account: spot(u.A), amount: usdt('41'), cause: testCause('withdrawal.request') }),
    want: { users: { A: '59/41' } },
  },
  {
    name: 'freeze everything',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.freeze(tx, { account: spot(u.A), amount: usdt('100'), cause: testCause('withdrawal.request') }),
    want: { users: { A: '0/100' } },
  },
  {
    name: 'freeze more than available',
    start: { A: '100', frozenA: '10' },
    op: (l, tx, u) =>
      l.freeze(tx, { account: spot(u.A), amount: usdt('90.000001'), cause: testCause('withdrawal.request') }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'release part of a hold',
    start: { A: '100', frozenA: '40' },
    op: (l, tx, u) =>
      l.release(tx, { account: spot(u.A), amount: usdt('15'), cause: testCause('withdrawal.reject') }),
    want: { users: { A: '75/25' } },
  },
  {
    name: 'release more than is frozen',
    start: { A: '100', frozenA: '40' },
    op: (l, tx, u) =>
      l.release(tx, { account: spot(u.A), amount: usdt('40.000001'), cause: testCause('withdrawal.reject') }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'settle a pending withdrawal to system:withdrawals',
    start: { A: '100', frozenA: '40' },
    op: (l, tx, u) =>
      l.settle(tx, {
        from: spot(u.A),
        to: { system: SYSTEM.withdrawals, asset: 'USDT' },
        amount: usdt('40'),
        cause: testCause('withdrawal.sent'),
      }),
    want: { users: { A: '60/0' }, system: { withdrawals: '40' } },
  },
  {
    name: 'settle a purchase in escrow to another user',
    start: { A: '100', frozenA: '30' },
    op: (l, tx, u) =>
      l.settle(tx, { from: spot(u.A), to: spot(u.B), amount: usdt('30'), cause: testCause('shop.settle') }),
    want: { users: { A: '70/0', B: '30/0' } },
  },
  {
    name: 'settle more than is frozen',
    start: { A: '100', frozenA: '40' },
    op: (l, tx, u) =>
      l.settle(tx, {
        from: spot(u.A),
        to: { system: SYSTEM.withdrawals, asset: 'USDT' },
        amount: usdt('41'),
        cause: testCause('withdrawal.sent'),
      }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'a reward program never pays more than its account holds',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.credit(tx, {
        account: spot(u.A),
        system: SYSTEM.rewards('staking'),
        amount: usdt('2.5'),
        cause: testCause('staking.profit'),
      }),
    want: { error: 'SystemFundsShort' },
  },
  {
    name: 'operator capital is a counter account (it may go negative)',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.credit(tx, {
        account: spot(u.A),
        system: SYSTEM.capital('test'),
        amount: usdt('2.5'),
        cause: testCause('demo.inventory'),
      }),
    want: { users: { A: '102.5/0' }, system: { capital: '-2.5' } },
  },
  {
    name: 'debit a fee',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.debit(tx, { account: spot(u.A), system: SYSTEM.fees, amount: usdt('1'), cause: testCause('fee') }),
    want: { users: { A: '99/0' }, system: { fees: '1' } },
  },
  {
    name: 'debit more than available',
    start: { A: '100', frozenA: '100' },
    op: (l, tx, u) =>
      l.debit(tx, { account: spot(u.A), system: SYSTEM.fees, amount: 1n, cause: testCause('fee') }),
    want: { error: 'InsufficientBalance' },
  },
  {
    name: 'a desk without BTC cannot sell BTC',
    start: { A: '100' },
    op: async (l, tx, u) => {
      const [aUsdt, aBtc, xUsdt, xBtc] = [
        await l.account(tx, spot(u.A)),
        await l.account(tx, spot(u.A, 'BTC')),
        await l.systemAccount(tx, 'system:desk', 'USDT'),
        await l.systemAccount(tx, 'system:desk', 'BTC'),
      ];
      return l.post(tx, {
        cause: 'exchange',
        userId: u.A,
        postings: [
          { account: aUsdt, bucket: 'available', amount: -usdt('50') },
          { account: xUsdt, bucket: 'available', amount: usdt('50') },
          { account: xBtc, bucket: 'available', amount: -minor('0.001', 'BTC') },
          { account: aBtc, bucket: 'available', amount: minor('0.001', 'BTC') },
        ],
      });
    },
    want: { error: 'SystemFundsShort' },
  },
  {
    name: 'zero amount refused',
    start: { A: '100' },
    op: (l, tx, u) => l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: 0n, cause: 'transfer' }),
    want: { error: 'assertion' },
  },
  {
    name: 'negative amount refused',
    start: { A: '100' },
    op: (l, tx, u) => l.transfer(tx, { from: spot(u.A), to: spot(u.B), amount: -5n, cause: 'transfer' }),
    want: { error: 'assertion' },
  },
  {
    name: 'negative freeze refused',
    start: { A: '100', frozenA: '10' },
    op: (l, tx, u) =>
      l.freeze(tx, { account: spot(u.A), amount: -usdt('10'), cause: testCause('withdrawal.request') }),
    want: { error: 'assertion' },
  },
  {
    name: 'zero posting refused',
    start: { A: '100' },
    op: async (l, tx, u) => {
      const a = await l.account(tx, spot(u.A));
      const b = await l.account(tx, spot(u.B));
      return l.post(tx, {
        cause: testCause('test'),
        postings: [
          { account: a, bucket: 'available', amount: -1n },
          { account: b, bucket: 'available', amount: 1n },
          { account: b, bucket: 'frozen', amount: 0n },
        ],
      });
    },
    want: { error: 'assertion' },
  },
  {
    name: 'unbalanced postings refused',
    start: { A: '100' },
    op: async (l, tx, u) => {
      const a = await l.account(tx, spot(u.A));
      const b = await l.account(tx, spot(u.B));
      return l.post(tx, {
        cause: testCause('test'),
        postings: [
          { account: a, bucket: 'available', amount: -usdt('10') },
          { account: b, bucket: 'available', amount: usdt('10.000001') },
        ],
      });
    },
    want: { error: 'assertion' },
  },
  {
    name: 'postings balanced in total but not per asset refused',
    start: { A: '100' },
    op: async (l, tx, u) => {
      const a = await l.account(tx, spot(u.A));
      const b = await l.account(tx, spot(u.B, 'BTC'));
      return l.post(tx, {
        cause: testCause('test'),
        postings: [
          { account: a, bucket: 'available', amount: -100n },
          { account: b, bucket: 'available', amount: 100n },
        ],
      });
    },
    want: { error: 'assertion' },
  },
  {
    name: 'empty postings refused',
    start: { A: '100' },
    op: (l, tx) => l.post(tx, { cause: testCause('test'), postings: [] }),
    want: { error: 'assertion' },
  },
  {
    name: 'transfer between two assets refused',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.transfer(tx, { from: spot(u.A), to: spot(u.B, 'BTC'), amount: 1n, cause: 'transfer' }),
    want: { error: 'assertion' },
  },
  {
    name: 'transfer to the same account refused',
    start: { A: '100' },
    op: (l, tx, u) => l.transfer(tx, { from: spot(u.A), to: spot(u.A), amount: 1n, cause: 'transfer' }),
    want: { error: 'assertion' },
  },
  {
    name: 'unknown asset',
    start: { A: '100' },
    op: (l, tx, u) =>
      l.credit(tx, { account: spot(u.A, 'ZZZ'), system: SYSTEM.deposits, amount: 1n, cause: 'deposit' }),
    want: { error: 'ValidationFailed' },
  },
  {
    name: 'unknown system account asset',
    start: { A: '100' },
    op: (l, tx) => l.systemAccount(tx, SYSTEM.fees, 'ZZZ'),
    want: { error: 'ValidationFailed' },
  },
];

async function snapshot(u: Users) {
  const users: Record<string, string> = {};
  for (const [label, w] of Object.entries(WATCHED)) {
    const b = await f.balance(u[w.who], w.asset, w.kind);
    const scale = w.asset === 'USDT' ? 6 : 8;
    users[label] = `${fmt(b.available, scale)}/${fmt(b.frozen, scale)}`;
  }
  const system: Record<string, bigint> = {};
  for (const [label, [name, asset]] of Object.entries(WATCHED_SYSTEM)) {
    system[label] = (await f.systemBalance(name, asset)).available;
  }
  const journal = await queryRows<{ n: string }>(
    f.store.db,
    sql`select count(*)::text as n from ledger_postings`,
  );
  return { users, system, postings: journal[0]?.n };
}

function fmt(minorUnits: bigint, scale: number): string {
  const base = 10n ** BigInt(scale);
  const frac = (minorUnits % base).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${minorUnits / base}${frac ? `.${frac}` : ''}`;
}

async function expectError(p: Promise<unknown>, kind: ErrorKind) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (kind === 'assertion') {
    expect(err).toBeInstanceOf(AssertionError);
  } else {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).errorName).toBe(kind);
  }
}

describe('ledger operations', () => {
  it.each(ROWS)('$name', async (row) => {
    const u = { A: f.newUser(), B: f.newUser() };
    if (row.start.A) await f.deposit(u.A, 'USDT', usdt(row.start.A));
    if (row.start.B) await f.deposit(u.B, 'USDT', usdt(row.start.B));
    if (row.start.frozenA) {
      const amount = usdt(row.start.frozenA);
      await f.inTx((tx) =>
        f.ledger.freeze(tx, { account: spot(u.A), amount, cause: testCause('withdrawal.request') }),
      );
    }
    const before = await snapshot(u);
    const run = f.inTx((tx) => row.op(f.ledger, tx, u));
    if ('error' in row.want) {
      await expectError(run, row.want.error);
      expect(await snapshot(u)).toEqual(before);
      return;
    }
    await run;
    const after = await snapshot(u);
    const wantUsers = { ...before.users, ...row.want.users };
    expect(after.users).toEqual(wantUsers);
    const wantSystem = { ...before.system };
    for (const [label, change] of Object.entries(row.want.system ?? {})) {
      const l = label as SystemLabel;
      const asset = WATCHED_SYSTEM[l][1];
      const negative = change.startsWith('-');
      const amount = minor(negative ? change.slice(1) : change, asset);
      wantSystem[l] = (before.system[l] ?? 0n) + (negative ? -amount : amount);
    }
    expect(after.system).toEqual(wantSystem);
  });
});

describe('ledger records', () => {
  it('posts return the journal transaction; history lists postings newest first with filters and totals', async () => {
    const a = f.newUser();
    const b = f.newUser();
    await f.deposit(a, 'USDT', usdt('100'));
    f.clock.advance(1000);
    await f.deposit(a, 'BTC', minor('0.5', 'BTC'));
    f.clock.advance(1000);
    const txId = await f.inTx((tx) =>
      f.ledger.transfer(tx, {
        from: spot(a),
        to: spot(b),
        amount: usdt('12.5'),
        cause: 'transfer',
        ref: 'tr_1',
        remark: 'to a friend',
        requestId: 'req-1',
      }),
    );
    expect(txId).toBeGreaterThan(0);
    f.clock.advance(1000);
    await f.inTx((tx) =>
      f.ledger.freeze(tx, { account: spot(a), amount: usdt('20'), cause: testCause('withdrawal.request') }),
    );

    const all = await f.ledger.history(a, { page: 1, size: 10 });
    expect(all.total).toBe(5);
    expect(all.list.map((r) => [r.cause, r.asset, r.bucket, r.amount, r.balanceAfter])).toEqual([
      ['withdrawal.request', 'USDT', 'frozen', usdt('20'), usdt('20')],
      ['withdrawal.request', 'USDT', 'available', -usdt('20'), usdt('67.5')],
      ['transfer', 'USDT', 'available', -usdt('12.5'), usdt('87.5')],
      ['deposit', 'BTC', 'available', minor('0.5', 'BTC'), minor('0.5', 'BTC')],
      ['deposit', 'USDT', 'available', usdt('100'), usdt('100')],
    ]);
    const ids = all.list.map((r) => r.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const transfer = all.list[2];
    expect(transfer).toMatchObject({ transactionId: txId, ref: 'tr_1', remark: 'to a friend', kind: 'spot' });

    const page2 = await f.ledger.history(a, { page: 2, size: 2 });
    expect(page2.total).toBe(5);
    expect(page2.list.map((r) => r.id)).toEqual(ids.slice(2, 4));

    expect((await f.ledger.history(a, { asset: 'BTC', page: 1, size: 10 })).total).toBe(1);
    expect((await f.ledger.history(a, { cause: 'transfer', page: 1, size: 10 })).total).toBe(1);
    expect((await f.ledger.history(a, { bucket: 'frozen', page: 1, size: 10 })).total).toBe(1);
    expect((await f.ledger.history(a, { kind: 'futures', page: 1, size: 10 })).total).toBe(0);
    const bh = await f.ledger.history(b, { page: 1, size: 10 });
    expect(bh.list.map((r) => [r.cause, r.amount])).toEqual([['transfer', usdt('12.5')]]);

    const [tr] = await queryRows<{ user_id: number; request_id: string }>(
      f.store.db,
      sql`select user_id, request_id from ledger_transactions where id = ${txId}`,
    );
    expect(tr).toEqual({ user_id: a, request_id: 'req-1' });

    expect(await f.ledger.balances(a)).toEqual([
      { asset: 'BTC', kind: 'spot', available: minor('0.5', 'BTC'), frozen: 0n },
      { asset: 'USDT', kind: 'spot', available: usdt('67.5'), frozen: usdt('20') },
    ]);
    expect(await f.ledger.balances(f.newUser())).toEqual([]);
  });

  it('get-or-create returns the same account every time', async () => {
    const u = f.newUser();
    const first = await f.ledger.account(f.store.db, { userId: u, asset: 'ETH', kind: 'card' });
    const again = await f.inTx((tx) => f.ledger.account(tx, { userId: u, asset: 'ETH', kind: 'card' }));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ userId: u, asset: 'ETH', kind: 'card', systemName: null });
    const sys = await f.ledger.systemAccount(f.store.db, SYSTEM.rewards('mining'), 'ETH');
    expect(await f.ledger.systemAccount(f.store.db, SYSTEM.rewards('mining'), 'ETH')).toEqual(sys);
    expect(sys).toMatchObject({ userId: null, kind: 'system', systemName: 'system:rewards:mining' });
  });

  it('solvency: user liabilities equal minus the system accounts, per asset', async () => {
    const u = f.newUser();
    await f.deposit(u, 'ETH', minor('3', 'ETH'));
    await f.inTx((tx) =>
      f.ledger.freeze(tx, { account: spot(u, 'ETH'), amount: minor('1', 'ETH'), cause: testCause('x') }),
    );
    const lines = await f.ledger.solvency();
    const eth = lines.find((l) => l.asset === 'ETH');
    expect(eth?.balanced).toBe(true);
    expect(eth?.liabilities).toBe(-(eth?.system ?? 0n));
    expect(eth?.liabilities).toBeGreaterThanOrEqual(minor('3', 'ETH'));
    expect(eth?.systemAccounts.map((s) => s.name)).toContain(SYSTEM.deposits);
  });

  it('balance checks run before any write, in the caller transaction', async () => {
    const a = f.newUser();
    const b = f.newUser();
    await f.deposit(a, 'USDT', usdt('10'));
    // A transaction whose second movement fails leaves no trace of the first.
    const failed = f.inTx(async (tx) => {
      await f.ledger.transfer(tx, { from: spot(a), to: spot(b), amount: usdt('6'), cause: 'transfer' });
      await f.ledger.transfer(tx, { from: spot(a), to: spot(b), amount: usdt('6'), cause: 'transfer' });
    });
    await expectError(failed, 'InsufficientBalance');
    expect(await f.balance(a, 'USDT')).toEqual({ available: usdt('10'), frozen: 0n });
    expect(await f.balance(b, 'USDT')).toEqual({ available: 0n, frozen: 0n });
  });
});

describe('idempotency', () => {
  it('a retry returns the first answer and moves money once', async () => {
    const a = f.newUser();
    const b = f.newUser();
    await f.deposit(a, 'USDT', usdt('100'));
    let runs = 0;
    const body = { to: b, amount: '25', coin: 'USDT' };
    const send = () =>
      f.ledger.withIdempotency(a, 'rq-1', '/api/transfer', body, async (tx) => {
        runs++;
        const id = await f.ledger.transfer(tx, {
          from: spot(a),
          to: spot(b),
          amount: usdt(body.amount),
          cause: 'transfer',
          requestId: 'rq-1',
        });
        return { id, at: f.clock.now() };
      });
    const first = await send();
    f.clock.advance(5000);
    const second = await send();
    expect(second).toEqual(first);
    expect(typeof first.at).toBe('string'); // the first caller gets the same JSON a retry gets
    expect(runs).toBe(1);
    expect(await f.balance(a, 'USDT')).toEqual({ available: usdt('75'), frozen: 0n });
    // Same body with keys in another order is the same request.
    const reordered = await f.ledger.withIdempotency(
      a,
      'rq-1',
      '/api/transfer',
      { coin: 'USDT', amount: '25', to: b },
      async () => {
        runs++;
        return null;
      },
    );
    expect(reordered).toEqual(first);
    expect(runs).toBe(1);
  });

  it('the same id with another body or scope is a conflict; other users and ids are independent', async () => {
    const a = f.newUser();
    const run = (userId: number, id: string, scope: string, body: unknown) =>
      f.ledger.withIdempotency(userId, id, scope, body, async () => ({ ok: true }));
    await run(a, 'rq', '/api/transfer', { amount: '1' });
    await expectError(run(a, 'rq', '/api/transfer', { amount: '2' }), 'IdempotencyConflict');
    await expectError(run(a, 'rq', '/api/withdraw', { amount: '1' }), 'IdempotencyConflict');
    expect(await run(f.newUser(), 'rq', '/api/transfer', { amount: '2' })).toEqual({ ok: true });
    expect(await run(a, 'rq-2', '/api/transfer', { amount: '2' })).toEqual({ ok: true });
  });

  it('a call that fails stores nothing, so its retry runs again', async () => {
    const a = f.newUser();
    const b = f.newUser();
    const send = () =>
      f.ledger.withIdempotency(a, 'rq-f', '/api/transfer', { amount: '5' }, (tx) =>
        f.ledger.transfer(tx, { from: spot(a), to: spot(b), amount: usdt('5'), cause: 'transfer' }),
      );
    await expectError(send(), 'InsufficientBalance');
    await f.deposit(a, 'USDT', usdt('5'));
    expect(await send()).toBeGreaterThan(0);
    expect(await f.balance(b, 'USDT')).toEqual({ available: usdt('5'), frozen: 0n });
  });
});

describe('the database backs the code up', () => {
  it('refuses a negative user balance, edits of the journal and postings in a foreign asset', async () => {
    const u = f.newUser();
    await f.deposit(u, 'USDT', usdt('1'));
    const acc = await f.ledger.account(f.store.db, spot(u));
    const refused = async (q: ReturnType<typeof sql>) => {
      const ok = await f
        .inTx((tx) => tx.execute(q))
        .then(
          () => true,
          () => false,
        );
      expect(ok).toBe(false);
    };
    await refused(sql`update ledger_accounts set available = -1 where id = ${acc.id}`);
    await refused(sql`update ledger_accounts set frozen = -1 where id = ${acc.id}`);
    await refused(sql`update ledger_postings set amount = amount + 1 where account_id = ${acc.id}`);
    await refused(sql`delete from ledger_postings where account_id = ${acc.id}`);
    await refused(sql`update ledger_transactions set cause = 'x' where user_id = ${u}`);
    await refused(
      sql`insert into ledger_postings (transaction_id, account_id, asset, bucket, amount, balance_after)
          select transaction_id, account_id, 'BTC', bucket, amount, balance_after from ledger_postings
          where account_id = ${acc.id} limit 1`,
    );
    await refused(
      sql`insert into ledger_accounts (user_id, system_name, asset, kind) values (${u}, 'system:x', 'USDT', 'spot')`,
    );
  });
});

describe('audit', () => {
  it('finds unbalanced transactions, projections that disagree with the journal and negative users', async () => {
    const g = await ledgerFixture({ pglite: true });
    try {
      const u = g.newUser();
      await g.deposit(u, 'USDT', usdt('10'));
      expect(await g.ledger.audit()).toEqual([]);
      const acc = await g.ledger.account(g.store.db, spot(u));
      // Tampering behind the ledger's back.
      await g.store.db.execute(
        sql`update ledger_accounts set available = available + 1 where id = ${acc.id}`,
      );
      await g.store.db.execute(
        sql`alter table ledger_accounts drop constraint ledger_accounts_user_nonnegative_check`,
      );
      await g.store.db.execute(sql`update ledger_accounts set frozen = -3 where id = ${acc.id}`);
      const [t] = await queryRows<{ id: number }>(
        g.store.db,
        sql`insert into ledger_transactions (cause) values ('forged') returning id`,
      );
      await g.store.db.execute(
        sql`insert into ledger_postings (transaction_id, account_id, asset, bucket, amount, balance_after)
            values (${t?.id}, ${acc.id}, 'USDT', 'available', 7, 999)`,
      );
      await g.store.db.execute(sql`insert into ledger_transactions (cause) values ('empty')`);
      const found = await g.ledger.audit();
      const checks = found.map((v) => v.check).sort();
      expect(checks).toEqual([
        'empty_transaction',
        'negative_balance',
        'projection_mismatch',
        'projection_mismatch',
        'running_balance_mismatch',
        'unbalanced_transaction',
      ]);
      expect(found).toContainEqual({
        check: 'unbalanced_transaction',
        transactionId: Number(t?.id),
        asset: 'USDT',
        sum: 7n,
      });
      expect(found).toContainEqual({
        check: 'projection_mismatch',
        accountId: acc.id,
        bucket: 'available',
        projected: usdt('10') + 1n,
        posted: usdt('10') + 7n,
      });
      expect(found).toContainEqual({
        check: 'negative_balance',
        accountId: acc.id,
        bucket: 'frozen',
        balance: -3n,
      });
      const usdtLine = (await g.ledger.solvency()).find((l) => l.asset === 'USDT');
      expect(usdtLine?.balanced).toBe(false);
    } finally {
      await g.drop();
    }
  });
});
