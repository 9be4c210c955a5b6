// The exchange converts on the live spot book, at the exchange's fee: no round trip between the exchange,
// the spot book and the token market returns more than it started with, and no system account ever pays out
// what it does not hold.
import { exactText, formatAmount, parseAmount } from '@nexa/contract';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { SYSTEM } from '../src/ledger';
import { exchangeQuotes } from '../src/modules/wallet/tables';
import { api, call, present, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
/** Every user that ever quoted on the book: each test starts from an empty BWC-USDT book. */
const makers: number[] = [];
const SCALE: Record<string, number> = { USDT: 6, BTC: 8, BWC: 8 };

beforeAll(async () => {
  srv = await startServer();
});
beforeEach(async () => {
  for (const id of makers) await srv.app.modules.spot.cancel(id, { instId: 'BWC-USDT' });
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  const lines = await srv.app.ledger.solvency();
  expect(lines.every((l) => l.balanced && !l.short)).toBe(true);
});
afterAll(() => srv.close());

const minor = (asset: string, text: string) => parseAmount(text, SCALE[asset] ?? 8) ?? 0n;
const show = (asset: string, m: bigint) => formatAmount(m, SCALE[asset] ?? 8);

async function newUser(funds: Record<string, string> = {}) {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  for (const [asset, amount] of Object.entries(funds)) {
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset, kind: 'spot' },
        system: SYSTEM.deposits,
        amount: minor(asset, amount),
        cause: 'deposit',
      }),
    );
  }
  return { ...u, id: me.id };
}

async function spot(userId: number, asset: string) {
  const b = (await srv.app.ledger.balances(userId)).find((x) => x.asset === asset && x.kind === 'spot');
  return { available: b?.available ?? 0n, frozen: b?.frozen ?? 0n };
}

/** A maker's ladder on BWC-USDT around `mid` (in 0.0001 ticks): `levels` a side, `gap` ticks apart. */
async function ladder(
  makerId: number,
  mid: number,
  opts: { half?: number; gap?: number; levels?: number } = {},
) {
  const { half = 2, gap = 8, levels = 5 } = opts;
  const market = srv.app.modules.spot;
  if (!makers.includes(makerId)) makers.push(makerId);
  await market.cancel(makerId, { instId: 'BWC-USDT' });
  for (let k = 0; k < levels; k++) {
    const px = (t: number) => (t / 10_000).toFixed(4);
    await market.submit(makerId, {
      instId: 'BWC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText(px(mid - half - k * gap)),
      sz: exactText('2000'),
    });
    await market.submit(makerId, {
      instId: 'BWC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText(px(mid + half + k * gap)),
      sz: exactText('2000'),
    });
  }
}

async function quote(token: string, from: string, to: string, amount: string) {
  return api(srv, '/api/exchange/getExchangeInfo', { from, to, amount }, { token });
}

