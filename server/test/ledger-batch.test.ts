import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { type LedgerAccount, type PostInput, SYSTEM } from '../src/ledger';
import { queryRows } from '../src/store';
import { type LedgerFixture, ledgerFixture, testCause } from './ledger-fixture';

/*
 * postMany: many journal transactions in one call must end exactly where posting them one after another
 * would (refusing the same ones), with one lock round and multi-row writes.
 */

let a: LedgerFixture;
let b: LedgerFixture;
beforeAll(async () => {
  [a, b] = await Promise.all([ledgerFixture(), ledgerFixture()]);
});
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

/** Spot USDT accounts of `n` fresh users on a fixture, funded with `funds` each, plus system:fees. */
async function accounts(f: LedgerFixture, n: number, funds: readonly bigint[]) {
  const users = Array.from({ length: n }, () => f.newUser());
  const list: LedgerAccount[] = [];
  for (const [i, u] of users.entries()) {
    const amount = funds[i] ?? 0n;
    if (amount > 0n) await f.deposit(u, 'USDT', amount);
    list.push(await f.ledger.account(f.store.db, { userId: u, asset: 'USDT', kind: 'spot' }));
  }
  const fees = await f.ledger.systemAccount(f.store.db, SYSTEM.fees, 'USDT');
  return { users, list, fees };
}

type Step = { from: number; to: number; amount: bigint; hold: boolean };

function inputsFor(list: readonly LedgerAccount[], fees: LedgerAccount, steps: readonly Step[]): PostInput[] {
  return steps.map((s, i) => {
    const from = list[s.from] as LedgerAccount;
    const to = list[s.to] as LedgerAccount;
    const postings =
      s.from === s.to || s.hold
        ? // A hold, then a fee out of it to the platform.
          [
            { account: from, bucket: 'available' as const, amount: -s.amount },
            { account: from, bucket: 'frozen' as const, amount: s.amount - 1n },
            { account: fees, bucket: 'available' as const, amount: 1n },
          ]
        : [
            { account: from, bucket: 'available' as const, amount: -s.amount },
            { account: to, bucket: 'available' as const, amount: s.amount },
          ];
    return { cause: testCause('batch.test'), ref: `r${i}`, postings };
  });
}

async function journal(f: LedgerFixture, ids: readonly number[]) {
  const rows = await queryRows<{ account_id: number; bucket: string; amount: string; balance_after: string }>(
    f.store.db,
    sql`select p.account_id::int as account_id, p.bucket, p.amount::text as amount, p.balance_after::text as balance_after
        from ledger_postings p where p.transaction_id = any(${`{${ids.join(',')}}`}::bigint[]) order by p.id`,
  );
  return rows;
}

describe('ledger.postMany', () => {
  it('ends where posting one by one ends, refusing the same inputs', async () => {
    const step = fc.record({
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 0, max: 3 }),
      amount: fc.bigInt({ min: 2n, max: 400n }),
      hold: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 0n, max: 500n }), { minLength: 4, maxLength: 4 }),
        fc.array(step, { minLength: 1, maxLength: 25 }),
        async (funds, steps) => {
          const one = await accounts(a, 4, funds);
          const many = await accounts(b, 4, funds);
          // One by one: each in a savepoint, a refusal rolls back only itself.
          const seq: (number | string)[] = [];
          await a.inTx(async (tx) => {
            for (const input of inputsFor(one.list, one.fees, steps)) {
              try {
                seq.push(await tx.transaction((sp) => a.ledger.post(sp, input)));
              } catch (err) {
                if (!(err instanceof DomainError)) throw err;
                seq.push(err.errorName);
              }
            }
          });
          const batch = await b.inTx((tx) => b.ledger.postMany(tx, inputsFor(many.list, many.fees, steps)));
          expect(batch.map((o) => (o.ok ? 'ok' : o.error))).toEqual(
            seq.map((x) => (typeof x === 'number' ? 'ok' : x)),
          );
          for (const [i, u] of one.users.entries()) {
            expect(await b.balance(many.users[i] as number, 'USDT')).toEqual(await a.balance(u, 'USDT'));
          }
          // Same postings with the same running balances, in the same order.
          const seqIds = seq.filter((x): x is number => typeof x === 'number');
          const batchIds = batch.flatMap((o) => (o.ok ? [o.id] : []));
          const strip = (rows: Awaited<ReturnType<typeof journal>>, list: readonly LedgerAccount[]) =>
            rows.map((r) => ({ ...r, account_id: list.findIndex((x) => x.id === r.account_id) }));
          expect(strip(await journal(b, batchIds), many.list)).toEqual(
            strip(await journal(a, seqIds), one.list),
          );
        },
      ),
      { numRuns: 25 },
    );
    expect(await a.ledger.audit()).toEqual([]);
    expect(await b.ledger.audit()).toEqual([]);
  });

  it('writes each accepted input as its own journal transaction with its cause and record', async () => {
    const { users, list, fees } = await accounts(b, 2, [100n, 0n]);
    const out = await b.inTx((tx) =>
      b.ledger.postMany(tx, [
        ...inputsFor(list, fees, [{ from: 0, to: 1, amount: 60n, hold: false }]),
        ...inputsFor(list, fees, [{ from: 0, to: 1, amount: 60n, hold: false }]),
        ...inputsFor(list, fees, [{ from: 1, to: 0, amount: 10n, hold: false }]),
      ]),
    );
    expect(out.map((o) => o.ok)).toEqual([true, false, true]);
    expect(out[1]).toEqual({ ok: false, error: 'InsufficientBalance' });
    const history = await b.ledger.history(users[0] as number, { page: 1, size: 10 });
    expect(history.list.map((h) => h.cause)).toContain('batch.test');
    expect(await b.balance(users[0] as number, 'USDT')).toEqual({ available: 50n, frozen: 0n });
    expect(await b.balance(users[1] as number, 'USDT')).toEqual({ available: 50n, frozen: 0n });
  });
});
