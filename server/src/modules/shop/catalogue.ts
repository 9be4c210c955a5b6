/** The shop's terms and its catalogue: categories, carriers, goods on sale and one of them. */
import type { Lang } from '@nexa/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { ShopCtx } from './context';
import { shopCategories, shopMerchants, shopProducts } from './tables';
import { merchantView, productView, views } from './views';

export async function terms(ctx: ShopCtx) {
  const { settings } = ctx;
  return {
    merchant_fee: await settings.get('shop.merchant_fee'),
    vip_fee: await settings.get('shop.vip_fee'),
    vip_days: await settings.get('shop.vip_days'),
    platform_fee_rate: (await settings.get('shop.platform_fee_rate')).text,
    dividend_share: (await settings.get('shop.dividend_share')).text,
    auto_confirm_days: await settings.get('shop.auto_confirm_days'),
    withdraw_fee_rate: (await settings.get('shop.withdraw_fee_rate')).text,
    withdraw_hold_s: await settings.get('shop.withdraw_hold_s'),
    flash_fee_rate: (await settings.get('shop.flash_fee_rate')).text,
    min_move: await settings.get('shop.min_move'),
    confirm_from: await settings.get('shop.confirm_purchase_from'),
  };
}

export async function categories(ctx: ShopCtx, lang: Lang) {
  const { store } = ctx;
  const rows = await store.db
    .select()
    .from(shopCategories)
    .orderBy(asc(shopCategories.sort), asc(shopCategories.id));
  return {
    list: rows.map((c) => {
      const names = JSON.parse(c.names) as Partial<Record<Lang, string>>;
      return { id: c.id, name: names[lang] ?? names.en ?? '', icon: c.icon };
    }),
  };
}

export async function companies(ctx: ShopCtx) {
  const { settings } = ctx;
  return { list: await settings.get('shop.companies') };
}

export async function productList(
  ctx: ShopCtx,
  q: {
    category_id?: number | undefined;
    merchant_id?: number | undefined;
    keyword?: string | undefined;
    sort: 'newest' | 'price_asc' | 'price_desc' | 'sales';
    page: number;
    size: number;
  },
  lang: Lang = 'en',
) {
  const { store } = ctx;
  const where = and(
    eq(shopProducts.status, 'on_sale'),
    q.category_id ? eq(shopProducts.categoryId, q.category_id) : undefined,
    q.merchant_id ? eq(shopProducts.merchantId, q.merchant_id) : undefined,
    q.keyword ? keywordMatch(q.keyword, lang) : undefined,
    inArray(
      shopProducts.merchantId,
      store.db.select({ id: shopMerchants.id }).from(shopMerchants).where(eq(shopMerchants.status, 'active')),
    ),
  );
  const order = {
    newest: [desc(shopProducts.id)],
    price_asc: [asc(shopProducts.price), desc(shopProducts.id)],
    price_desc: [desc(shopProducts.price), desc(shopProducts.id)],
    sales: [desc(shopProducts.sold), desc(shopProducts.id)],
  }[q.sort];
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(shopProducts)
        .where(where)
        .orderBy(...order),
      q,
    ),
    store.db.select({ n: count() }).from(shopProducts).where(where),
  ]);
  return pageAnswer(await views(rows, (p) => productView(ctx, p, undefined, lang)), total);
}

/** A keyword finds goods by the title the reader sees (their language's) or the merchant's own. */
function keywordMatch(keyword: string, lang: Lang) {
  const pattern = `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(shopProducts.title, pattern),
    sql`${shopProducts.texts} -> ${lang} ->> 'title' ilike ${pattern}`,
  );
}

export async function productDetail(ctx: ShopCtx, id: number, lang: Lang = 'en') {
  const { store } = ctx;
  const [p] = await store.db.select().from(shopProducts).where(eq(shopProducts.id, id));
  if (p?.status !== 'on_sale') throw new DomainError('ProductNotFound');
  const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.id, p.merchantId));
  if (m?.status !== 'active') throw new DomainError('ProductNotFound');
  return { ...(await productView(ctx, p, m.name, lang)), merchant: await merchantView(ctx, m) };
}