describe('the exchange converts on the live book', () => {
  it('closes the round trip: 1,000 USDT exchanged to BWC and sold on the book comes back as less', async () => {
    // The operator's reference price says 0.5 USDT; the book trades near 0.6. Before, the exchange priced
    // BWC at the setting and this round trip returned about 1,191 USDT.
    await srv.app.settings.set('exchange.prices_usdt', { USDT: '1', BWC: '0.5' });
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder(maker.id, 6000);
    const u = await newUser({ USDT: '1000' });
    const q = await quote(u.token, 'USDT', 'BWC', '1000');
    expect(q.body.code).toBe(200);
    const ex = await call(
      srv,
      '/api/exchange/exchange',
      { quote_id: present(q.body.data.quote, 'quote').quote_id },
      { token: u.token },
    );
    expect(ex.body.code).toBe(200);
    const bwc = (await spot(u.id, 'BWC')).available;
    expect(bwc).toBeGreaterThan(0n);
    // Sold back at market on the book, in whole lots.
    const lots = bwc - (bwc % minor('BWC', '0.01'));
    const sold = await srv.app.modules.spot.submit(u.id, {
      instId: 'BWC-USDT',
      side: 'sell',
      type: 'market',
      sz: exactText(show('BWC', lots)),
    });
    expect(sold.status).toBe('filled');
    const usdt = (await spot(u.id, 'USDT')).available;
    expect(usdt).toBeLessThan(minor('USDT', '1000'));
    // The spread and both fees are what the round trip costs.
    expect(usdt).toBeGreaterThan(minor('USDT', '990'));
  });

  it('quotes from the book, exchanges once, replays a retry, refuses others, expiry, and unmarketed assets', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder(maker.id, 6000);
    const u = await newUser({ USDT: '1000' });
    const q = await quote(u.token, 'USDT', 'BWC', '100.5');
    // 100.5 USDT with the 0.5% fee inside: 100 USDT of BWC at the best ask 0.6002 (whole lots of 0.01).
    expect(q.body.data.quote).toMatchObject({ to_amount: '166.61', fee_asset: 'USDT' });
    const id = present(q.body.data.quote, 'quote').quote_id;
    const other = await newUser({ USDT: '1000' });
    expect(
      (await call(srv, '/api/exchange/exchange', { quote_id: id }, { token: other.token })).body.error,
    ).toBe('NotFound');
    const body = { quote_id: id, request_id: 'ex-retry-1' };
    const first = await call(srv, '/api/exchange/exchange', body, { token: u.token });
    expect(first.body.data).toMatchObject({ from_asset: 'USDT', to_asset: 'BWC', to_amount: '166.61' });
    const retry = await call(srv, '/api/exchange/exchange', body, { token: u.token });
    expect(retry.body.data).toEqual(first.body.data);
    expect((await call(srv, '/api/exchange/exchange', { quote_id: id }, { token: u.token })).body.error).toBe(
      'QuoteExpired',
    );
    expect((await spot(u.id, 'BWC')).available).toBe(minor('BWC', '166.61'));
    const spent = minor('USDT', '1000') - (await spot(u.id, 'USDT')).available;
    // 166.61 × 0.6002 = 99.999322, plus the 0.5% fee rounded up (0.49999661 → 0.499997).
    expect(show('USDT', spent)).toBe('100.499319');

    const later = await quote(u.token, 'BWC', 'USDT', '50');
    srv.clock.advance(31_000);
    try {
      const late = await call(
        srv,
        '/api/exchange/exchange',
        { quote_id: present(later.body.data.quote, 'quote').quote_id },
        { token: u.token },
      );
      expect(late.body.error).toBe('QuoteExpired');
    } finally {
      srv.clock.advance(-31_000);
    }
    // Platform tokens traded only peer to peer have no live market: no operator price may trade them here.
    expect((await quote(u.token, 'USDT', 'BWT', '10')).body.error).toBe('ExchangeUnavailable');
    expect((await quote(u.token, 'BTC', 'BWC', '1')).body.error).toBe('ExchangeUnavailable');
    // An empty book cannot take anything.
    expect((await quote(u.token, 'USDT', 'BTC', '100')).body.error).toBe('InsufficientLiquidity');
    // More than the ladder holds is refused, not half filled.
    expect((await quote(u.token, 'BWC', 'USDT', '20000')).body.error).toBe('InsufficientLiquidity');
    const log = await api(srv, '/api/exchange/getExchangeInfo', { page: 1 }, { token: u.token });
    expect(log.body.data.total).toBe(1);
    expect(log.body.data.prices).toContainEqual({ asset: 'BWC', usdt_price: '0.6' });
  });

  it('refuses an exchange when the book moved against the quote, and nothing moves', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder(maker.id, 6000);
    const u = await newUser({ USDT: '1000' });
    const q = await quote(u.token, 'USDT', 'BWC', '500');
    await ladder(maker.id, 6200);
    const before = await srv.app.modules.spot.depth('BWC-USDT', 50);
    const ex = await call(
      srv,
      '/api/exchange/exchange',
      { quote_id: present(q.body.data.quote, 'quote').quote_id },
      { token: u.token },
    );
    expect(ex.body.error).toBe('PriceMoved');
    expect(await spot(u.id, 'USDT')).toEqual({ available: minor('USDT', '1000'), frozen: 0n });
    expect((await spot(u.id, 'BWC')).available).toBe(0n);
    const after = await srv.app.modules.spot.depth('BWC-USDT', 50);
    expect({ asks: after.asks, bids: after.bids }).toEqual({ asks: before.asks, bids: before.bids });
  });

  it('values wallets at the live book, not the operator setting', async () => {
    await srv.app.settings.set('exchange.prices_usdt', { USDT: '1', BWC: '0.5' });
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder(maker.id, 6000);
    const u = await newUser({ BWC: '100' });
    const fin = await api(srv, '/api/finance/userFinance', {}, { token: u.token });
    expect(fin.body.data.total_usdt).toBe('60');
  });
});

