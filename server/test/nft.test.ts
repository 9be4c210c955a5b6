import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseFor, rarityOf } from '../src/modules/nft/service';
import { nfts } from '../src/modules/nft/tables';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
const DAY = 86_400_000;

async function user(usdt: string, bwc = '0') {
  const finance = await operatorToken(srv);
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, finance, usdt, 'USDT');
  if (bwc !== '0') await depositConfirmed(srv, u.token, finance, bwc, 'BWC');
  const me = present(await srv.app.modules.auth.authenticate(u.token));
  return { token: u.token, id: me.id };
}
const balance = async (token: string, asset: string) =>
  (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === asset && a.account === 'spot',
  )?.available ?? '0';
async function nextDay() {
  const today = await srv.app.modules.earn.dayOf(srv.clock.now());
  srv.clock.set((today + 1) * DAY - 8 * 3_600_000 + 60_000);
  await srv.app.modules.nft.settleDue();
}
async function collection(name: string) {
  const list = (await api(srv, '/v1/nft/collections', {})).body.data.list;
  return present(list.find((c) => c.name === name));
}

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
  await srv.app.settings.set('exchange.prices_usdt', { BWC: '0.5' });
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

describe('the numbers, by hand', () => {
  it('draws rarity by the chances in order, and matches USDT with the base token at the price', () => {
    const chances = {
      common: { chance: 70 },
      rare: { chance: 20 },
      epic: { chance: 8 },
      legendary: { chance: 2 },
    };
    expect([0, 69, 70, 89, 90, 97, 98, 99].map((d) => rarityOf(d, chances))).toEqual([
      'common',
      'common',
      'rare',
      'rare',
      'epic',
      'epic',
      'legendary',
      'legendary',
    ]);
    // 100 USDT at 0.5 USDT a BWC: 200 BWC (8 decimals).
    expect(baseFor(100_000_000n, 5n * 10n ** 17n, 8, 6)).toBe(20_000_000_000n);
  });
});

