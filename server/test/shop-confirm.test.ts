// The largest purchases are confirmed like a withdrawal: from the shop's threshold on, a fresh signature of the
// account's wallet naming the total and the product. Without it, or signed for something else, or replayed, the
// purchase is refused with its own answer in the caller's language, and nothing is bought, held or moved.
import { parseAmount } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopOrders, shopProducts } from '../src/modules/shop/tables';
import {
  api,
  type CallOptions,
  call,
  confirmation,
  shopBuyer,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
const U = (text: string) => parseAmount(text, 6) ?? 0n;
const raw: CallOptions = { confirm: false };

beforeAll(async () => {
  srv = await startServer();
  await srv.app.settings.set('shop.confirm_purchase_from', '10');
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
});
afterAll(() => srv.close());

const db = () => srv.app.deps.store.db;

/** A buyer with 100 USDT on spot and a delivery address, and the demo's mug (6.50 USDT). */
async function buyer() {
  const u = await shopBuyer(srv, '100');
  const list = await api(srv, '/api/shop/productList', { keyword: 'Ceramic mug', sort: 'newest' });
  const mug = list.body.data.list[0];
  if (!mug) throw new Error('no demo mug');
  return { ...u, mug };
}

/** A purchase of `quantity` mugs paid from spot, as the app sends it (no confirmation unless added). */
const order = (b: Awaited<ReturnType<typeof buyer>>, quantity: number) => ({
  product_id: b.mug.id,
  quantity,
  address_id: b.address,
  price: b.mug.price,
  pay_from: 'spot',
});

/** What a purchase could have changed: the buyer's spot USDT, their orders, the mug's stock. */
async function state(b: Awaited<ReturnType<typeof buyer>>) {
  const spot = (await srv.app.ledger.balances(b.id)).find((x) => x.asset === 'USDT' && x.kind === 'spot');
  const orders = await db().select().from(shopOrders).where(eq(shopOrders.buyerId, b.id));
  const [p] = await db().select().from(shopProducts).where(eq(shopProducts.id, b.mug.id));
  return { spot: spot?.available, orders: orders.length, stock: p?.stock };
}

describe('a large purchase is confirmed by a fresh signature of the account wallet', () => {
  it('names the threshold in the shop’s terms, and buys below it without one', async () => {
    expect((await api(srv, '/api/shop/config', {})).body.data.confirm_from).toBe('10');
    const b = await buyer();
    const one = await call(srv, '/api/shop/purchase', order(b, 1), { token: b.token, ...raw });
    expect(one.body.code, JSON.stringify(one.body)).toBe(200);
  });

  it('refuses each broken rule with its own answer (zh), buying and moving nothing', async () => {
    const b = await buyer();
    const body = order(b, 2);
    const before = await state(b);
    const sign = (over: Partial<{ action: 'withdraw'; amount: string; destination: string }> = {}) =>
      confirmation(srv, b.token, b.wallet, {
        action: 'purchase',
        asset: 'USDT',
        amount: '13',
        destination: String(b.mug.id),
        ...over,
      });
    const refused = async (confirm: unknown, error: string) => {
      const res = await call(
        srv,
        '/api/shop/purchase',
        { ...body, ...(confirm ? { confirm } : {}) },
        {
          token: b.token,
          lang: 'zh_CN',
          ...raw,
        },
      );
      expect(res.body.error, JSON.stringify(res.body)).toBe(error);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await state(b)).toEqual(before);
    };
    await refused(null, 'ConfirmationRequired');
    await refused(await sign({ amount: '6.5' }), 'SignedAmountMismatch');
    await refused(await sign({ destination: String(b.mug.id + 1) }), 'SignedDestinationMismatch');
    await refused(await sign({ action: 'withdraw' }), 'SignedActionMismatch');

    // Signed for this purchase: bought once; the same signature again is refused.
    const good = await sign({ amount: '13.000' });
    const ok = await call(srv, '/api/shop/purchase', { ...body, confirm: good }, { token: b.token, ...raw });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'paid', amount: '13' });
    const after = await state(b);
    expect(after).toEqual({
      spot: before.spot === undefined ? undefined : before.spot - U('13'),
      orders: 1,
      stock: (before.stock ?? 0) - 2,
    });
    await (async () => {
      const again = await call(
        srv,
        '/api/shop/purchase',
        { ...body, confirm: good },
        { token: b.token, ...raw },
      );
      expect(again.body.error).toBe('ConfirmationReplayed');
      expect(await state(b)).toEqual(after);
    })();
  });

  it('a retry of the same purchase with a fresh signature gets its first answer, bought once', async () => {
    const b = await buyer();
    const body = { ...order(b, 2), request_id: `retry-${b.id}-purchase` };
    const first = await call<{ id: number }>(srv, '/api/shop/purchase', body, { token: b.token });
    const second = await call<{ id: number }>(srv, '/api/shop/purchase', body, { token: b.token });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await state(b)).orders).toBe(1);
  });
});
