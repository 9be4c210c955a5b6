import { parseAmount } from '@nexa/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { demoMerchantAddress } from '../src/modules/shop/demo';
import { shopMerchants, shopMoves, shopOrders, shopProducts } from '../src/modules/shop/tables';
import { DEMO_MERCHANTS } from '../src/seed/shop-demo';
import { schema } from '../src/store';
import { api, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
const U = (text: string) => parseAmount(text, 6) ?? 0n;

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced && !l.short)).toBe(true);
});
afterAll(() => srv.close());

const shop = () => srv.app.modules.shop;
const db = () => srv.app.deps.store.db;

/** A signed-in user with `usdt` on the spot account (the shop wallet left empty). */
async function spotUser(usdt: string) {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  await db().transaction((tx) =>
    srv.app.ledger.credit(tx, {
      account: { userId: me.id, asset: 'USDT', kind: 'spot' },
      system: SYSTEM.deposits,
      amount: U(usdt),
      cause: 'deposit',
    }),
  );
  const a = await api(
    srv,
    '/api/shop/editAddress',
    { name: 'Mai', phone: '+84 90 123 4567', region: 'Hanoi', detail: '1 Trang Tien', is_default: true },
    { token: u.token },
  );
  return { token: u.token, id: me.id, address: a.body.data.id as number };
}

async function balance(userId: number, kind: 'shop' | 'spot') {
  const b = (await srv.app.ledger.balances(userId)).find((x) => x.asset === 'USDT' && x.kind === kind);
  return b?.available ?? 0n;
}

async function demoCounts() {
  const users = await db()
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      inArray(
        schema.users.address,
        DEMO_MERCHANTS.map((m) => demoMerchantAddress(m.n)),
      ),
    );
  const ms = await db()
    .select({ id: shopMerchants.id })
    .from(shopMerchants)
    .where(
      inArray(
        shopMerchants.userId,
        users.map((u) => u.id),
      ),
    );
  const [goods] = await db()
    .select({ n: count() })
    .from(shopProducts)
    .where(
      inArray(
        shopProducts.merchantId,
        ms.map((m) => m.id),
      ),
    );
  return { users: users.length, merchants: ms.length, goods: goods?.n ?? 0 };
}

describe('demo shop', () => {
  it('seeds demo merchants with goods in every category, once, whatever the restarts', async () => {
    const goods = DEMO_MERCHANTS.reduce((n, m) => n + m.goods.length, 0);
    expect(await demoCounts()).toEqual({
      users: DEMO_MERCHANTS.length,
      merchants: DEMO_MERCHANTS.length,
      goods,
    });
    await shop().start();
    await shop().start();
    expect(await demoCounts()).toEqual({
      users: DEMO_MERCHANTS.length,
      merchants: DEMO_MERCHANTS.length,
      goods,
    });
    // Every category has demo goods on sale, each with the project's own picture, their merchant labelled demo.
    const cats = (await api(srv, '/api/shop/categoryList', {})).body.data.list;
    expect(cats.length).toBeGreaterThan(0);
    for (const c of cats) {
      const list = await api(srv, '/api/shop/productList', { category_id: c.id, sort: 'newest' });
      expect(list.body.data.total, c.name).toBeGreaterThan(0);
      const first = list.body.data.list[0];
      expect(first?.images[0]?.url).toMatch(/^\/static\/shop\/[a-z-]+\.svg$/);
      const res = await fetch(`${srv.url}${first?.images[0]?.url}`);
      expect(res.status).toBe(200);
      const detail = await api(srv, '/api/shop/productDetail', { id: first?.id ?? 0 });
      expect(detail.body.data.merchant.demo).toBe(true);
    }
  });

  it('pays from spot in one step; the demo merchant ships by itself; proceeds go to its wallet; no money made', async () => {
    const buyer = await spotUser('100');
    const list = await api(srv, '/api/shop/productList', { keyword: 'Ceramic mug', sort: 'newest' });
    const p = list.body.data.list[0];
    if (!p) throw new Error('no demo mug');
    const order = await api(
      srv,
      '/api/shop/purchase',
      { product_id: p.id, quantity: 2, address_id: buyer.address, price: p.price, pay_from: 'spot' },
      { token: buyer.token },
    );
    expect(order.body.code, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data).toMatchObject({ status: 'paid', amount: '13' });
    expect(await balance(buyer.id, 'spot')).toBe(U('87'));
    expect(await balance(buyer.id, 'shop')).toBe(0n);
    const moves = await db().select().from(shopMoves).where(eq(shopMoves.userId, buyer.id));
    expect(moves).toMatchObject([{ kind: 'recharge', amount: U('13'), status: 'done' }]);

    // Short on spot: refused, nothing written.
    const short = await api(
      srv,
      '/api/shop/purchase',
      { product_id: p.id, quantity: 20, address_id: buyer.address, price: p.price, pay_from: 'spot' },
      { token: buyer.token },
    );
    expect(short.body.error).toBe('InsufficientBalance');
    expect(await balance(buyer.id, 'spot')).toBe(U('87'));
    expect(await db().select().from(shopMoves).where(eq(shopMoves.userId, buyer.id))).toHaveLength(1);
    expect(await db().select().from(shopOrders).where(eq(shopOrders.buyerId, buyer.id))).toHaveLength(1);

    // The demo merchant ships once the order is old enough.
    await srv.app.settings.set('demo.shop_ship_after_s', 30);
    await shop().sweep();
    expect(
      (await api(srv, '/v1/shop/orderDetail', { order_id: order.body.data.id }, { token: buyer.token })).body
        .data.status,
    ).toBe('paid');
    srv.clock.advance(31_000);
    await shop().sweep();
    const shipped = await api(
      srv,
      '/v1/shop/orderDetail',
      { order_id: order.body.data.id },
      { token: buyer.token },
    );
    expect(shipped.body.data).toMatchObject({ status: 'shipped', company: 'SF' });

    // The buyer signs for it: the demo merchant's shop wallet gets the amount less the platform fee.
    const [o] = await db().select().from(shopOrders).where(eq(shopOrders.id, order.body.data.id));
    if (!o) throw new Error('no order');
    const merchantBefore = await balance(o.merchantUserId, 'shop');
    const signed = await api(srv, '/api/shop/signFor', { order_id: o.id }, { token: buyer.token });
    expect(signed.body.data).toMatchObject({ status: 'completed', fee: '0.65', net: '12.35' });
    expect((await balance(o.merchantUserId, 'shop')) - merchantBefore).toBe(U('12.35'));
    expect(await balance(buyer.id, 'spot')).toBe(U('87'));
    expect(await balance(buyer.id, 'shop')).toBe(0n);
  });
});