describe('casting', () => {
  it('casts within the quota for the fee, sells more quota, names nameplates, and keeps orders private', async () => {
    const u = await user('100');
    const genesis = await collection('Nexa Genesis');
    expect(genesis).toMatchObject({ kind: 'art', fee: '10', fee_asset: 'USDT', cap: 10_000 });
    expect(genesis.pools[0]).toMatchObject({ name: 'Genesis pool', asset: 'BWC', daily_budget: '2000' });
    expect((await api(srv, '/api/assets/getNum', {}, { token: u.token })).body.data).toMatchObject({
      quota: 3,
      base: 3,
      bought: 0,
      used: 0,
      price: '5',
      can_buy: 50,
    });
    const first = await api(
      srv,
      '/api/cast/cast',
      { collection_id: genesis.id, request_id: 'cast-0001' },
      { token: u.token },
    );
    const again = await api(
      srv,
      '/api/cast/cast',
      { collection_id: genesis.id, request_id: 'cast-0001' },
      { token: u.token },
    );
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(first.body.data).toMatchObject({ collection: 'Nexa Genesis', kind: 'art', fee: '10', name: null });
    expect(first.body.data.nft.name).toMatch(/^Nexa Genesis #\d+$/);
    await api(srv, '/api/cast/cast', { collection_id: genesis.id }, { token: u.token });
    await api(srv, '/api/cast/cast', { collection_id: genesis.id }, { token: u.token });
    expect(
      (await call(srv, '/api/cast/cast', { collection_id: genesis.id }, { token: u.token })).body.error,
    ).toBe('CastQuotaExhausted');
    expect(await balance(u.token, 'USDT')).toBe('70');
    expect((await call(srv, '/api/assets/addNum', { count: 51 }, { token: u.token })).body.error).toBe(
      'CastQuotaLimit',
    );
    const more = await api(srv, '/api/assets/addNum', { count: 2 }, { token: u.token });
    expect(more.body.data).toMatchObject({ quota: 2, bought: 2, used: 3, can_buy: 48 });
    expect(await balance(u.token, 'USDT')).toBe('60');

    const plate = await collection('Nexa Nameplate');
    expect(
      (await call(srv, '/api/cast/cast', { collection_id: plate.id }, { token: u.token })).body.error,
    ).toBe('ValidationFailed');
    const named = await api(
      srv,
      '/api/cast/cast',
      { collection_id: plate.id, name: 'Satoshi' },
      { token: u.token },
    );
    expect(named.body.data).toMatchObject({ kind: 'nameplate', name: 'Satoshi', fee: '20' });
    expect(named.body.data.nft.name).toBe('Satoshi');
    const detail = await api(
      srv,
      '/api/nameplate/getOrderDetail',
      { id: named.body.data.id },
      { token: u.token },
    );
    expect(detail.body.data.name).toBe('Satoshi');
    const other = await user('10');
    expect(
      (await call(srv, '/api/nameplate/getOrderDetail', { id: named.body.data.id }, { token: other.token }))
        .body.error,
    ).toBe('NftOrderNotFound');
    expect(
      (await call(srv, '/v1/nft/detail', { id: named.body.data.nft.id }, { token: other.token })).body.error,
    ).toBe('NftNotFound');
    expect((await api(srv, '/api/assets/nftRecord', {}, { token: u.token })).body.data.total).toBe(4);
    expect(
      (await api(srv, '/v1/nft/orders', { kind: 'nameplate' }, { token: u.token })).body.data.total,
    ).toBe(1);
    // Not enough for the fee: nothing changes.
    expect(
      (await call(srv, '/api/cast/cast', { collection_id: plate.id, name: 'x' }, { token: other.token })).body
        .error,
    ).toBe('InsufficientBalance');
    expect((await api(srv, '/api/assets/getNum', {}, { token: other.token })).body.data.used).toBe(0);

    // A capped collection stops at its cap.
    const admin = await operatorToken(srv, 'admin', 'nexa-admin');
    const one = await api(
      srv,
      '/admin/nft/saveCollection',
      { name: 'One', symbol: 'ONE', kind: 'art', fee: '1', cap: 1 },
      { token: admin },
    );
    await api(srv, '/api/cast/cast', { collection_id: one.body.data.id }, { token: u.token });
    expect(
      (await call(srv, '/api/cast/cast', { collection_id: one.body.data.id }, { token: u.token })).body.error,
    ).toBe('CollectionSoldOut');
  });
});

describe('pools', () => {
  it("shares a pool's daily budget by the weight staked, once a day, and stops counting when taken out", async () => {
    const genesis = await collection('Nexa Genesis');
    const pool = present(genesis.pools[0]).id;
    const plate = await collection('Nexa Nameplate');
    const a = await user('100');
    const b = await user('100');
    const castOne = async (token: string) =>
      (await api(srv, '/api/cast/cast', { collection_id: genesis.id }, { token })).body.data.nft.id;
    const na = await castOne(a.token);
    const nb = await castOne(b.token);
    const db = srv.app.deps.store.db;
    // Weights fixed for the test: 1 and 3.
    await db.update(nfts).set({ weight: 1 }).where(eq(nfts.id, na));
    await db.update(nfts).set({ weight: 3 }).where(eq(nfts.id, nb));
    expect(
      (
        await call(
          srv,
          '/v1/nft/stake',
          { nft_id: na, pool_id: present(plate.pools[0]).id },
          { token: a.token },
        )
      ).body.error,
    ).toBe('NftPoolNotFound');
    expect(
      (await call(srv, '/v1/nft/stake', { nft_id: nb, pool_id: pool }, { token: a.token })).body.error,
    ).toBe('NftNotFound');
    const sa = await api(srv, '/v1/nft/stake', { nft_id: na, pool_id: pool }, { token: a.token });
    expect(sa.body.data).toMatchObject({ weight: 1, status: 'staking', asset: 'BWC' });
    expect(
      (await call(srv, '/v1/nft/stake', { nft_id: na, pool_id: pool }, { token: a.token })).body.error,
    ).toBe('NftStaked');
    await api(srv, '/v1/nft/stake', { nft_id: nb, pool_id: pool }, { token: b.token });
    expect(
      (await api(srv, '/v1/nft/collections', {})).body.data.list.find((c) => c.id === genesis.id)?.pools[0]
        ?.staked_weight,
    ).toBeGreaterThanOrEqual(4);

    await nextDay(); // the staking day: not counted
    await nextDay(); // the first whole day: 2,000 BWC by weight 1 : 3 (others staked nothing)
    await srv.app.modules.nft.settleDue();
    expect(await balance(a.token, 'BWC')).toBe('500');
    expect(await balance(b.token, 'BWC')).toBe('1500');
    const rec = (await api(srv, '/api/assets/nftPoolRecord', {}, { token: a.token })).body.data;
    expect(rec.list[0]).toMatchObject({ earned: '500', status: 'staking' });
    expect(rec.totals).toEqual([{ asset: 'BWC', earned: '500' }]);
    expect((await api(srv, '/v1/nft/detail', { id: na }, { token: a.token })).body.data).toMatchObject({
      status: 'staked',
      earned: '500',
    });
    const income = (await api(srv, '/api/auth/income', { program: 'nft' }, { token: b.token })).body.data;
    expect(income.list[0]).toMatchObject({ program: 'nft', asset: 'BWC', amount: '1500' });

    // A takes theirs out: today no longer counts, so B takes the whole of it.
    const out = await api(srv, '/v1/nft/unstake', { nft_id: na }, { token: a.token });
    expect(out.body.data.status).toBe('ended');
    expect((await call(srv, '/v1/nft/unstake', { nft_id: na }, { token: a.token })).body.error).toBe(
      'NftNotStaked',
    );
    await nextDay();
    expect(await balance(a.token, 'BWC')).toBe('500');
    expect(await balance(b.token, 'BWC')).toBe('3500');
    const admin = await operatorToken(srv, 'admin', 'nexa-admin');
    const report = (await api(srv, '/admin/nft/pools', {}, { token: admin })).body.data;
    expect(report.list.find((p) => p.id === pool)).toMatchObject({ paid: '4000', queued: '0' });
  });
});

describe('liquidity', () => {
  it('pairs USDT with BWC at the market price, shares the daily budget by value, and returns the same amounts', async () => {
    const u = await user('1000', '1000');
    const inner = (await api(srv, '/api/lp/inner', {}, { token: u.token })).body.data;
    expect(inner).toMatchObject({
      pair: 'BWC/USDT',
      price: '0.5',
      reward_asset: 'BWC',
      daily_budget: '1000',
      min_usdt: '10',
    });
    expect((await call(srv, '/v1/lp/add', { usdt: '5' }, { token: u.token })).body.error).toBe(
      'ValidationFailed',
    );
    expect((await call(srv, '/v1/lp/add', { usdt: '600' }, { token: u.token })).body.error).toBe(
      'InsufficientBalance',
    );
    const added = await api(
      srv,
      '/v1/lp/add',
      { usdt: '100', request_id: 'lp-add-0001' },
      { token: u.token },
    );
    expect(added.body.data).toMatchObject({ usdt: '100', bwc: '200', value: '200', status: 'active' });
    await api(srv, '/v1/lp/add', { usdt: '100', request_id: 'lp-add-0001' }, { token: u.token });
    expect(await balance(u.token, 'USDT')).toBe('900');
    expect(await balance(u.token, 'BWC')).toBe('800');
    await nextDay();
    await nextDay();
    // Alone in the pool: the whole day's 1,000 BWC.
    expect(await balance(u.token, 'BWC')).toBe('1800');
    const records = (await api(srv, '/v1/lp/records', {}, { token: u.token })).body.data;
    expect(records.list[0]).toMatchObject({ value: '200', total: '200', amount: '1000', status: 'paid' });
    const removed = await api(srv, '/v1/lp/remove', { id: added.body.data.id }, { token: u.token });
    expect(removed.body.data).toMatchObject({ status: 'removed', earned: '1000' });
    expect(await balance(u.token, 'USDT')).toBe('1000');
    expect(await balance(u.token, 'BWC')).toBe('2000');
    expect(
      (await call(srv, '/v1/lp/remove', { id: added.body.data.id }, { token: u.token })).body.error,
    ).toBe('LpPositionNotFound');
    // Without a configured pair, the chain view says so.
    const chain = (await api(srv, '/api/lp/chain', {}, { token: u.token })).body.data;
    expect(chain).toMatchObject({ configured: false, pair: null, lp_balance: '0' });
  });
});
