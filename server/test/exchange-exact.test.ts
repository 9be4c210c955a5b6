// A confirmed exchange quote moves exactly what it said: the pay and receive amounts the sheet showed are the
// user's journal lines to the unit, on the wallet's exchange and on the NEU line's. A quote the book no longer
// honours, an old one, or one whose amounts were changed on the way is refused and nothing moves.
import { exactText, formatAmount, parseAmount } from '@nexa/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { api, call, present, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
const SCALE: Record<string, number> = { USDT: 6, BWC: 8, NEU: 8 };

beforeAll(async () => {
  srv = await startServer();
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced && !l.short)).toBe(true);
});
afterAll(() => srv.close());

const minor = (asset: string, text: string): bigint =>
  text.startsWith('-') ? -minor(asset, text.slice(1)) : (parseAmount(text, SCALE[asset] ?? 8) ?? 0n);
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

/** A maker's ladder on `instId` around `mid` (in 0.0001 ticks), `levels` a side, 8 ticks apart. */
async function ladder(instId: string, makerId: number, mid: number, lots = '2000') {
  const market = srv.app.modules.spot;
  await market.cancel(makerId, { instId });
  const px = (t: number) => (t / 10_000).toFixed(4);
  for (let k = 0; k < 5; k++) {
    await market.submit(makerId, {
      instId,
      side: 'buy',
      type: 'limit',
      px: exactText(px(mid - 2 - k * 8)),
      sz: exactText(lots),
    });
    await market.submit(makerId, {
      instId,
      side: 'sell',
      type: 'limit',
      px: exactText(px(mid + 2 + k * 8)),
      sz: exactText(lots),
    });
  }
}

/** The user's journal lines of exchanges, summed per asset (what the records screen shows for them). */
async function exchangeLines(token: string): Promise<Record<string, bigint>> {
  const r = await api(srv, '/api/assets/moneyRecord', { page: 1, type: 'exchange' }, { token });
  const sums: Record<string, bigint> = {};
  for (const l of r.body.data.list) sums[l.asset] = (sums[l.asset] ?? 0n) + minor(l.asset, l.amount);
  return sums;
}

type Quote = {
  quote_id: string;
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
};

function expectExact(lines: Record<string, bigint>, q: Quote) {
  expect({ [q.from_asset]: show(q.from_asset, -(lines[q.from_asset] ?? 0n)) }).toEqual({
    [q.from_asset]: q.from_amount,
  });
  expect({ [q.to_asset]: show(q.to_asset, lines[q.to_asset] ?? 0n) }).toEqual({ [q.to_asset]: q.to_amount });
}

