// A market order that fills only part of its amount says so: the order record carries what was not filled
// (and came back) and why — the lot size, the price band or the book's depth — wherever it is read, and the
// wallet's records say the same of the order's journal line (what came back, and that it partly filled, why).
import { exactText } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { api, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

async function user(funds: Record<string, bigint>) {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  await srv.app.deps.store.db.transaction(async (tx) => {
    for (const [asset, amount] of Object.entries(funds))
      await srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset, kind: 'spot' },
        system: SYSTEM.deposits,
        amount,
        cause: 'deposit',
      });
  });
  return { ...u, id: me.id };
}

const market = () => srv.app.modules.spot;

/** The newest journal line of the user's spot orders in an asset, as the wallet's records screen reads it. */
async function orderRecord(u: { token: string }, symbol: string) {
  const r = await api(srv, '/api/assets/moneyRecord', { symbol }, u);
  const line = r.body.data.list.find((x) => x.type === 'spot.order');
  if (!line) throw new Error(`no order record in ${symbol}`);
  return line;
}

describe('a market order that fills partly', () => {
  it('a 500 USDT buy that fills 495 (as the issue’s 495.69 of 500): the record says 5 USDT returned, for the lot size', async () => {
    const maker = await user({ BTC: 10n ** 8n * 10n, USDT: 10n ** 6n * 1_000_000n });
    // BTC lot 0.0001 at 90,000: 9 USDT a lot. 500 USDT buys 55 lots (495 USDT); the next lot does not fit.
    await market().submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('90000'),
      sz: exactText('0.0055'),
    });
    await market().submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('90100'),
      sz: exactText('1'),
    });
    const u = await user({ USDT: 10n ** 6n * 1000n });
    const o = await market().submit(u.id, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      sz: exactText('500'),
    });
    // 0.0055 at 90,000 (495) and nothing more: 5 USDT is less than one lot at 90,100.
    expect(o.filled_quote).toBe('495');
    expect(o).toMatchObject({ unfilled: '5', unfilled_ccy: 'USDT', partial_reason: 'lot_size' });
    const listed = await api(srv, '/v1/order/meTradeList', { state: 'closed', instId: 'BTC-USDT' }, u);
    expect(listed.body.data.list[0]).toMatchObject({ unfilled: '5', partial_reason: 'lot_size' });
    // The wallet's record of the order: 495 spent and the fee, 5 of the 500 held back, partly filled for the
    // lot size (the remark stays a machine form; the app words the detail).
    const rec = await orderRecord(u, 'USDT');
    expect(rec.detail).toEqual({
      kind: 'order',
      inst: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      partial: 'lot_size',
    });
    expect(Number(rec.returned)).toBeGreaterThanOrEqual(5);
    expect(Number(rec.amount)).toBeLessThan(-495);
    await market().cancel(maker.id, { instId: 'BTC-USDT' });
  });

  it('a buy that empties the book says book_depth; a size order stopped by the band says price_band', async () => {
    const maker = await user({ BTC: 10n ** 8n * 10n, USDT: 10n ** 6n * 1_000_000n });
    await market().submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('90000'),
      sz: exactText('0.001'),
    });
    const u = await user({ USDT: 10n ** 6n * 1000n, BTC: 10n ** 8n });
    const o = await market().submit(u.id, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      sz: exactText('500'),
    });
    expect(o.filled_quote).toBe('90');
    expect(o).toMatchObject({ unfilled: '410', unfilled_ccy: 'USDT', partial_reason: 'book_depth' });
    const buyRec = await orderRecord(u, 'USDT');
    expect(buyRec.detail).toMatchObject({ kind: 'order', partial: 'book_depth' });
    expect(Number(buyRec.returned)).toBeGreaterThanOrEqual(410);

    // Bids at 90,000 and far below the band: a market sell of 0.002 fills 0.001 and stops at the band.
    await market().submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText('90000'),
      sz: exactText('0.001'),
    });
    await market().submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText('50000'),
      sz: exactText('1'),
    });
    const s = await market().submit(u.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'market',
      sz: exactText('0.002'),
    });
    expect(s.filled_sz).toBe('0.001');
    expect(s).toMatchObject({ unfilled: '0.001', unfilled_ccy: 'BTC', partial_reason: 'price_band' });
    // The sell's line is in BTC: 0.001 went out, 0.001 of the 0.002 held came back, stopped by the band.
    const sellRec = await orderRecord(u, 'BTC');
    expect(sellRec).toMatchObject({ amount: '-0.001', returned: '0.001' });
    expect(sellRec.detail).toMatchObject({ kind: 'order', side: 'sell', partial: 'price_band' });
    // A full fill says nothing of the kind.
    await market().submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('90000'),
      sz: exactText('0.01'),
    });
    const full = await market().submit(u.id, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      sz: exactText('90'),
    });
    expect(full).toMatchObject({ status: 'filled', unfilled: '0', partial_reason: null });
    expect((await orderRecord(u, 'USDT')).detail).toMatchObject({ kind: 'order', partial: null });
    await market().cancel(maker.id, { instId: 'BTC-USDT' });
  });
});
