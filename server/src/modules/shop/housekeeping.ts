/** The shop's start, its minute sweep and the operators' review queues. */
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { SHOP_SYSTEM, type ShopCtx, USDT } from './context';
import { seedDemoShop, shipDemoOrders } from './demo';
import { settleDividends } from './dividends';
import { reviewProduct } from './goods';
import { reviewMerchant } from './merchants';
import { autoConfirm } from './orders';
import { CATEGORIES } from './seed';
import { SHOP_SETTINGS } from './settings';
import { shopCategories, shopMerchants, shopProducts } from './tables';
import { payDueWithdrawals } from './wallet';

/** Each minute: orders past their auto-confirm time, withdrawals past their hold, each ended day's dividend. */
export async function sweep(ctx: ShopCtx): Promise<void> {
  const { store, clock, config, settings } = ctx;
  await autoConfirm(ctx);
  await payDueWithdrawals(ctx);
  await settleDividends(ctx);
  if (!config.seedDemo) return;
  await shipDemoOrders(ctx);
  // The demo approves merchants and goods after a while, so a stranger can sell alone.
  const before = new Date(clock.now().getTime() - (await settings.get('demo.shop_approve_after_s')) * 1000);
  const merchants = await store.db
    .select({ id: shopMerchants.id })
    .from(shopMerchants)
    .where(and(eq(shopMerchants.status, 'pending'), lte(shopMerchants.createdAt, before)));
  for (const m of merchants)
    await reviewMerchant(ctx, null, { id: m.id, decision: 'approve' }).catch(() => undefined);
  const goods = await store.db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .where(and(eq(shopProducts.status, 'pending'), lte(shopProducts.updatedAt, before)));
  for (const p of goods)
    await reviewProduct(ctx, null, { id: p.id, decision: 'approve' }).catch(() => undefined);
}

export async function start(ctx: ShopCtx): Promise<void> {
  const { store, ledger, settings, days } = ctx;
  for (const key of Object.keys(SHOP_SETTINGS) as (keyof typeof SHOP_SETTINGS)[]) await settings.get(key);
  await days.offsetMs();
  // The shop's own accounts exist from the start, so reading them (reports) never writes.
  await store.db.transaction(async (tx) => {
    for (const name of [SHOP_SYSTEM.escrow, SHOP_SYSTEM.revenue, SHOP_SYSTEM.dividend])
      await ledger.systemAccount(tx, name, USDT);
  });
  const [any] = await store.db.select({ id: shopCategories.id }).from(shopCategories).limit(1);
  if (!any)
    await store.db
      .insert(shopCategories)
      .values(CATEGORIES.map((c, i) => ({ names: JSON.stringify(c.names), icon: c.icon, sort: i })));
  if (ctx.config.seedDemo) await seedDemoShop(ctx);
}

/** Merchants and goods waiting for review, with the oldest's time (the operators' dashboard). */
export async function pendingReviews(ctx: ShopCtx) {
  const { store } = ctx;
  const oldestOf = (v: string | Date | null | undefined) =>
    v === null || v === undefined ? null : new Date(v);
  const [[m], [p]] = await Promise.all([
    store.db
      .select({ n: count(), oldest: sql<string | Date | null>`min(${shopMerchants.createdAt})` })
      .from(shopMerchants)
      .where(eq(shopMerchants.status, 'pending')),
    store.db
      .select({ n: count(), oldest: sql<string | Date | null>`min(${shopProducts.updatedAt})` })
      .from(shopProducts)
      .where(eq(shopProducts.status, 'pending')),
  ]);
  return {
    merchants: { count: m?.n ?? 0, oldest: oldestOf(m?.oldest) },
    products: { count: p?.n ?? 0, oldest: oldestOf(p?.oldest) },
  };
}