describe('the wallet exchange charges what it confirmed', () => {
  it('buy: the book moved a little in the user’s favour; pay and receive are the quote’s to the unit', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder('BWC-USDT', maker.id, 4760);
    const u = await newUser({ USDT: '1000' });
    const q = await api(srv, '/api/exchange/getExchangeInfo', { from: 'USDT', to: 'BWC', amount: '100' }, u);
    const quote = present(q.body.data.quote, 'quote');
    // Between the quote and the confirmation the asks come 2 ticks lower (better for a buyer).
    await ladder('BWC-USDT', maker.id, 4758);
    const ex = await call(
      srv,
      '/api/exchange/exchange',
      { quote_id: quote.quote_id, from_amount: quote.from_amount, to_amount: quote.to_amount },
      { token: u.token },
    );
    expect(ex.body.error ?? null).toBeNull();
    expect(ex.body.data).toMatchObject({ from_amount: quote.from_amount, to_amount: quote.to_amount });
    expectExact(await exchangeLines(u.token), quote);
    expect((await spot(u.id, 'USDT')).available).toBe(
      minor('USDT', '1000') - minor('USDT', quote.from_amount),
    );
    expect((await spot(u.id, 'BWC')).available).toBe(minor('BWC', quote.to_amount));
  });

  it('buy: the book moved a little against the user (within the old 1 % slippage): refused, nothing moves', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder('BWC-USDT', maker.id, 4760);
    const u = await newUser({ USDT: '1000' });
    const q = await api(srv, '/api/exchange/getExchangeInfo', { from: 'USDT', to: 'BWC', amount: '100' }, u);
    const quote = present(q.body.data.quote, 'quote');
    await ladder('BWC-USDT', maker.id, 4763);
    const ex = await call(srv, '/api/exchange/exchange', { quote_id: quote.quote_id }, { token: u.token });
    expect(ex.body.error).toBe('PriceMoved');
    expect(await spot(u.id, 'USDT')).toEqual({ available: minor('USDT', '1000'), frozen: 0n });
    expect((await spot(u.id, 'BWC')).available).toBe(0n);
    expect(await exchangeLines(u.token)).toEqual({});
  });

  it('sell: better bids pay the quote exactly; the improvement is kept as fee, never taken from anyone', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder('BWC-USDT', maker.id, 4760);
    const u = await newUser({ BWC: '500' });
    const q = await api(
      srv,
      '/api/exchange/getExchangeInfo',
      { from: 'BWC', to: 'USDT', amount: '321.37' },
      u,
    );
    const quote = present(q.body.data.quote, 'quote');
    expect(quote.from_amount).toBe('321.37');
    await ladder('BWC-USDT', maker.id, 4765);
    const ex = await call(srv, '/api/exchange/exchange', { quote_id: quote.quote_id }, { token: u.token });
    expect(ex.body.error ?? null).toBeNull();
    expectExact(await exchangeLines(u.token), quote);
    expect((await spot(u.id, 'USDT')).available).toBe(minor('USDT', quote.to_amount));
    expect((await spot(u.id, 'BWC')).available).toBe(minor('BWC', '500') - minor('BWC', '321.37'));
  });

  it('a changed, foreign or stale quote is refused and changes nothing', async () => {
    const maker = await newUser({ USDT: '100000', BWC: '1000000' });
    await ladder('BWC-USDT', maker.id, 4760);
    const u = await newUser({ USDT: '1000' });
    const q = await api(srv, '/api/exchange/getExchangeInfo', { from: 'USDT', to: 'BWC', amount: '100' }, u);
    const quote = present(q.body.data.quote, 'quote');
    // The amounts the sheet confirmed are bound to the quote: a different figure is not this quote.
    const tampered = await call(
      srv,
      '/api/exchange/exchange',
      { quote_id: quote.quote_id, from_amount: quote.from_amount, to_amount: `${quote.to_amount}1` },
      { token: u.token },
    );
    expect(tampered.body.error).toBe('QuoteExpired');
    const other = await newUser({ USDT: '1000' });
    const foreign = await call(srv, '/api/exchange/exchange', { quote_id: quote.quote_id }, other);
    expect(foreign.body.error).toBe('NotFound');
    const made = await call(srv, '/api/exchange/exchange', { quote_id: `${quote.quote_id}0` }, u);
    expect(made.body.error).toBe('NotFound');
    srv.clock.advance(31_000);
    try {
      const late = await call(srv, '/api/exchange/exchange', { quote_id: quote.quote_id }, u);
      expect(late.body.error).toBe('QuoteExpired');
    } finally {
      srv.clock.advance(-31_000);
    }
    expect(await spot(u.id, 'USDT')).toEqual({ available: minor('USDT', '1000'), frozen: 0n });
    expect(await spot(other.id, 'USDT')).toEqual({ available: minor('USDT', '1000'), frozen: 0n });
    expect(await exchangeLines(u.token)).toEqual({});
  });
});

describe('the NEU exchange charges what it confirmed', () => {
  it('USDT → NEU after the asks improved: the quote’s amounts to the unit; after they worsened: refused', async () => {
    const maker = await newUser({ USDT: '100000', NEU: '100000' });
    await ladder('NEU-USDT', maker.id, 20_000, '500');
    const u = await newUser({ USDT: '1000' });
    const q = await api(srv, '/api/neu/exchangeList', { from: 'USDT', amount: '100' }, u);
    const quote = present(q.body.data.quote, 'quote');
    await ladder('NEU-USDT', maker.id, 19_990, '500');
    const ex = await call(srv, '/api/neu/getNeuExchangeOrder', { quote_id: quote.quote_id }, u);
    expect(ex.body.error ?? null).toBeNull();
    expectExact(await exchangeLines(u.token), quote);

    const v = await newUser({ USDT: '1000' });
    const q2 = present(
      (await api(srv, '/api/neu/exchangeList', { from: 'USDT', amount: '100' }, v)).body.data.quote,
    );
    await ladder('NEU-USDT', maker.id, 20_005, '500');
    const refused = await call(srv, '/api/neu/getNeuExchangeOrder', { quote_id: q2.quote_id }, v);
    expect(refused.body.error).toBe('PriceMoved');
    expect(await spot(v.id, 'USDT')).toEqual({ available: minor('USDT', '1000'), frozen: 0n });
    expect(await exchangeLines(v.token)).toEqual({});
  });
});
