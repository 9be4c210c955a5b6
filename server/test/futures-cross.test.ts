/**
 * Cross margin beside isolated: chosen per contract with the leverage, carried by the position, checked against
 * an order's tdMode; a cross position is backed by the futures account's available balance (moved in, with its
 * own ledger record, instead of a liquidation) and liquidated only once that is spent; its liquidation price
 * and margin ratio count the balance. The ledger audit, solvency and the margin pool's zero sum after each.
 */
import type { ResponseData } from '@nexa/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectSwapsBalanced, swapDesk, swapTraders, type SwapUser as User } from './futures-fixture';
import { api, call, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let finance: string;
const INST = 'BTC-USDT-SWAP';
const { markAt, submit, placed, account, positions } = swapDesk(() => srv, INST);

// Everyone a test made: what they left open is cleared after it, so the next test starts from an empty book.
const { made, trader } = swapTraders(
  () => srv,
  () => finance,
);
const setMode = (u: User, mgnMode: 'isolated' | 'cross', lever = 10) =>
  call<ResponseData<'/v1/futures/setLeverage'>>(
    srv,
    '/v1/futures/setLeverage',
    { instId: INST, lever, mgnMode },
    { token: u.token },
  );
async function records(u: User, type: string) {
  const res = await api(srv, '/api/assets/moneyRecord', { symbol: 'USDT', type }, { token: u.token });
  return res.body.data.list;
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterEach(async () => {
  for (const u of made.splice(0)) {
    await call(srv, '/v1/order/batchCancelOrder', { instId: INST }, { token: u.token });
    await api(srv, '/v1/futures/closeAll', {}, { token: u.token });
  }
  await expectSwapsBalanced(srv);
});
afterAll(() => srv.close());

describe('choosing the margin mode', () => {
  it('is set with the leverage, shown on the account, carried by the position and locked while it is open', async () => {
    await markAt('60000');
    const a = await trader('1000');
    const maker = await trader('5000');
    expect((await account(a)).levers.find((l) => l.instId === INST)?.mgnMode).toBe('isolated');
    const set = await setMode(a, 'cross');
    expect(set.body).toMatchObject({ code: 200, data: { instId: INST, lever: 10, mgnMode: 'cross' } });
    expect((await account(a)).levers.find((l) => l.instId === INST)).toMatchObject({
      lever: 10,
      mgnMode: 'cross',
    });
    // The leverage alone keeps the mode.
    expect(
      (await call(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: a.token })).body,
    ).toMatchObject({ data: { mgnMode: 'cross' } });

    // An order naming the other mode is refused, localized, and changes nothing.
    await placed(maker, { side: 'sell', type: 'limit', px: '60000', sz: '4' });
    const wrong = await submit(a, { side: 'buy', type: 'market', sz: '1', tdMode: 'isolated' }, 'german');
    expect(wrong.body).toMatchObject({ error: 'MarginModeMismatch' });
    expect(wrong.body.msg).toMatch(/Margin-Modus/);
    expect(await positions(a)).toEqual([]);
    expect(
      (
        await call(
          srv,
          '/v1/order/submitTrade',
          { instId: 'BTC-USDT', side: 'buy', type: 'market', sz: '10', tdMode: 'cross' },
          { token: a.token },
        )
      ).body,
    ).toMatchObject({ error: 'ValidationFailed' });

    await placed(a, { side: 'buy', type: 'market', sz: '2', tdMode: 'cross' });
    const [pos] = await positions(a);
    expect(pos).toMatchObject({ pos: '2', mgn_mode: 'cross', lever: 10 });
    expect((await setMode(a, 'isolated')).body).toMatchObject({ error: 'LeverageLocked' });
  });
});

describe('a cross position', () => {
  it('takes the available balance instead of a liquidation, and is liquidated only once it is spent', async () => {
    await markAt('60000');
    const cross = await trader('1000');
    const iso = await trader('1000');
    const maker = await trader('20000');
    expect((await setMode(cross, 'cross')).body.code).toBe(200);
    expect((await setMode(iso, 'isolated')).body.code).toBe(200);
    await placed(maker, { side: 'sell', type: 'limit', px: '60000', sz: '8' });
    await placed(cross, { side: 'buy', type: 'market', sz: '4' });
    await placed(iso, { side: 'buy', type: 'market', sz: '4' });
    const [c0] = await positions(cross);
    const [i0] = await positions(iso);
    // The same position: the cross one's liquidation price counts the ~758 USDT left available.
    expect(c0).toMatchObject({ mgn_mode: 'cross', margin: i0?.margin });
    const avail0 = Number((await account(cross)).available);
    expect(avail0).toBeGreaterThan(700);
    expect(Number(c0?.liq_px)).toBeLessThan(Number(i0?.liq_px) - 15_000);
    expect(Number(c0?.margin_ratio)).toBeLessThan(Number(i0?.margin_ratio));

    // 54,000: the isolated position's equity is gone and it is liquidated; the cross one is topped up to its
    // initial margin at the mark (216 USDT) from the available balance and stays open.
    await placed(maker, { side: 'buy', type: 'limit', px: '53000', sz: '2' });
    await markAt('54000');
    await expect.poll(async () => (await positions(iso)).length).toBe(0);
    const [c1] = await positions(cross);
    expect(c1).toMatchObject({ pos: '4', mgn_mode: 'cross' });
    const moved = Number(c1?.margin) - Number(c0?.margin);
    expect(moved).toBeGreaterThan(0);
    expect(Number((await account(cross)).available)).toBeCloseTo(avail0 - moved, 6);
    // Equity at the mark is back at the initial margin: value 2,160 ÷ 10.
    expect(Number(c1?.margin) + Number(c1?.upl)).toBeCloseTo(216, 2);
    const topUps = await records(cross, 'futures.cross_margin');
    expect(topUps.length).toBe(1);
    expect(Number(topUps[0]?.amount)).toBeCloseTo(-moved, 6);

    // Far enough that the whole balance cannot lift it: all of it moves in, then the position is liquidated.
    await placed(maker, { side: 'buy', type: 'limit', px: '34000', sz: '4' });
    await markAt('34000');
    await expect.poll(async () => (await positions(cross)).length).toBe(0);
    expect(Number((await account(cross)).available)).toBe(0);
    const hist = await api(srv, '/v1/futures/positionHistory', {}, { token: cross.token });
    expect(hist.body.data.list[0]).toMatchObject({ close_type: 'liquidation' });
    await markAt('60000');
  });

  it('closes with its margin, top-ups included, back in the available balance', async () => {
    await markAt('60000');
    const cross = await trader('1000');
    const maker = await trader('20000');
    await setMode(cross, 'cross');
    await placed(maker, { side: 'sell', type: 'limit', px: '60000', sz: '4' });
    await placed(cross, { side: 'buy', type: 'market', sz: '4' });
    await markAt('54000');
    const [p] = await positions(cross);
    expect(Number(p?.margin)).toBeGreaterThan(400);
    // Price comes back; the close returns margin plus PnL.
    await markAt('60000');
    await placed(maker, { side: 'buy', type: 'limit', px: '60000', sz: '4' });
    const closed = await api(srv, '/v1/futures/closePosition', { instId: INST }, { token: cross.token });
    expect(closed.body.code).toBe(200);
    expect(await positions(cross)).toEqual([]);
    // 1,000 less two taker fees of 1.2 (0.05 % of 2,400); nothing of the top-up is lost.
    expect(Number((await account(cross)).available)).toBeCloseTo(1000 - 2.4, 6);
  });

  it('keeps in the futures account what it needs to stay at its initial margin: a transfer out takes the rest', async () => {
    await markAt('60000');
    const cross = await trader('1000');
    const iso = await trader('1000');
    const maker = await trader('20000');
    await setMode(cross, 'cross');
    await placed(maker, { side: 'sell', type: 'limit', px: '60000', sz: '8' });
    await placed(cross, { side: 'buy', type: 'market', sz: '4' });
    await placed(iso, { side: 'buy', type: 'market', sz: '4' });
    const out = (u: User, amount: string, lang?: string) =>
      api(
        srv,
        '/api/transferBalance/index',
        { asset: 'USDT', from: 'futures', to: 'spot', amount },
        { token: u.token, ...(lang ? { lang } : {}) },
      );
    // At the entry price the position holds its initial margin: all of the available balance may leave.
    const a0 = await account(cross);
    expect(a0.max_transfer).toBe(a0.available);

    // At 57,000 its equity (240 − 120) is under its initial margin there (228): 108 USDT stays.
    await markAt('57000');
    const a1 = await account(cross);
    const kept = Number(a1.available) - Number(a1.max_transfer);
    expect(kept).toBeCloseTo(108, 2);
    const refused = await out(cross, a1.available, 'german');
    expect(refused.body).toMatchObject({ error: 'CrossMarginKept' });
    expect(refused.body.msg).toContain(`${a1.max_transfer} USDT`);
    expect(refused.body.msg).toMatch(/Cross-Positionen/);
    expect((await account(cross)).available).toBe(a1.available);
    // More than the balance is the usual answer; the most that may leave goes.
    expect((await out(cross, String(Number(a1.available) + 1))).body).toMatchObject({
      error: 'InsufficientBalance',
    });
    expect((await out(cross, a1.max_transfer)).body.code).toBe(200);
    const a2 = await account(cross);
    expect(a2.max_transfer).toBe('0');
    expect(Number(a2.available)).toBeCloseTo(kept, 6);
    // An isolated position keeps nothing back: its margin is its own.
    const i1 = await account(iso);
    expect(i1.max_transfer).toBe(i1.available);
    expect((await out(iso, i1.available)).body.code).toBe(200);
    await markAt('60000');
  });
});
