import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainError } from '../src/kernel/errors';
import { createMoneyWriter, type LedgerAccount, type MoneyJob } from '../src/ledger';
import { queryRows } from '../src/store';
import { type LedgerFixture, ledgerFixture, testCause } from './ledger-fixture';

/* The money writer: calls that queue together commit together, and fail alone. */

let f: LedgerFixture;
beforeAll(async () => {
  f = await ledgerFixture();
});
afterAll(async () => {
  await f?.drop();
});

async function account(user: number, funds: bigint): Promise<LedgerAccount> {
  if (funds > 0n) await f.deposit(user, 'USDT', funds);
  return f.ledger.account(f.store.db, { userId: user, asset: 'USDT', kind: 'spot' });
}

function transfer(
  from: LedgerAccount,
  to: LedgerAccount,
  amount: bigint,
  opts: { requestId?: string; failFinish?: boolean } = {},
): MoneyJob<{ id: number }> {
  return {
    userId: from.userId as number,
    requestId: opts.requestId,
    scope: 'test.transfer',
    body: { to: to.id, amount: amount.toString() },
    prepare: async () => ({
      cause: testCause('writer.test'),
      userId: from.userId,
      requestId: opts.requestId ?? null,
      postings: [
        { account: from, bucket: 'available', amount: -amount },
        { account: to, bucket: 'available', amount },
      ],
    }),
    finish: async (_tx, id) => {
      if (opts.failFinish) throw new Error('record refused');
      return { id };
    },
  };
}

describe('the money writer', () => {
  it('commits what queued together in one batch; a short balance fails alone', async () => {
    const writer = createMoneyWriter({ store: f.store, ledger: f.ledger });
    const [a, b, c] = [
      await account(f.newUser(), 100n),
      await account(f.newUser(), 0n),
      await account(f.newUser(), 5n),
    ];
    const results = await Promise.allSettled([
      writer.submit(transfer(a, b, 40n)),
      writer.submit(transfer(c, b, 10n)),
      writer.submit(transfer(a, b, 60n)),
      writer.submit(transfer(a, b, 1n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    const refused = results[1];
    expect(refused?.status === 'rejected' && (refused.reason as DomainError).errorName).toBe(
      'InsufficientBalance',
    );
    expect(await f.balance(b.userId as number, 'USDT')).toEqual({ available: 100n, frozen: 0n });
    expect([...writer.batchSizes().keys()].some((size) => size > 1)).toBe(true);
    expect(await f.ledger.audit()).toEqual([]);
  });

  it('runs a request id once, even twice in one batch, and answers both alike', async () => {
    const writer = createMoneyWriter({ store: f.store, ledger: f.ledger });
    const [a, b] = [await account(f.newUser(), 100n), await account(f.newUser(), 0n)];
    const [x, y] = await Promise.all([
      writer.submit(transfer(a, b, 30n, { requestId: 'once' })),
      writer.submit(transfer(a, b, 30n, { requestId: 'once' })),
    ]);
    expect(y).toEqual(x);
    const again = await writer.submit(transfer(a, b, 30n, { requestId: 'once' }));
    expect(again).toEqual(x);
    expect(await f.balance(b.userId as number, 'USDT')).toEqual({ available: 30n, frozen: 0n });
  });

  it('a failure after posting rolls the batch back; each call then runs alone and only the bad one fails', async () => {
    const writer = createMoneyWriter({ store: f.store, ledger: f.ledger });
    const [a, b] = [await account(f.newUser(), 100n), await account(f.newUser(), 0n)];
    const results = await Promise.allSettled([
      writer.submit(transfer(a, b, 10n, { requestId: 'r1' })),
      writer.submit(transfer(a, b, 20n, { requestId: 'r2', failFinish: true })),
      writer.submit(transfer(a, b, 30n, { requestId: 'r3' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await f.balance(b.userId as number, 'USDT')).toEqual({ available: 40n, frozen: 0n });
    // The failed call left no claim: a retry runs again.
    const keys = await queryRows<{ request_id: string }>(
      f.store.db,
      sql`select request_id from idempotency_keys where user_id = ${a.userId} order by request_id`,
    );
    expect(keys.map((k) => k.request_id)).toEqual(['r1', 'r3']);
    expect(await f.ledger.audit()).toEqual([]);
  });
});