describe('no money machine', () => {
  type Step =
    | { kind: 'exchange'; who: number; buy: boolean; amount: number }
    | { kind: 'spot'; who: number; buy: boolean; amount: number }
    | { kind: 'limit'; who: number; buy: boolean; tick: number; lots: number }
    | { kind: 'list'; who: number; tick: number; lots: number }
    | { kind: 'take'; who: number; pick: number }
    | { kind: 'move'; mid: number };

  const who = fc.nat(2);
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('exchange' as const),
      who,
      buy: fc.boolean(),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
    fc.record({
      kind: fc.constant('spot' as const),
      who,
      buy: fc.boolean(),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
    fc.record({
      kind: fc.constant('limit' as const),
      who,
      buy: fc.boolean(),
      tick: fc.integer({ min: -30, max: 30 }),
      lots: fc.integer({ min: 100, max: 50_000 }),
    }),
    fc.record({
      kind: fc.constant('list' as const),
      who,
      tick: fc.integer({ min: -600, max: 600 }),
      lots: fc.integer({ min: 1_000, max: 50_000 }),
    }),
    fc.record({ kind: fc.constant('take' as const), who, pick: fc.nat(20) }),
    fc.record({ kind: fc.constant('move' as const), mid: fc.integer({ min: 4000, max: 8000 }) }),
  );
  const EXPECTED = new Set([
    'InsufficientBalance',
    'InsufficientLiquidity',
    'BelowMinimum',
    'PriceMoved',
    'OrderRejected',
    'ValidationFailed',
    'InvalidState',
    'OwnListing',
    'NotFound',
  ]);

  it('random exchanges, spot orders and token-market sales at moving prices create no money', async () => {
    const wallet = srv.app.modules.wallet;
    const market = srv.app.modules.spot;
    const maker = await newUser({ USDT: '10000000', BWC: '100000000' });
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        await ladder(maker.id, 6000);
        const people = [
          await newUser({ USDT: '3000', BWC: '3000' }),
          await newUser({ USDT: '3000', BWC: '3000' }),
          await newUser({ USDT: '3000' }),
        ];
        const line = async (asset: string) =>
          (await srv.app.ledger.solvency()).find((l) => l.asset === asset);
        const fees = async (asset: string) =>
          (await line(asset))?.systemAccounts.find((a) => a.name === SYSTEM.fees)?.available ?? 0n;
        // Everything every user holds, open orders and listings included.
        const held = async (asset: string) => (await line(asset))?.liabilities ?? 0n;
        const start = { USDT: await held('USDT'), BWC: await held('BWC') };
        const feesStart = { USDT: await fees('USDT'), BWC: await fees('BWC') };
        for (const s of steps) {
          try {
            if (s.kind === 'move') {
              await ladder(maker.id, s.mid);
              continue;
            }
            const p = people[s.who];
            if (!p) continue;
            if (s.kind === 'exchange') {
              const [from, to] = s.buy ? ['USDT', 'BWC'] : ['BWC', 'USDT'];
              const info = await wallet.exchangeInfo(p.id, {
                from,
                to,
                amount: exactText(String(s.amount)),
                page: 1,
                page_num: 1,
              });
              if (info.quote) await wallet.exchange(p.id, { quote_id: info.quote.quote_id });
            } else if (s.kind === 'spot') {
              await market.submit(p.id, {
                instId: 'BWC-USDT',
                side: s.buy ? 'buy' : 'sell',
                type: 'market',
                sz: exactText(String(s.amount)),
                tgtCcy: s.buy ? 'quote_ccy' : 'base_ccy',
              });
            } else if (s.kind === 'limit') {
              await market.submit(p.id, {
                instId: 'BWC-USDT',
                side: s.buy ? 'buy' : 'sell',
                type: 'limit',
                px: exactText(((6000 + s.tick) / 10_000).toFixed(4)),
                sz: exactText((s.lots / 100).toFixed(2)),
              });
            } else if (s.kind === 'list') {
              await srv.app.modules.tokenMarket.sell(p.id, {
                symbol: 'BWC',
                price: BigInt(6000 + s.tick) * 100n,
                amount: exactText((s.lots / 100).toFixed(2)),
              });
            } else {
              const open = await srv.app.modules.tokenMarket.listings(
                p.id,
                { mine: 0 },
                { page: 1, size: 20 },
              );
              const l = open.list[s.pick % Math.max(open.list.length, 1)];
              if (l) await srv.app.modules.tokenMarket.buy(p.id, { id: l.id });
            }
            ran++;
          } catch (e) {
            if (!(e instanceof DomainError) || !EXPECTED.has(e.errorName)) throw e;
          }
        }
        // Every unit is still with the users or became a fee: nothing was created and no desk went short.
        for (const asset of ['USDT', 'BWC'] as const) {
          const feesMade = (await fees(asset)) - feesStart[asset];
          expect(await held(asset)).toBe(start[asset] - feesMade);
        }
        const lines = await srv.app.ledger.solvency();
        expect(lines.filter((l) => l.short)).toEqual([]);
        for (const p of people) {
          makers.push(p.id);
          await market.cancel(p.id, { instId: 'BWC-USDT' });
        }
      }),
      { numRuns: 12, seed: 20261124 },
    );
    expect(ran).toBeGreaterThan(20);
  });

  it('no route through the exchange and the book ends with more value than it started with, at the mid', async () => {
    const wallet = srv.app.modules.wallet;
    const market = srv.app.modules.spot;
    const maker = await newUser({ USDT: '10000000', BWC: '100000000' });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3000, max: 9000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 10, max: 5000 }),
        fc.constantFrom('exchange-then-sell', 'buy-then-exchange', 'exchange-both-ways'),
        async (mid, half, usdtIn, route) => {
          await ladder(maker.id, mid, { half, gap: 3 });
          const u = await newUser({ USDT: String(usdtIn) });
          const usdtOf = async () => (await spot(u.id, 'USDT')).available;
          const bwcOf = async () => (await spot(u.id, 'BWC')).available;
          const lot = minor('BWC', '0.01');
          try {
            if (route === 'buy-then-exchange') {
              await market.submit(u.id, {
                instId: 'BWC-USDT',
                side: 'buy',
                type: 'market',
                sz: exactText(String(Math.floor(usdtIn * 0.99))),
                tgtCcy: 'quote_ccy',
              });
              const q = await wallet.exchangeInfo(u.id, {
                from: 'BWC',
                to: 'USDT',
                amount: exactText(show('BWC', await bwcOf())),
                page: 1,
                page_num: 1,
              });
              if (q.quote) await wallet.exchange(u.id, { quote_id: q.quote.quote_id });
            } else {
              const q = await wallet.exchangeInfo(u.id, {
                from: 'USDT',
                to: 'BWC',
                amount: exactText(String(usdtIn)),
                page: 1,
                page_num: 1,
              });
              if (q.quote) await wallet.exchange(u.id, { quote_id: q.quote.quote_id });
              const got = await bwcOf();
              const lots = got - (got % lot);
              if (lots > 0n && route === 'exchange-then-sell') {
                await market.submit(u.id, {
                  instId: 'BWC-USDT',
                  side: 'sell',
                  type: 'market',
                  sz: exactText(show('BWC', lots)),
                });
              } else if (lots > 0n) {
                const back = await wallet.exchangeInfo(u.id, {
                  from: 'BWC',
                  to: 'USDT',
                  amount: exactText(show('BWC', lots)),
                  page: 1,
                  page_num: 1,
                });
                if (back.quote) await wallet.exchange(u.id, { quote_id: back.quote.quote_id });
              }
            }
          } catch (e) {
            if (!(e instanceof DomainError) || !EXPECTED.has(e.errorName)) throw e;
          }
          // Value at the mid: USDT plus BWC × mid (BWC minor × mid ticks / 10^4 / 10^2 → USDT minor).
          const value = (await usdtOf()) + ((await bwcOf()) * BigInt(mid)) / 1_000_000n;
          expect(value).toBeLessThanOrEqual(minor('USDT', String(usdtIn)));
        },
      ),
      { numRuns: 30, seed: 11 },
    );
  });
});

describe('quotes are kept in bounds', () => {
  it('limits quotes per user and minute, and sweeps unused expired ones', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder(maker.id, 6000);
    const u = await newUser({ USDT: '1000' });
    const used = await quote(u.token, 'USDT', 'BWC', '10');
    await call(
      srv,
      '/api/exchange/exchange',
      { quote_id: present(used.body.data.quote, 'quote').quote_id },
      { token: u.token },
    );
    let refused = '';
    for (let i = 0; i < 70 && !refused; i++)
      refused = (await quote(u.token, 'USDT', 'BWC', '10')).body.error ?? '';
    expect(refused).toBe('RateLimited');
    const count = async () =>
      (await srv.app.deps.store.db.select().from(exchangeQuotes)).filter((q) => q.userId === u.id).length;
    expect(await count()).toBeGreaterThan(50);
    srv.clock.advance(2 * 3_600_000);
    try {
      await srv.app.modules.wallet.sweepQuotes();
    } finally {
      srv.clock.advance(-2 * 3_600_000);
    }
    // The used quote stays with its exchange.
    expect(await count()).toBe(1);
  });
});
