import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { isCounterAccount, SYSTEM, type UserAccountKind } from '../src/ledger';
import { type LedgerFixture, ledgerFixture, testCause } from './ledger-fixture';

let f: LedgerFixture;
beforeAll(async () => {
  f = await ledgerFixture();
});
afterAll(() => f.drop());

const ASSETS = ['USDT', 'BTC'] as const;
/** A funded system account: it pays out only what users paid in. */
const DESK = 'system:desk';
type Asset = (typeof ASSETS)[number];
const KINDS = ['spot', 'futures'] as const;

type Op =
  | { op: 'deposit'; user: number; asset: Asset; amount: bigint }
  | {
      op: 'transfer';
      from: number;
      fromKind: UserAccountKind;
      to: number;
      toKind: UserAccountKind;
      asset: Asset;
      amount: bigint;
    }
  | { op: 'freeze' | 'release' | 'settle'; user: number; asset: Asset; amount: bigint }
  | { op: 'exchange'; user: number; pay: Asset; amountIn: bigint; amountOut: bigint };

const user = fc.integer({ min: 0, max: 2 });
const asset = fc.constantFrom(...ASSETS);
const kind = fc.constantFrom(...KINDS);
// Small amounts so that operations often exceed balances and take the refusal path too.
const amount = fc.bigInt({ min: 1n, max: 1_000n });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user, asset, amount }),
  fc.record({
    op: fc.constant('transfer' as const),
    from: user,
    fromKind: kind,
    to: user,
    toKind: kind,
    asset,
    amount,
  }),
  fc.record({
    op: fc.constantFrom('freeze' as const, 'release' as const, 'settle' as const),
    user,
    asset,
    amount,
  }),
  fc.record({ op: fc.constant('exchange' as const), user, pay: asset, amountIn: amount, amountOut: amount }),
);

/** The reference: a map of balances and nothing else. */
class Model {
  readonly balances = new Map<string, bigint>();
  static key(owner: string, asset: string, bucket: 'available' | 'frozen') {
    return `${owner}|${asset}|${bucket}`;
  }
  get(owner: string, asset: string, bucket: 'available' | 'frozen' = 'available'): bigint {
    return this.balances.get(Model.key(owner, asset, bucket)) ?? 0n;
  }
  add(owner: string, asset: string, bucket: 'available' | 'frozen', delta: bigint) {
    this.balances.set(Model.key(owner, asset, bucket), this.get(owner, asset, bucket) + delta);
  }
}

