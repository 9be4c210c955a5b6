import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { queryRows } from '../src/store';
import { type LedgerFixture, ledgerFixture, minor, testCause } from './ledger-fixture';

const usdt = (t: string) => minor(t, 'USDT');
const spot = (userId: number) => ({ userId, asset: 'USDT', kind: 'spot' as const });

function errorName(e: unknown): string {
  return e instanceof DomainError ? e.errorName : String(e);
}

/** The same races on any store; `n` is how many run at once. */
function races(
  open: () => Promise<LedgerFixture>,
  n: { holds: number; transfers: number; duplicates: number },
) {
  let f: LedgerFixture;
  beforeAll(async () => {
    f = await open();
  });
  afterAll(() => f.drop());

  it(`${n.holds} concurrent withdrawals of the whole balance: exactly one holds it`, async () => {
    const u = f.newUser();
    await f.deposit(u, 'USDT', usdt('100'));
    const acc = await f.ledger.account(f.store.db, spot(u));
    const results = await Promise.allSettled(
      Array.from({ length: n.holds }, (_, i) =>
        f.inTx((tx) =>
          f.ledger.freeze(tx, {
            account: acc,
            amount: usdt('100'),
            cause: testCause('withdrawal.request'),
            ref: `wd_${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(errorName(r.reason)).toBe('InsufficientBalance');
    expect(await f.balance(u, 'USDT')).toEqual({ available: 0n, frozen: usdt('100') });
    expect(await f.ledger.audit()).toEqual([]);
  });

  /** Runs `n` transfers between a and b at once; direction and amount per index. */
  async function crossfire(a: number, b: number, amountOf: (i: number) => bigint) {
    const plan = Array.from({ length: n.transfers }, (_, i) => ({
      from: i % 2 === 0 ? a : b,
      to: i % 2 === 0 ? b : a,
      amount: amountOf(i),
    }));
    const results = await Promise.allSettled(
      plan.map((p) =>
        f.inTx((tx) =>
          f.ledger.transfer(tx, { from: spot(p.from), to: spot(p.to), amount: p.amount, cause: 'transfer' }),
        ),
      ),
    );
    let aNet = 0n;
    let failed = 0;
    results.forEach((r, i) => {
      const p = plan[i];
      if (!p) return;
      if (r.status === 'fulfilled') aNet += p.from === a ? -p.amount : p.amount;
      else {
        failed++;
        // Only refusals: a deadlock or serialization failure would show up here.
        expect(errorName(r.reason)).toBe('InsufficientBalance');
      }
    });
    return { aNet, failed };
  }

  it(`${n.transfers} concurrent transfers both ways, all affordable: all succeed, no deadlock`, async () => {
    const a = f.newUser();
    const b = f.newUser();
    await f.deposit(a, 'USDT', usdt('1000'));
    await f.deposit(b, 'USDT', usdt('1000'));
    // Each side sends at most 50 × 9 = 450 < 1000: every order of execution is affordable.
    const { aNet, failed } = await crossfire(a, b, (i) => usdt(String(1 + (i % 9))));
    expect(failed).toBe(0);
    expect(await f.balance(a, 'USDT')).toEqual({ available: usdt('1000') + aNet, frozen: 0n });
    expect(await f.balance(b, 'USDT')).toEqual({ available: usdt('1000') - aNet, frozen: 0n });
    expect(await f.ledger.audit()).toEqual([]);
  });

  it(`${n.transfers} concurrent transfers both ways, over-subscribed: nothing negative, sums hold`, async () => {
    const a = f.newUser();
    const b = f.newUser();
    await f.deposit(a, 'USDT', usdt('30'));
    await f.deposit(b, 'USDT', usdt('5'));
    const { aNet } = await crossfire(a, b, (i) => usdt(String(4 + ((i * 7) % 13))));
    const balA = await f.balance(a, 'USDT');
    const balB = await f.balance(b, 'USDT');
    expect(balA.available).toBe(usdt('30') + aNet);
    expect(balB.available).toBe(usdt('5') - aNet);
    expect(balA.available).toBeGreaterThanOrEqual(0n);
    expect(balB.available).toBeGreaterThanOrEqual(0n);
    expect(balA.available + balB.available).toBe(usdt('35'));
    expect(await f.ledger.audit()).toEqual([]);
  });

  it(`${n.duplicates} concurrent duplicates of one request: one execution, one answer`, async () => {
    const a = f.newUser();
    const b = f.newUser();
    await f.deposit(a, 'USDT', usdt('100'));
    let runs = 0;
    const body = { to: b, amount: '10' };
    const results = await Promise.all(
      Array.from({ length: n.duplicates }, () =>
        f.ledger.withIdempotency(a, 'dup-1', '/api/transfer', body, async (tx) => {
          runs++;
          const id = await f.ledger.transfer(tx, {
            from: spot(a),
            to: spot(b),
            amount: usdt('10'),
            cause: 'transfer',
            requestId: 'dup-1',
          });
          return { id };
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await f.balance(a, 'USDT')).toEqual({ available: usdt('90'), frozen: 0n });
    expect(await f.balance(b, 'USDT')).toEqual({ available: usdt('10'), frozen: 0n });
    expect(await f.ledger.audit()).toEqual([]);
  });

  it(`${n.duplicates} concurrent first uses of an account create it once`, async () => {
    const u = f.newUser();
    const accounts = await Promise.all(
      Array.from({ length: n.duplicates }, () =>
        f.ledger.account(f.store.db, { userId: u, asset: 'BWC', kind: 'shop' }),
      ),
    );
    expect(new Set(accounts.map((x) => x.id)).size).toBe(1);
    const [row] = await queryRows<{ n: string }>(
      f.store.db,
      sql`select count(*)::text as n from ledger_accounts where user_id = ${u}`,
    );
    expect(row?.n).toBe('1');
  });
}

describe('ledger races on PGlite (serialized, smaller)', () => {
  races(() => ledgerFixture({ pglite: true }), { holds: 10, transfers: 20, duplicates: 20 });
});

// PGlite runs one transaction at a time; the real races need PostgreSQL (CI sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('ledger races on PostgreSQL (parallel)', () => {
  races(() => ledgerFixture(), { holds: 100, transfers: 100, duplicates: 20 });
});
