/** What the shop's calls answer: merchants, goods, orders, wallet moves and addresses as the client reads them. */
import { type Lang, RATE_ONE } from '@nexa/contract';
import { and, count, eq } from 'drizzle-orm';
import {
  fmt,
  type MerchantRow,
  type MoveRow,
  type OrderRow,
  type OrderView,
  type ProductRow,
  type ShopCtx,
} from './context';
import { isDemoMerchant } from './demo-users';
import { type shopAddresses, shopMerchants, shopProducts } from './tables';

/** A goods image: an upload, or one of the project's own pictures under /static/ (the demo's goods). */
async function imageLink(ctx: ShopCtx, id: string): Promise<{ upload_id: string; url: string } | null> {
  if (id.startsWith('/static/')) return { upload_id: id, url: id };
  return ctx.deps.uploads.publicLink(id);
}

export async function merchantView(ctx: ShopCtx, m: MerchantRow) {
  const { store } = ctx;
  const [n] = await store.db
    .select({ n: count() })
    .from(shopProducts)
    .where(and(eq(shopProducts.merchantId, m.id), eq(shopProducts.status, 'on_sale')));
  return {
    id: m.id,
    name: m.name,
    intro: m.intro,
    demo: await isDemoMerchant(ctx, m.userId),
    status: m.status,
    reason: m.reason,
    products: n?.n ?? 0,
    sales: m.sales,
    turnover: fmt(m.turnover),
    created_at: m.createdAt.toISOString(),
  };
}

/**
 * A good's title and description as a reader of `lang` sees them: the good's own text in that language when
 * it has one, otherwise the merchant's words. Without a language (the merchant's own views), the merchant's.
 */
export function goodsText(p: Pick<ProductRow, 'title' | 'description' | 'texts'>, lang?: Lang) {
  const t = lang && lang !== 'en' ? p.texts[lang] : undefined;
  return { title: t?.title ?? p.title, description: t?.description ?? p.description };
}

export async function productView(ctx: ShopCtx, p: ProductRow, merchantName?: string, lang?: Lang) {
  const { store } = ctx;
  const ids = JSON.parse(p.images) as string[];
  const images = [];
  for (const id of ids) {
    const l = await imageLink(ctx, id);
    if (l) images.push({ upload_id: l.upload_id, url: l.url });
  }
  let name = merchantName;
  if (name === undefined) {
    const [m] = await store.db
      .select({ name: shopMerchants.name })
      .from(shopMerchants)
      .where(eq(shopMerchants.id, p.merchantId));
    name = m?.name ?? '';
  }
  return {
    id: p.id,
    merchant_id: p.merchantId,
    merchant_name: name,
    category_id: p.categoryId,
    ...goodsText(p, lang),
    price: fmt(p.price),
    stock: p.stock,
    sold: p.sold,
    images,
    status: p.status,
    created_at: p.createdAt.toISOString(),
  };
}

export async function orderView(ctx: ShopCtx, o: OrderRow): Promise<OrderView> {
  const { store, settings } = ctx;
  const [m] = await store.db
    .select({ name: shopMerchants.name })
    .from(shopMerchants)
    .where(eq(shopMerchants.id, o.merchantId));
  const image = o.image ? await imageLink(ctx, o.image) : null;
  const rate = (await settings.get('shop.platform_fee_rate')).units;
  const fee = o.status === 'completed' ? o.fee : (o.amount * rate) / RATE_ONE;
  return {
    id: o.id,
    product_id: o.productId,
    merchant_id: o.merchantId,
    merchant_name: m?.name ?? '',
    title: o.title,
    image: image?.url ?? null,
    quantity: o.quantity,
    unit_price: fmt(o.unitPrice),
    amount: fmt(o.amount),
    fee: fmt(o.status === 'canceled' ? 0n : fee),
    net: fmt(o.status === 'canceled' ? 0n : o.amount - fee),
    status: o.status,
    address: JSON.parse(o.address) as OrderView['address'],
    company: o.company,
    tracking: o.tracking,
    created_at: o.createdAt.toISOString(),
    shipped_at: o.shippedAt?.toISOString() ?? null,
    auto_confirm_at: o.autoConfirmAt?.toISOString() ?? null,
    completed_at: o.completedAt?.toISOString() ?? null,
    canceled_at: o.canceledAt?.toISOString() ?? null,
  };
}

export const moveView = (m: MoveRow) => ({
  id: m.id,
  kind: m.kind,
  amount: fmt(m.amount),
  fee: fmt(m.fee),
  received: fmt(m.amount - m.fee),
  status: m.status,
  created_at: m.createdAt.toISOString(),
  done_at: m.doneAt?.toISOString() ?? null,
});

export const addressView = (a: typeof shopAddresses.$inferSelect) => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  region: a.region,
  detail: a.detail,
  is_default: a.isDefault,
});

export async function views<T, V>(rows: readonly T[], f: (r: T) => Promise<V>): Promise<V[]> {
  const out: V[] = [];
  for (const r of rows) out.push(await f(r));
  return out;
}