describe('ledger against a reference model', () => {
  it('random deposits, transfers, holds, settlements and exchanges keep the books exact', async () => {
    const systems = [
      [SYSTEM.deposits, 'USDT'],
      [SYSTEM.deposits, 'BTC'],
      [SYSTEM.withdrawals, 'USDT'],
      [SYSTEM.withdrawals, 'BTC'],
      [DESK, 'USDT'],
      [DESK, 'BTC'],
    ] as const;

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const ids = [f.newUser(), f.newUser(), f.newUser()];
        const uid = (i: number) => ids[i] ?? 0;
        const model = new Model();
        const acct = (i: number, k: UserAccountKind, a: Asset) => ({ userId: uid(i), asset: a, kind: k });
        const owner = (i: number, k: UserAccountKind) => `u${i}:${k}`;
        // System accounts are shared by every run: the model tracks their change.
        const systemStart = new Map<string, bigint>();
        for (const [name, a] of systems)
          systemStart.set(`${name}|${a}`, (await f.systemBalance(name, a)).available);

        for (const o of ops) {
          // What the model says: the deltas to apply, or null when a user account would go negative.
          const deltas: [string, string, 'available' | 'frozen', bigint][] = [];
          let run: () => Promise<number>;
          switch (o.op) {
            case 'deposit':
              deltas.push([SYSTEM.deposits, o.asset, 'available', -o.amount]);
              deltas.push([owner(o.user, 'spot'), o.asset, 'available', o.amount]);
              run = () =>
                f.inTx((tx) =>
                  f.ledger.credit(tx, {
                    account: acct(o.user, 'spot', o.asset),
                    system: SYSTEM.deposits,
                    amount: o.amount,
                    cause: 'deposit',
                  }),
                );
              break;
            case 'transfer':
              if (o.from === o.to && o.fromKind === o.toKind) continue;
              deltas.push([owner(o.from, o.fromKind), o.asset, 'available', -o.amount]);
              deltas.push([owner(o.to, o.toKind), o.asset, 'available', o.amount]);
              run = () =>
                f.inTx((tx) =>
                  f.ledger.transfer(tx, {
                    from: acct(o.from, o.fromKind, o.asset),
                    to: acct(o.to, o.toKind, o.asset),
                    amount: o.amount,
                    cause: 'transfer',
                  }),
                );
              break;
            case 'freeze':
            case 'release': {
              const which = o.op;
              const [out, into] =
                which === 'freeze' ? (['available', 'frozen'] as const) : (['frozen', 'available'] as const);
              deltas.push([owner(o.user, 'spot'), o.asset, out, -o.amount]);
              deltas.push([owner(o.user, 'spot'), o.asset, into, o.amount]);
              run = () =>
                f.inTx((tx) =>
                  f.ledger[which](tx, {
                    account: acct(o.user, 'spot', o.asset),
                    amount: o.amount,
                    cause: testCause(which),
                  }),
                );
              break;
            }
            case 'settle':
              deltas.push([owner(o.user, 'spot'), o.asset, 'frozen', -o.amount]);
              deltas.push([SYSTEM.withdrawals, o.asset, 'available', o.amount]);
              run = () =>
                f.inTx((tx) =>
                  f.ledger.settle(tx, {
                    from: acct(o.user, 'spot', o.asset),
                    to: { system: SYSTEM.withdrawals, asset: o.asset },
                    amount: o.amount,
                    cause: testCause('withdrawal.sent'),
                  }),
                );
              break;
            case 'exchange': {
              const get = o.pay === 'USDT' ? 'BTC' : 'USDT';
              deltas.push([owner(o.user, 'spot'), o.pay, 'available', -o.amountIn]);
              deltas.push([DESK, o.pay, 'available', o.amountIn]);
              deltas.push([DESK, get, 'available', -o.amountOut]);
              deltas.push([owner(o.user, 'spot'), get, 'available', o.amountOut]);
              run = () =>
                f.inTx(async (tx) => {
                  const payFrom = await f.ledger.account(tx, acct(o.user, 'spot', o.pay));
                  const getInto = await f.ledger.account(tx, acct(o.user, 'spot', get));
                  const xPay = await f.ledger.systemAccount(tx, DESK, o.pay);
                  const xGet = await f.ledger.systemAccount(tx, DESK, get);
                  return f.ledger.post(tx, {
                    cause: 'exchange',
                    userId: uid(o.user),
                    postings: [
                      { account: payFrom, bucket: 'available', amount: -o.amountIn },
                      { account: xPay, bucket: 'available', amount: o.amountIn },
                      { account: xGet, bucket: 'available', amount: -o.amountOut },
                      { account: getInto, bucket: 'available', amount: o.amountOut },
                    ],
                  });
                });
              break;
            }
          }
          // Users and funded system accounts (the desk) never go below zero; counter accounts may.
          const affordable = deltas.every(([who, a, bucket, d]) =>
            who.startsWith('system:')
              ? isCounterAccount(who) ||
                d >= 0n ||
                (systemStart.get(`${who}|${a}`) ?? 0n) + model.get(who, a, bucket) + d >= 0n
              : model.get(who, a, bucket) + d >= 0n,
          );
          if (affordable) {
            expect(await run()).toBeGreaterThan(0);
            for (const [who, a, bucket, d] of deltas) model.add(who, a, bucket, d);
          } else {
            const err = await run().then(
              () => null,
              (e: unknown) => e,
            );
            expect(err).toBeInstanceOf(DomainError);
            expect(['InsufficientBalance', 'SystemFundsShort']).toContain((err as DomainError).errorName);
          }
        }

        for (let i = 0; i < 3; i++) {
          for (const k of KINDS) {
            for (const a of ASSETS) {
              expect(await f.balance(uid(i), a, k)).toEqual({
                available: model.get(owner(i, k), a, 'available'),
                frozen: model.get(owner(i, k), a, 'frozen'),
              });
            }
          }
        }
        for (const [name, a] of systems) {
          const now = (await f.systemBalance(name, a)).available;
          expect(now - (systemStart.get(`${name}|${a}`) ?? 0n)).toBe(model.get(name, a));
        }
        expect(await f.ledger.audit()).toEqual([]);
      }),
      { numRuns: 50 },
    );
    expect((await f.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  });
});
