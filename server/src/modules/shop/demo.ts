/**
 * The demo shop (only with the demo seed): merchants run by the demo's own accounts with goods in every
 * category, titled and described in every language of the app, so a new user finds something to buy.
 * Idempotent: a restart adds what is missing and tops stock up, never a second merchant or good. A demo
 * merchant ships a paid order by itself a short while after it is paid; escrow, signing and settlement are
 * those of any order (the proceeds go to the demo merchant's wallet).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { DEMO_MERCHANTS, DEMO_STOCK } from '../../seed/shop-demo';
import { DEMO_GOODS_TEXTS } from '../../seed/shop-demo-texts';
import { schema } from '../../store';
import { money, type ShopCtx } from './context';
import { demoMerchantAddress } from './demo-users';
import { ship } from './orders';
import { shopCategories, shopMerchants, shopOrders, shopProducts } from './tables';

export { demoMerchantAddress };

/** The demo merchants' accounts (found or made), their user ids noted in `ctx.demoUsers`. */
async function demoUser(ctx: ShopCtx, n: number): Promise<number | null> {
  const { store, clock } = ctx;
  const address = demoMerchantAddress(n);
  const find = async () =>
    (
      await store.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.address, address))
    )[0]?.id;
  const found = await find();
  if (found !== undefined) return found;
  await store.db
    .insert(schema.users)
    .values({
      uid: `1000040${String(n).padStart(2, '0')}`,
      address,
      inviteCode: `NEXASHOP${n}`,
      createdAt: clock.now(),
    })
    .onConflictDoNothing();
  return (await find()) ?? null;
}

export async function seedDemoShop(ctx: ShopCtx): Promise<void> {
  const { store, clock, demoUsers } = ctx;
  const cats = await store.db.select().from(shopCategories);
  const byIcon = new Map(cats.map((c) => [c.icon, c.id]));
  for (const dm of DEMO_MERCHANTS) {
    const userId = await demoUser(ctx, dm.n);
    if (userId === null) continue;
    demoUsers.add(userId);
    const now = clock.now();
    await store.db
      .insert(shopMerchants)
      .values({
        userId,
        name: dm.name,
        intro: dm.intro,
        status: 'active',
        fee: 0n,
        createdAt: now,
        reviewedAt: now,
      })
      .onConflictDoNothing();
    const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.userId, userId));
    if (!m) continue;
    const have = await store.db
      .select({ title: shopProducts.title })
      .from(shopProducts)
      .where(eq(shopProducts.merchantId, m.id));
    const titles = new Set(have.map((p) => p.title));
    const missing = dm.goods.filter((g) => !titles.has(g.title) && byIcon.has(g.category));
    if (missing.length > 0)
      await store.db.insert(shopProducts).values(
        missing.map((g) => ({
          merchantId: m.id,
          categoryId: byIcon.get(g.category) ?? 0,
          title: g.title,
          description: g.description,
          texts: DEMO_GOODS_TEXTS[g.title] ?? {},
          price: money(g.price, 'price'),
          stock: DEMO_STOCK,
          images: JSON.stringify([g.image]),
          status: 'on_sale' as const,
          createdAt: now,
          updatedAt: now,
        })),
      );
    // Goods seeded before they had their other languages get them (and any text the demo corrected since).
    for (const g of dm.goods)
      if (titles.has(g.title))
        await store.db
          .update(shopProducts)
          .set({ texts: DEMO_GOODS_TEXTS[g.title] ?? {} })
          .where(and(eq(shopProducts.merchantId, m.id), eq(shopProducts.title, g.title)));
    // Stock sold since the last start comes back.
    await store.db
      .update(shopProducts)
      .set({ stock: DEMO_STOCK })
      .where(and(eq(shopProducts.merchantId, m.id), sql`${shopProducts.stock} < ${DEMO_STOCK}`));
  }
}

/** Demo merchants ship their paid orders by themselves once they are `demo.shop_ship_after_s` old. */
export async function shipDemoOrders(ctx: ShopCtx): Promise<number> {
  const { store, clock, settings, demoUsers } = ctx;
  if (demoUsers.size === 0) return 0;
  const before = new Date(clock.now().getTime() - (await settings.get('demo.shop_ship_after_s')) * 1000);
  const due = await store.db
    .select({ id: shopOrders.id, merchantUserId: shopOrders.merchantUserId })
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.status, 'paid'),
        inArray(shopOrders.merchantUserId, [...demoUsers]),
        lte(shopOrders.createdAt, before),
      ),
    );
  const company = (await settings.get('shop.companies'))[0]?.code ?? 'SF';
  let n = 0;
  for (const o of due) {
    const shipped = await ship(ctx, o.merchantUserId, {
      order_id: o.id,
      company,
      tracking: `DEMO${String(o.id).padStart(8, '0')}`,
    }).catch(() => null);
    if (shipped) n++;
  }
  return n;
}
